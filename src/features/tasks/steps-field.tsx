// The task's checklist in its dialog (SPEC §11.3): each step a checkbox named by its title and a
// text box to rename it in place (saved on Enter or when it loses focus), a button "Delete step",
// and Alt+ArrowUp/ArrowDown on a step to move it; a text box "Add step" adds one at the end on
// Enter. Viewers see the steps and change nothing.
import { type KeyboardEvent, useId, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { steps as stepWrites } from '@/data';
import { useTaskSteps } from '@/data/react';
import { ValidationError } from '@/lib/errors';
import type { Step } from '@/lib/model';
import { errorProps, FieldError } from '@/ui/field-error';
import { TrashIcon } from '@/ui/icons';

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

function StepItem({ step, index, all, viewOnly, onError }: { step: Step; index: number; all: Step[]; viewOnly: boolean; onError: (m: string | null) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = () => {
    if (draft === null || draft === step.title) return setDraft(null);
    void attempt(() => stepWrites.update(step.id, { title: draft }), onError).then((ok) => ok && setDraft(null));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (viewOnly || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const target = e.key === 'ArrowUp' ? all[index - 1] : all[index + 1];
    if (!target) return;
    void attempt(() => stepWrites.move(step.id, e.key === 'ArrowUp' ? { before: target.id } : { after: target.id }), onError);
  };
  return (
    <li className={step.done ? 'step is-done' : 'step'} onKeyDown={onKeyDown}>
      <input
        type="checkbox"
        className="checkbox"
        aria-label={step.title}
        checked={step.done}
        disabled={viewOnly}
        onChange={(e) => void attempt(() => stepWrites.setDone(step.id, e.currentTarget.checked), onError)}
      />
      <input
        type="text"
        className="input step-title"
        aria-label={`Edit step ${step.title}`}
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
        <button type="button" className="icon-btn" aria-label="Delete step" onClick={() => void attempt(() => stepWrites.delete(step.id), onError)}>
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

  async function add() {
    if (await attempt(() => stepWrites.create(taskId, text), setError)) setText('');
  }

  return (
    <section className="field steps-field" aria-labelledby={`${id}-label`}>
      <h3 className="field-label" id={`${id}-label`}>
        Steps{steps.length > 0 && <span className="steps-count"> · {done} of {steps.length} done</span>}
      </h3>
      {steps.length > 0 && (
        <ul className="steps" aria-labelledby={`${id}-label`}>
          {steps.map((step, index) => (
            <StepItem key={step.id} step={step} index={index} all={steps} viewOnly={viewOnly} onError={setError} />
          ))}
        </ul>
      )}
      {!viewOnly && (
        <input
          type="text"
          className="input"
          aria-label="Add step"
          placeholder="Add step"
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
