// Today (SPEC §2, §14.3): open tasks that are overdue, then those due today, then those whose
// deadline has come though they are planned for later (or for no day); quick add dates to today.
import { memo, type ReactNode, useMemo } from 'react';
import { compareForDay, compareForToday } from '@/domain/task-order';
import { RescheduleButton } from './reschedule';
import { useCommentCounts, useStepCounts, useTodayTasks } from '@/data/react';
import { EmptyState } from '@/ui/empty-state';
import { longDate } from '@/ui/format';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { useToday } from '@/ui/use-today';
import type { Task } from '@/domain/model';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { SignInOffer } from './sign-in-offer';
import { t } from './messages';
import { Screen } from '@/ui/screen';
import { useBootSnapshot } from '@/connected/boot-snapshot';
import { SelectButton, SelectionScope } from '@/ui/selection-scope';
import { BulkBar } from '@/connected/bulk-bar';
import { EveryonesTasksToggle, useMineFirst } from '@/connected/mine-first';
import { isMineOrNobodys, mineFirst } from '@/domain/mine-first';

/** A row re-renders only when its own props change: a write elsewhere keeps the other tasks' objects. */
const Row = memo(TaskRow);

export interface TodayScreenProps {
  /** Put the cursor in quick add (the "New task" shortcut opens /today?add=task). */
  focusQuickAdd?: boolean;
}

export function TodayScreen({ focusQuickAdd = false }: TodayScreenProps) {
  useFormatAnswers();
  const today = useToday();
  const all = useTodayTasks(today);
  // Mine first (SPEC §17): tasks given to others hide unless "Everyone's tasks" is on; then timed
  // tasks by time, then by priority, then manual order (the query gives date, time, position)
  const { userId, everyone } = useMineFirst();
  const groups = useMemo(
    () =>
      all && {
        overdue: [...mineFirst(all.overdue, userId, everyone)].sort(compareForToday),
        today: [...mineFirst(all.today, userId, everyone)].sort(compareForDay),
        deadline: mineFirst(all.deadline, userId, everyone),
      },
    [all, userId, everyone],
  );
  const othersShown = all !== undefined && userId !== undefined && hasOthers(all, userId);
  const lists = useListsById();
  // Every row's "done/total" in one query.
  const ids = useMemo(() => (groups ? [...groups.overdue, ...groups.today, ...groups.deadline].map((t) => t.id) : []), [groups]);
  const steps = useStepCounts(ids);
  const comments = useCommentCounts(ids);
  // The picture of this screen a cold start paints first (public/boot.js): down once the rows
  // are drawn, saved again after each change.
  useBootSnapshot(groups !== undefined, groups);

  const section = (id: string, title: string, tasks: Task[], danger = false, action?: ReactNode) => (
    <section className="section" aria-labelledby={id}>
      <div className="section-header">
        <h2 className={danger ? 'section-title is-danger' : 'section-title'} id={id}>
          {title}{' '}
          <span className="section-count">{tasks.length}</span>
        </h2>
        {action}
      </div>
      <ul className="task-list">
        {tasks.map((task) => (
          <Row key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList screenDay={today} steps={steps?.[task.id]} comments={comments?.[task.id]} />
        ))}
      </ul>
    </section>
  );

  return (
    <SelectionScope ids={ids}>
    <Screen
      title={t('today.title')}
      subtitle={longDate(today)}
      actions={
        othersShown || ids.length > 0 ? (
          <>
            {othersShown && <EveryonesTasksToggle everyone={everyone} />}
            {ids.length > 0 && <SelectButton />}
          </>
        ) : undefined
      }
    >
      <QuickAdd defaults={{ due_date: today }} placeholder={t('today.addPlaceholder')} autoFocus={focusQuickAdd} onScreen={(t) => t.due_date !== null && t.due_date <= today} />
      {groups && groups.overdue.length > 0 && section('today-overdue', t('today.overdue'), groups.overdue, true, <RescheduleButton tasks={groups.overdue} today={today} />)}
      {groups && groups.today.length > 0 && section('today-due', t('today.dueToday'), groups.today)}
      {groups && groups.deadline.length > 0 && section('today-deadline', t('today.deadline'), groups.deadline)}
      {groups && groups.overdue.length === 0 && groups.today.length === 0 && groups.deadline.length === 0 && (
        <EmptyState title={t('today.emptyTitle')}>{t('today.emptyText')}</EmptyState>
      )}
      <SignInOffer />
    </Screen>
    <BulkBar />
    </SelectionScope>
  );
}

/** Whether any of the tasks is assigned to someone else: only then is the switch worth showing. */
function hasOthers(groups: TodayGroupsOf, userId: string): boolean {
  const other = (t: Task) => !isMineOrNobodys(t, userId);
  return groups.overdue.some(other) || groups.today.some(other) || groups.deadline.some(other);
}

type TodayGroupsOf = { overdue: Task[]; today: Task[]; deadline: Task[] };
