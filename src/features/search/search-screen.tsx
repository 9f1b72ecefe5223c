// /search: instant local search over task titles and notes. The query lives in the URL (the
// route passes it in and is told of changes); typing is never held back by the URL round trip.
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { dueLabel } from '@/ui/format';
import { TaskLink } from '@/ui/task-link';
import { useListsById } from '@/connected/use-lists-by-id';
import { useToday } from '@/ui/use-today';
import { SEARCH_LIMIT } from '@/data';
import { useSearch } from '@/data/react';
import type { List, Task } from '@/domain/model';
import { snippetAround } from './highlight';
import { Highlighted } from './highlighted';
import { t } from './messages';
import './search.css';

interface SearchScreenProps {
  query: string;
  onQueryChange: (query: string) => void;
}

export function SearchScreen({ query, onQueryChange }: SearchScreenProps) {
  const id = useId();
  const [text, setText] = useState(query);
  const sent = useRef(query);
  const input = useRef<HTMLInputElement>(null);

  // Follow the URL only when it changed by itself (back/forward, a link), not as the echo of typing.
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setText(query);
    }
  }, [query]);

  useEffect(() => {
    if (!input.current?.value) input.current?.focus();
  }, []);

  const deferred = useDeferredValue(text);
  const results = useSearch(deferred);
  const listsById = useListsById();
  const today = useToday();
  const searching = deferred.trim() !== '';

  function change(value: string) {
    setText(value);
    sent.current = value;
    onQueryChange(value);
  }

  return (
    <section className="screen search-screen" aria-labelledby={`${id}-heading`}>
      <header className="screen-header">
        <h1 id={`${id}-heading`} className="screen-title">
          {t('search.title')}
        </h1>
      </header>
      <search className="search-form">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('search.label')}
        </label>
        <svg className="search-form-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-input`}
          ref={input}
          type="search"
          className="search-input"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => change(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          aria-describedby={`${id}-status`}
        />
      </search>
      <p id={`${id}-status`} role="status" className={searching ? 'search-status' : 'visually-hidden'}>
        {statusText(searching, deferred, results)}
      </p>
      {searching && results && results.length > 0 && (
        <ul className="search-results" aria-label={t('search.results')}>
          {results.map((task) => (
            <SearchResult key={task.id} task={task} list={listsById.get(task.list_id)} query={deferred} today={today} />
          ))}
        </ul>
      )}
      {!searching && <p className="search-hint">{t('search.hint')}</p>}
    </section>
  );
}

function statusText(searching: boolean, query: string, results: Task[] | undefined): string {
  if (!searching || !results) return '';
  if (results.length === 0) return t('search.noMatch', { query: query.trim() });
  if (results.length >= SEARCH_LIMIT) return t('search.limit', { limit: SEARCH_LIMIT });
  return t('search.count', { count: results.length });
}

function SearchResult({ task, list, query, today }: { task: Task; list: List | undefined; query: string; today: string }) {
  const metaId = useId();
  const snippet = snippetAround(task.notes, query);
  const meta = [list?.name, task.due_date ? dueLabel(task.due_date, task.due_time, today) : null, task.done ? t('search.done') : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className={`search-result${task.done ? ' search-result--done' : ''}`}
      style={{ '--accent': `var(--list-${list?.color ?? 'grey'})` } as React.CSSProperties}
    >
      <TaskLink taskId={task.id} className="search-result-link" aria-describedby={metaId}>
        <Highlighted text={task.title} query={query} />
      </TaskLink>
      <div id={metaId} className="search-result-details">
        {meta && (
          <span className="search-result-meta">
            <span className="search-dot" aria-hidden="true" />
            {meta}
          </span>
        )}
        {snippet && (
          <span className="search-result-notes">
            <Highlighted text={snippet} query={query} />
          </span>
        )}
      </div>
    </li>
  );
}
