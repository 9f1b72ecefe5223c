// The task's checklist in its dialog (SPEC §11.3): each step a checkbox named by its title and a
// text box to rename it in place (saved on Enter or when it loses focus), a button "Delete step";
// reorder by dragging a step's handle or with Alt+ArrowUp/ArrowDown on the step (focus stays on
// the control that had it); a text box "Add step" adds one at the end on Enter. A move is a
// step.update of the position (fractional index), synced like any edit, plus one for each step
// re-spaced when the move lands between steps that share a position. Viewers see the steps and
// change nothing: no handle, no moves.
import { type CSSProperties, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { type MoveTarget, steps as stepWrites } from '@/data';
import { useTaskSteps } from '@/data/react';
import { ValidationError } from '@/lib/errors';
import type { Step } from '@/domain/model';
import { errorProps, FieldError } from '@/ui/field-error';
import { GripIcon, TrashIcon } from '@/ui/icons-more';
import { staysPut, useListDrag } from './use-list-drag';
import { t } from './messages';

interface StepsFieldProps {
  taskId: string;
  viewOnly: boolean;
}

/** Runs a step write; a refusal's message goes to `onError` (at the field), anything else to a toast. */
async function attempt(write: () => Promise<unknown>, onError: (message: string | null) => void): Promise<boolean> {
  try {
    await write();
    onError(null);
    return true;
  } catch (err) {
    if (err instanceof ValidationError) onError(err.message);
    else reportWriteError(err);
    return false;
  }
}

/** Where the step at `from` goes to land in `slot` (0 = before the first … n = after the last). */
function targetFor(all: Step[], from: number, slot: number): MoveTarget {
  return slot <= from ? { before: (all[slot] as Step).id } : { after: (all[slot - 1] as Step).id };
}

type Part = 'check' | 'title';

/** A keyboard move under way: the step, the control that had focus, and the index it left. */
interface KeyMove {
  id: string;
  part: Part;
  from: number;
}

interface StepItemProps {
  step: Step;
  index: number;
  all: Step[];
  viewOnly: boolean;
  onError: (m: string | null) => void;
  /** A keyboard move of this step started from `part` (null: it was refused): keep focus there once it has moved. */
  onMove: (move: KeyMove | null) => void;
  handle: Record<string, unknown>;
  drag: { dy: number; source: boolean; dropBefore: boolean; dropAfter: boolean };
}

function StepItem({ step, index, all, viewOnly, onError, onMove, handle, drag }: StepItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = () => {
    if (draft === null || draft === step.title) return setDraft(null);
    void attempt(() => stepWrites.update(step.id, { title: draft }), onError).then((ok) => ok && setDraft(null));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (viewOnly || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const slot = e.key === 'ArrowUp' ? index - 1 : index + 2;
    if (slot < 0 || slot > all.length) return;
    onMove({ id: step.id, part: (e.target as HTMLElement).dataset.part === 'title' ? 'title' : 'check', from: index });
    void attempt(() => stepWrites.move(step.id, targetFor(all, index, slot)), onError).then((ok) => ok || onMove(null));
  };
  const className = ['step', step.done && 'is-done', drag.source && 'is-drag-source', drag.dropBefore && 'drop-before', drag.dropAfter && 'drop-after'];
  return (
    <li
      className={className.filter(Boolean).join(' ')}
      style={drag.source ? ({ transform: `translateY(${drag.dy}px)` } as CSSProperties) : undefined}
      onKeyDown={onKeyDown}
      data-step-id={step.id}
    >
      {!viewOnly && (
        <span className="step-handle" aria-hidden="true" title={t('tasks.dragToReorder')} {...handle}>
          <GripIcon />
        </span>
      )}
      <input
        type="checkbox"
        className="checkbox"
        data-part="check"
        aria-label={step.title}
        checked={step.done}
        disabled={viewOnly}
        onChange={(e) => void attempt(() => stepWrites.setDone(step.id, e.currentTarget.checked), onError)}
      />
      <input
        type="text"
        className="input step-title"
        data-part="title"
        aria-label={t('tasks.editStep', { title: step.title })}
        readOnly={viewOnly}
        value={draft ?? step.title}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={rename}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            rename();
          }
        }}
      />
      {!viewOnly && (
        <button type="button" className="icon-btn" aria-label={t('tasks.deleteStep')} onClick={() => void attempt(() => stepWrites.delete(step.id), onError)}>
          <TrashIcon />
        </button>
      )}
    </li>
  );
}

export function StepsField({ taskId, viewOnly }: StepsFieldProps) {
  const id = useId();
  const steps = useTaskSteps(taskId) ?? [];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = steps.filter((s) => s.done).length;
  const listRef = useRef<HTMLUListElement>(null);
  const moved = useRef<KeyMove | null>(null);
  const { drag, handleProps } = useListDrag(listRef, (from, slot) => {
    const step = steps[from];
    if (step) void attempt(() => stepWrites.move(step.id, targetFor(steps, from, slot)), setError);
  });

  // React re-inserts some rows when the order changes, and a focused element taken out of the
  // document loses focus: once the moved step shows at its new place, put focus back on its control.
  useLayoutEffect(() => {
    const want = moved.current;
    if (!want || steps.findIndex((s) => s.id === want.id) === want.from) return;
    moved.current = null;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-step-id="${want.id}"] [data-part="${want.part}"]`);
    if (el && document.activeElement !== el) el.focus();
  });

  // The box empties at once, so a quick next step isn't typed onto the last one while it saves;
  // a refused step comes back for correction (unless something new was typed meanwhile).
  async function add() {
    const title = text;
    setText('');
    if (!(await attempt(() => stepWrites.create(taskId, title), setError))) setText((now) => (now === '' ? title : now));
  }

  const dropAt = drag && !staysPut(drag) ? drag.slot : -1;
  return (
    <section className="field steps-field" aria-labelledby={`${id}-label`}>
      <h3 className="field-label" id={`${id}-label`}>
        {t('tasks.steps')}
        {steps.length > 0 && <span className="steps-count"> · {t('tasks.stepsDone', { done, total: steps.length })}</span>}
      </h3>
      {steps.length > 0 && (
        <ul ref={listRef} className={drag ? 'steps is-dragging' : 'steps'} aria-labelledby={`${id}-label`}>
          {steps.map((step, index) => (
            <StepItem
              key={step.id}
              step={step}
              index={index}
              all={steps}
              viewOnly={viewOnly}
              onError={setError}
              onMove={(move) => {
                moved.current = move;
              }}
              handle={handleProps(index)}
              drag={{
                dy: drag?.dy ?? 0,
                source: drag?.from === index,
                dropBefore: dropAt === index,
                dropAfter: dropAt === steps.length && index === steps.length - 1,
              }}
            />
          ))}
        </ul>
      )}
      {!viewOnly && (
        <input
          type="text"
          className="input"
          aria-label={t('tasks.addStep')}
          placeholder={t('tasks.addStep')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          {...errorProps(`${id}-error`, error)}
        />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </section>
  );
}
