// /labels/$labelId (SPEC §14.1): the tasks the person gave this label, from every list they can
// see, open first. Only its owner ever has the label, so anyone else's address shows "not found".
import { Link } from '@tanstack/react-router';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { useLabel, useLabelTasks } from '@/data/labels/screen';
import { useCommentCounts, useStepCounts } from '@/data/react';
import { EmptyState } from '@/ui/empty-state';
import { Screen } from '@/ui/screen';
import { useToday } from '@/ui/use-today';
import { t } from './messages';
import './labels.css';
import { useMemo } from 'react';
import { SelectButton, SelectionScope } from '@/ui/selection-scope';
import { BulkBar } from '@/connected/bulk-bar';

export function LabelScreen({ labelId }: { labelId: string }) {
  const label = useLabel(labelId);
  const tasks = useLabelTasks(labelId);
  const lists = useListsById();
  const today = useToday();
  const ids = useMemo(() => tasks?.map((t) => t.id) ?? [], [tasks]);
  const steps = useStepCounts(ids);
  const comments = useCommentCounts(ids);
  if (label === undefined) return <Screen title={t('labels.label')}>{null}</Screen>;
  if (label === null) {
    return (
      <Screen title={t('labels.notFound')}>
        <EmptyState title={t('labels.missing')}>
          <Link to="/lists">{t('labels.backToLists')}</Link>
        </EmptyState>
      </Screen>
    );
  }
  return (
    <SelectionScope ids={ids}>
    <Screen title={label.name} subtitle={t('labels.label')} actions={ids.length > 0 ? <SelectButton /> : undefined}>
      {tasks && tasks.length === 0 && <EmptyState title={t('labels.noTasks')} />}
      {tasks && tasks.length > 0 && (
        <ul className="task-list" aria-label={t('labels.tasksLabelled', { name: label.name })}>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList steps={steps?.[task.id]} comments={comments?.[task.id]} />
          ))}
        </ul>
      )}
    </Screen>
    <BulkBar />
    </SelectionScope>
  );
}
