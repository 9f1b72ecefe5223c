// The filter form (SPEC §14.2): a name and any of lists, labels, assignee, priority at least, due,
// deadline within N days, open/done and words. "New filter" makes one; the filter's screen edits
// it with the same form. Everything left at its first choice asks nothing of the tasks.
import { useId, useState } from 'react';
import { ValidationError } from '@/lib/errors';
import { useLabels, useLists } from '@/data/react';
import type { DueChoice, FilterQuery } from '@/domain/filters';
import { FieldError } from '@/ui/field-error';
import { t } from './messages';
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
          {t('filters.name')}
        </label>
        <input id={`${id}-name`} className="input" type="text" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      {lists && lists.length > 0 && (
        <fieldset className="field filter-choices">
          <legend className="field-label">{t('filters.lists')}</legend>
          {lists.map((l) => (
            <label key={l.id} className="filter-choice">
              <input type="checkbox" className="checkbox" checked={listIds.includes(l.id)} onChange={() => setListIds(toggle(listIds, l.id))} /> {l.name}
            </label>
          ))}
        </fieldset>
      )}
      {labels && labels.length > 0 && (
        <fieldset className="field filter-choices">
          <legend className="field-label">{t('filters.labels')}</legend>
          {labels.map((l) => (
            <label key={l.id} className="filter-choice">
              <input type="checkbox" className="checkbox" checked={labelIds.includes(l.id)} onChange={() => setLabelIds(toggle(labelIds, l.id))} /> {l.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="filter-grid">
        <label className="field">
          <span className="field-label">{t('filters.assignee')}</span>
          <select className="input" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value="">{t('filters.assignee.any')}</option>
            <option value="me">{t('filters.assignee.me')}</option>
            <option value="nobody">{t('filters.assignee.nobody')}</option>
            <option value="anyone">{t('filters.assignee.anyone')}</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('filters.priority')}</span>
          <select className="input" value={priority} onChange={(e) => setPriority(e.target.value)}>
            <option value="">{t('filters.priority.any')}</option>
            <option value="1">{t('filters.priority.low')}</option>
            <option value="2">{t('filters.priority.medium')}</option>
            <option value="3">{t('filters.priority.high')}</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('filters.due')}</span>
          <select className="input" value={due} onChange={(e) => setDue(e.target.value as DueWord)}>
            <option value="">{t('filters.due.any')}</option>
            <option value="overdue">{t('filters.due.overdue')}</option>
            <option value="today">{t('filters.due.today')}</option>
            <option value="next7">{t('filters.due.next7')}</option>
            <option value="none">{t('filters.due.none')}</option>
            <option value="range">{t('filters.due.range')}</option>
          </select>
        </label>
        {due === 'range' && (
          <>
            <label className="field">
              <span className="field-label">{t('filters.from')}</span>
              <input className="input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="field">
              <span className="field-label">{t('filters.to')}</span>
              <input className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        )}
        <label className="field">
          <span className="field-label">{t('filters.deadline')}</span>
          <input className="input" type="number" min={0} max={3650} value={deadline} onChange={(e) => setDeadline(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">{t('filters.show')}</span>
          <select className="input" value={status} onChange={(e) => setStatus(e.target.value as 'open' | 'done' | 'all')}>
            <option value="open">{t('filters.status.open')}</option>
            <option value="done">{t('filters.status.done')}</option>
            <option value="all">{t('filters.status.all')}</option>
          </select>
        </label>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-words`}>
          {t('filters.words')}
        </label>
        <input id={`${id}-words`} className="input" type="text" value={words} onChange={(e) => setWords(e.target.value)} placeholder={t('filters.wordsPlaceholder')} />
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
