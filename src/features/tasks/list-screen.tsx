// One list (SPEC §2 /lists/$listId): header in the list's colour with room for actions,
// the open/done/all filter, quick add into this list, and the virtualised, reorderable tasks.
import { Link } from '@tanstack/react-router';
import { type CSSProperties, type ReactNode, useId, useMemo } from 'react';
import type { Show } from '@/data';
import { useList, useListTasks, useMembers, useOpenTaskCounts } from '@/data/react';
import type { Member } from '@/domain/model';
import { personName } from '@/domain/people';
import { EmptyState } from '@/ui/empty-state';
import { EyeIcon } from '@/ui/icons';
import { useListRole } from '@/connected/use-list-role';
import { useToday } from '@/ui/use-today';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { formatCount } from '@/ui/format';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { SelectButton, SelectionScope } from '@/ui/selection-scope';
import { BulkBar } from '@/connected/bulk-bar';
import { VirtualTaskList } from './virtual-task-list';
import { LIST_SORTS, type ListSort, listComparator } from '@/domain/list-sort';
import { useListSort } from './use-list-sort';
import './tasks.css';
import { t } from './messages';

/** The open/done/all filter's choices, named in the current language. */
export function showOptions(): { value: Show; name: string }[] {
  return [
    { value: 'open', name: t('tasks.showOpen') },
    { value: 'done', name: t('tasks.showDone') },
    { value: 'all', name: t('tasks.showAll') },
  ];
}

/** The sort's choices, named in the current language (the domain keeps only their order). */
function sortName(sort: ListSort): string {
  const names: Record<ListSort, string> = {
    manual: t('tasks.sortManual'),
    due: t('tasks.sortDue'),
    priority: t('tasks.sortPriority'),
    title: t('tasks.sortTitle'),
    added: t('tasks.sortAdded'),
  };
  return names[sort];
}

export interface ListScreenProps {
  listId: string;
  show: Show;
  onShowChange: (show: Show) => void;
  /** Header actions composed by the route (edit, delete, share…). */
  actions?: ReactNode;
}

export function ListScreen({ listId, show, onShowChange, actions }: ListScreenProps) {
  useFormatAnswers();
  const list = useList(listId);
  const stored = useListTasks(listId, show);
  const [sort, setSort] = useListSort(listId);
  // Manual is the stored order the query walks; another sort orders the rows here
  const tasks = useMemo(() => {
    const compare = listComparator(sort);
    return stored && compare ? [...stored].sort(compare) : stored;
  }, [stored, sort]);
  const counts = useOpenTaskCounts();
  const role = useListRole(listId);
  const members = useMembers(listId);
  const today = useToday();
  const viewOnly = role === 'viewer';
  const noteId = useId();
  const ids = useMemo(() => tasks?.map((t) => t.id) ?? [], [tasks]);

  if (list === undefined) return null;
  if (list === null) {
    return (
      <section className="screen" aria-labelledby="list-missing">
        <h1 className="screen-title" id="list-missing">
          {t('tasks.listMissingTitle')}
        </h1>
        <EmptyState title={t('tasks.listMissingText')}>
          <Link to="/lists" className="btn">
            {t('tasks.seeLists')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  const open = counts?.[list.id] ?? 0;
  return (
    <SelectionScope ids={ids}>
    <section
      className="screen list-screen"
      aria-labelledby="list-title"
      style={{ '--accent': `var(--list-${list.color})` } as CSSProperties}
    >
      <header className="screen-header list-header">
        <div>
          <h1 className="screen-title list-title" id="list-title">
            {list.name}
          </h1>
          <p className="screen-subtitle">
            {t('tasks.openCount', { count: open, n: formatCount(open) })}
            {members && members.length > 1 && ' · '}
            {members && members.length > 1 && t('tasks.sharedWith', { count: members.length })}
          </p>
        </div>
        {actions && <div className="list-header-actions">{actions}</div>}
      </header>

      {viewOnly && <ViewOnlyNote id={noteId} ownerName={ownerOf(members)} />}

      <div className="list-toolbar">
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('tasks.show')}</legend>
          {showOptions().map((option) => (
            <label key={option.value} className="segmented-option">
              <input
                type="radio"
                name="show"
                value={option.value}
                checked={show === option.value}
                onChange={() => onShowChange(option.value)}
              />
              <span>{option.name}</span>
            </label>
          ))}
        </fieldset>
        <label className="list-sort">
          <span>{t('tasks.sort')}</span>
          <select className="input" value={sort} onChange={(e) => setSort(e.currentTarget.value as typeof sort)}>
            {LIST_SORTS.map((o) => (
              <option key={o.value} value={o.value}>
                {sortName(o.value)}
              </option>
            ))}
          </select>
        </label>
        {tasks && tasks.length > 0 && <SelectButton />}
      </div>

      {!viewOnly && <QuickAdd defaults={{ list_id: list.id }} placeholder={t('tasks.addTo', { name: list.name })} onScreen={(t) => t.list_id === list.id} />}

      {tasks && tasks.length > 0 && (
        <VirtualTaskList tasks={tasks} list={list} today={today} viewOnly={viewOnly} viewOnlyNoteId={viewOnly ? noteId : undefined} reorderable={sort === 'manual'} />
      )}
      {tasks && tasks.length === 0 && (
        <EmptyState title={show === 'done' ? t('tasks.emptyDoneTitle') : show === 'open' ? t('tasks.emptyOpenTitle') : t('tasks.emptyAllTitle')}>
          {show === 'done' ? t('tasks.emptyDoneText') : viewOnly ? null : t('tasks.emptyText')}
        </EmptyState>
      )}
    </section>
    <BulkBar />
    </SelectionScope>
  );
}

/** Said once, above the tasks: rows point their disabled checkboxes here instead of repeating it. */
function ownerOf(members: readonly Member[] | undefined): string | undefined {
  const owner = members?.find((m) => m.role === 'owner');
  return owner ? personName(owner) : undefined;
}

function ViewOnlyNote({ id, ownerName }: { id: string; ownerName: string | undefined }) {
  return (
    <p className="view-only-note" id={id}>
      <EyeIcon size={18} />
      <span>
        <strong>{t('tasks.viewOnly')}</strong>{' '}
        {ownerName ? t('tasks.askOwner', { name: ownerName }) : t('tasks.askOwnerUnnamed')}
      </span>
    </p>
  );
}
