// "Assigned to me" (SPEC §13.2): the open tasks assigned to this person in every list, grouped by
// due date (overdue days first, undated last), live and offline like every screen.
import { memo, useMemo } from 'react';
import { useAssignedTasks, useCommentCounts, useIdentity, useStepCounts } from '@/data/react';
import { dayLabel } from '@/lib/dates';
import type { Task } from '@/domain/model';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { EmptyState } from '@/ui/empty-state';
import { Screen } from '@/ui/screen';
import { useToday } from '@/ui/use-today';
import { t } from './messages';

const Row = memo(TaskRow);

/** The tasks (already in due order) in runs of one due date; null = no date. */
export function byDueDate(tasks: readonly Task[]): { date: string | null; tasks: Task[] }[] {
  const groups: { date: string | null; tasks: Task[] }[] = [];
  for (const task of tasks) {
    const last = groups[groups.length - 1];
    if (last && last.date === task.due_date) last.tasks.push(task);
    else groups.push({ date: task.due_date, tasks: [task] });
  }
  return groups;
}

export function AssignedScreen() {
  const today = useToday();
  const identity = useIdentity();
  const tasks = useAssignedTasks(identity?.userId);
  const lists = useListsById();
  const ids = useMemo(() => tasks?.map((t) => t.id) ?? [], [tasks]);
  const steps = useStepCounts(ids);
  const comments = useCommentCounts(ids);
  const groups = useMemo(() => byDueDate(tasks ?? []), [tasks]);
  return (
    <Screen title={t('assigned.title')}>
      {groups.map((g) => {
        const id = `assigned-${g.date ?? 'none'}`;
        const overdue = g.date !== null && g.date < today;
        return (
          <section key={id} className="section" aria-labelledby={id}>
            <h2 className={overdue ? 'section-title is-danger' : 'section-title'} id={id}>
              {g.date === null ? t('assigned.noDate') : dayLabel(g.date, today)} <span className="section-count">{g.tasks.length}</span>
            </h2>
            <ul className="task-list">
              {g.tasks.map((task) => (
                <Row key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList steps={steps?.[task.id]} comments={comments?.[task.id]} />
              ))}
            </ul>
          </section>
        );
      })}
      {tasks && tasks.length === 0 && <EmptyState title={t('assigned.emptyTitle')}>{t('assigned.emptyText')}</EmptyState>}
    </Screen>
  );
}
