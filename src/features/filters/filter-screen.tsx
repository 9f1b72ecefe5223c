// /filters/$filterId (SPEC §14.2): the tasks a saved filter keeps, run on the device — live, and
// offline too — with "Edit filter" and "Delete filter".
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { SelectButton, SelectionScope } from '@/ui/selection-scope';
import { BulkBar } from '@/connected/bulk-bar';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { filters, useFilter, useFilterTasks } from '@/data/filters';
import { checkFilterQuery } from '@/domain/filters';
import { DialogShell } from '@/ui/dialog-shell';
import { EmptyState } from '@/ui/empty-state';
import { Screen } from '@/ui/screen';
import { useToday } from '@/ui/use-today';
import { FilterForm } from './filter-form';
import { t } from './messages';
import './filters.css';

export function FilterScreen({ filterId }: { filterId: string }) {
  const filter = useFilter(filterId);
  const today = useToday();
  const tasks = useFilterTasks(filter, today);
  const lists = useListsById();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const ids = useMemo(() => tasks?.map((t) => t.id) ?? [], [tasks]);
  if (filter === undefined) return <Screen title={t('filters.filter')}>{null}</Screen>;
  if (filter === null) {
    return (
      <Screen title={t('filters.notFound')}>
        <EmptyState title={t('filters.missing')}>
          <Link to="/lists">{t('filters.backToLists')}</Link>
        </EmptyState>
      </Screen>
    );
  }
  let query = {};
  try {
    query = checkFilterQuery(filter.query);
  } catch {
    // saved by a newer version: editing starts from nothing
  }
  return (
    <SelectionScope ids={ids}>
    <Screen
      title={filter.name}
      subtitle={t('filters.filter')}
      actions={
        <div className="filters-section-header">
          {ids.length > 0 && <SelectButton />}
          <DialogShell
            frame="panel"
            open={editing}
            onOpenChange={setEditing}
            title={t('filters.edit')}
            trigger={
              <button type="button" className="btn">
                {t('filters.edit')}
              </button>
            }
          >
            <div className="filter-dialog-body">
              <FilterForm
                initial={{ name: filter.name, query }}
                submitLabel={t('filters.save')}
                onSubmit={async (draft) => {
                  await filters.update(filter.id, draft.name, draft.query);
                  setEditing(false);
                }}
              />
            </div>
          </DialogShell>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => void filters.delete(filter.id).then(() => navigate({ to: '/lists' }))}
          >
            {t('filters.delete')}
          </button>
        </div>
      }
    >
      {tasks && tasks.length === 0 && <EmptyState title={t('filters.noTasks')} />}
      {tasks && tasks.length > 0 && (
        <ul className="task-list" aria-label={t('filters.tasksIn', { name: filter.name })}>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList />
          ))}
        </ul>
      )}
    </Screen>
    <BulkBar />
    </SelectionScope>
  );
}
