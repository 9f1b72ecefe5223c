// The filter form (SPEC §14.2): a name and any of lists, labels, assignee, priority at least, due,
// deadline within N days, open/done and words. "New filter" makes one; the filter's screen edits
// it with the same form. Everything left at its first choice asks nothing of the tasks.
import { useId, useState } from 'react';
import { ValidationError } from '@/lib/errors';
import { useLabels, useLists } from '@/data/react';
import type { DueChoice, FilterQuery } from '@/domain/filters';
import { FieldError } from '@/ui/field-error';
import './filters.css';

export interface FilterDraft {
  name: string;
  query: FilterQuery;
}

type DueWord = '' | 'overdue' | 'today' | 'next7' | 'none' | 'range';

function dueWord(due: DueChoice | undefined): DueWord {
  return due === undefined ? '' : typeof due === 'object' ? 'range' : due;
}

export function FilterForm({ initial, submitLabel, onSubmit }: { initial: FilterDraft; submitLabel: string; onSubmit: (draft: FilterDraft) => Promise<unknown> }) {
  const id = useId();
  const lists = useLists();
  const labels = useLabels();
  const q = initial.query;
  const [name, setName] = useState(initial.name);
  const [listIds, setListIds] = useState<string[]>(q.lists ?? []);
  const [labelIds, setLabelIds] = useState<string[]>(q.labels ?? []);
  const [assignee, setAssignee] = useState(q.assignee ?? '');
  const [priority, setPriority] = useState(q.priority_at_least ? String(q.priority_at_least) : '');
  const [due, setDue] = useState<DueWord>(dueWord(q.due));
  const [from, setFrom] = useState(typeof q.due === 'object' ? q.due.from : '');
  const [to, setTo] = useState(typeof q.due === 'object' ? q.due.to : '');
  const [deadline, setDeadline] = useState(q.deadline_within === undefined ? '' : String(q.deadline_within));
  const [status, setStatus] = useState(q.status ?? 'open');
  const [words, setWords] = useState(q.words ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (ids: string[], value: string) => (ids.includes(value) ? ids.filter((x) => x !== value) : [...ids, value]);

  function query(): FilterQuery {
    const out: FilterQuery = {};
    if (listIds.length) out.lists = listIds;
    if (labelIds.length) out.labels = labelIds;
    if (assignee) out.assignee = assignee as FilterQuery['assignee'];
    if (priority) out.priority_at_least = Number(priority) as 1 | 2 | 3;
    if (due === 'range') out.due = { from, to };
    else if (due) out.due = due;
    if (deadline !== '') out.deadline_within = Number(deadline);
    if (status !== 'open') out.status = status;
    if (words.trim()) out.words = words.trim();
    return out;
  }

  async function submit() {
    setError(null);
    setBusy(true);
    try {
      await onSubmit({ name, query: query() });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      setError(err.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="filter-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          Filter name
        </label>
        <input id={`${id}-name`} className="input" type="text" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      {lists && lists.length > 0 && (
        <fieldset className="field filter-choices">
          <legend className="field-label">Lists</legend>
          {lists.map((l) => (
            <label key={l.id} className="filter-choice">
              <input type="checkbox" className="checkbox" checked={listIds.includes(l.id)} onChange={() => setListIds(toggle(listIds, l.id))} /> {l.name}
            </label>
          ))}
        </fieldset>
      )}
      {labels && labels.length > 0 && (
        <fieldset className="field filter-choices">
          <legend className="field-label">Labels</legend>
          {labels.map((l) => (
            <label key={l.id} className="filter-choice">
              <input type="checkbox" className="checkbox" checked={labelIds.includes(l.id)} onChange={() => setLabelIds(toggle(labelIds, l.id))} /> {l.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="filter-grid">
        <label className="field">
          <span className="field-label">Assignee</span>
          <select className="input" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value="">Any or none</option>
            <option value="me">Me</option>
            <option value="nobody">Nobody</option>
            <option value="anyone">Anyone</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Priority at least</span>
          <select className="input" value={priority} onChange={(e) => setPriority(e.target.value)}>
            <option value="">Any</option>
            <option value="1">Low</option>
            <option value="2">Medium</option>
            <option value="3">High</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Due</span>
          <select className="input" value={due} onChange={(e) => setDue(e.target.value as DueWord)}>
            <option value="">Any time</option>
            <option value="overdue">Overdue</option>
            <option value="today">Today</option>
            <option value="next7">Next 7 days</option>
            <option value="none">No date</option>
            <option value="range">Between…</option>
          </select>
        </label>
        {due === 'range' && (
          <>
            <label className="field">
              <span className="field-label">From</span>
              <input className="input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="field">
              <span className="field-label">To</span>
              <input className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        )}
        <label className="field">
          <span className="field-label">Deadline within (days)</span>
          <input className="input" type="number" min={0} max={3650} value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Show</span>
          <select className="input" value={status} onChange={(e) => setStatus(e.target.value as 'open' | 'done' | 'all')}>
            <option value="open">Open</option>
            <option value="done">Done</option>
            <option value="all">Open and done</option>
          </select>
        </label>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-words`}>
          Words
        </label>
        <input id={`${id}-words`} className="input" type="text" value={words} onChange={(e) => setWords(e.target.value)} placeholder="In the title or notes" />
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div className="dialog-footer">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
