// Capture a task in two seconds: type, Enter. Refusals show at the field and keep the text.
// Quick add that understands (SPEC §11.2): with Settings' "Understand dates in quick add" on (the
// default), the line is read as it is typed — date, time, priority, #list, repeat, @label — and what was
// recognised shows under the field, each part dismissable; Enter adds the task with exactly that.
// The parser loads on demand (parser.ts), with the words of the person's language (SPEC §20);
// before it has, and with the setting off, the field adds the text as the title, as it always
// did — and a line added before it had loaded is read once it is here (late-line.ts).
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type NewTask, tasks } from '@/data';
import { useAllMembers, useLabels, useListSharing, useLists } from '@/data/react';
import type { Part } from '@/domain/quick-add';
import { FieldError } from '@/ui/field-error';
import { PlusIcon } from '@/ui/icons';
import { useToday } from '@/ui/use-today';
import { t } from './messages';
import { useQuickAddParser, useUnderstandDates, whenQuickAddParserLoads } from './parser';
import type { SuggestUi } from './suggestions';
import { reportWriteError } from '../write-error';
import './quick-add.css';
import { useAddedElsewhere } from './added-elsewhere';
import type { Task } from '@/domain/model';

export interface QuickAddProps {
  /** Where the task goes: list_id (default the Inbox) and due_date (default none). */
  defaults?: Omit<NewTask, 'title'>;
  placeholder?: string;
  /** Focus the box on mount (the "New task" app shortcut). */
  autoFocus?: boolean;
  /**
   * Whether a new task shows on the screen behind: when it doesn't (added on Today for tomorrow),
   * a toast says "Added to <day or list>" with "Show" (SPEC §18). Without it nothing is said.
   */
  onScreen?: (task: Task) => boolean;
}

export function QuickAdd({ defaults, placeholder, autoFocus = false, onScreen }: QuickAddProps) {
  const tellWhere = useAddedElsewhere();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const [caret, setCaret] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const listboxId = useId();
  const today = useToday();
  const { parser, words, load } = useQuickAddParser();
  const understanding = useUnderstandDates();
  const lists = useLists();
  const sharing = useListSharing();
  const members = useAllMembers();
  const listId = defaults?.list_id ?? null;
  const labels = useLabels();

  const defaultDate = defaults?.due_date ?? null;

  // Read on every keystroke (well under a millisecond: bench/quick-add.ts).
  const understood = useMemo(
    () => (parser && title.trim() ? parser.understand(title, { today, defaultDate, lists, members, listId, labels, dismissed, words }) : null),
    [parser, title, today, defaultDate, lists, members, listId, labels, dismissed, words],
  );
  const result = understood?.result ?? null;
  const [suggestUi, setSuggestUi] = useState<SuggestUi>({ closed: null, nav: null });
  const suggestions = parser?.suggestionsFor({
    listboxId,
    text: title,
    caret,
    lists,
    sharing,
    people: parser.peopleOf(members),
    target: result?.fields.list_id ?? listId,
    ui: suggestUi,
    setUi: setSuggestUi,
    onComplete: (next) => {
      pendingCaret.current = next.caret;
      setTitle(next.text);
      setCaret(next.caret);
    },
  });

  // A completed list name puts the caret after it once the new text is in the field.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  function edit(text: string, at: number | null) {
    setTitle(text);
    setCaret(at);
    if (error) setError(null);
    if (!text.trim() && dismissed.size) setDismissed(new Set());
  }

  function dismiss(part: Part) {
    if (!parser) return;
    setDismissed(new Set(dismissed).add(parser.partKey(part)));
    inputRef.current?.focus();
  }

  async function add() {
    if (busy) return;
    setBusy(true);
    try {
      // Exactly what the chips showed: without the parser (not loaded yet, or switched off) the
      // text is the title.
      const { repeat, labels: labelNames, duration_min, ...fields } = result?.fields ?? {};
      const task = await tasks.create({
        ...defaults,
        ...fields,
        // the rule as RRULE text, anchored on its first occurrence (the due date quick add set)
        ...(repeat && parser ? { repeat: parser.formatRule(repeat.rule), repeat_anchor: repeat.anchor } : {}),
        title: result ? result.title : title,
      });
      // a duration is an edit of the new timed task (task.create carries none)
      if (duration_min) await tasks.update(task.id, { duration_min });
      // "@name": existing labels put on, new ones made first (SPEC §14.1)
      if (labelNames?.length) await (await import('@/data/labels')).labels.addByName(task.id, labelNames);
      // added before the parser was here: read once it is, unless the task is edited by then
      if (!parser && understanding) {
        const text = title;
        whenQuickAddParserLoads((late, lateWords) => {
          late.applyLateLine(task, text, { today, defaultDate, lists, members, listId, labels, words: lateWords }).catch(() => {});
        });
      }
      if (onScreen && !onScreen(task)) tellWhere(task);
      setTitle('');
      setDismissed(new Set());
      setError(null);
    } catch (err) {
      // Whatever went wrong, the text stays in the box for another try.
      reportWriteError(err, { atField: setError });
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  const describedBy = error ? errorId : undefined;
  return (
    <form
      className="quick-add"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="quick-add-row">
        <input
          ref={inputRef}
          className="input quick-add-input"
          type="text"
          aria-label={t('quickAdd.field')}
          placeholder={placeholder ?? t('quickAdd.placeholder')}
          value={title}
          onChange={(e) => edit(e.target.value, e.target.selectionStart)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onFocus={(e) => {
            load();
            setCaret(e.currentTarget.selectionStart);
          }}
          onBlur={() => setCaret(null)}
          onKeyDown={(e) => suggestions?.onKeyDown(e)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-autocomplete={parser ? 'list' : undefined}
          aria-controls={suggestions?.open ? listboxId : undefined}
          aria-activedescendant={suggestions?.activeId}
          enterKeyHint="done"
          autoComplete="off"
          // Only when asked for explicitly, by the app shortcut that opens Today to add a task.
          // biome-ignore lint/a11y/noAutofocus: the user chose "New task", so the box is where they are going
          autoFocus={autoFocus}
        />
        <button type="submit" className="btn btn-primary quick-add-button" aria-label={t('quickAdd.addTask')}>
          <PlusIcon />
          <span className="quick-add-button-text" aria-hidden="true">
            {t('quickAdd.add')}
          </span>
        </button>
      </div>
      {parser && suggestions && <parser.Suggestions id={listboxId} suggestions={suggestions} />}
      {parser && <parser.Recognised chips={understood?.chips ?? []} onDismiss={dismiss} />}
      <FieldError id={errorId} message={error} />
    </form>
  );
}
