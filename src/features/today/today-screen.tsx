// Today (SPEC §2): open tasks that are overdue, then those due today; quick add dates to today.
import { useTodayTasks } from '@/data';
import { EmptyState } from '@/components/empty-state';
import { longDate } from '@/components/format';
import { TaskRow } from '@/components/task-row';
import { useListsById } from '@/components/use-lists-by-id';
import { useToday } from '@/components/use-today';
import type { Task } from '@/lib/model';
import { QuickAdd } from '@/features/tasks/quick-add';
import { SignInOffer } from './sign-in-offer';

export interface TodayScreenProps {
  /** Put the cursor in quick add (the "New task" shortcut opens /today?add=task). */
  focusQuickAdd?: boolean;
}

export function TodayScreen({ focusQuickAdd = false }: TodayScreenProps) {
  const today = useToday();
  const groups = useTodayTasks(today);
  const lists = useListsById();

  const section = (id: string, title: string, tasks: Task[], danger = false) => (
    <section className="section" aria-labelledby={id}>
      <h2 className={danger ? 'section-title is-danger' : 'section-title'} id={id}>
        {title}{' '}
        <span className="section-count">{tasks.length}</span>
      </h2>
      <ul className="task-list">
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList screenDay={today} />
        ))}
      </ul>
    </section>
  );

  return (
    <section className="screen" aria-labelledby="today-title">
      <header className="screen-header">
        <div>
          <h1 className="screen-title" id="today-title">
            Today
          </h1>
          <p className="screen-subtitle">{longDate(today)}</p>
        </div>
      </header>
      <QuickAdd defaults={{ due_date: today }} placeholder="Add a task for today" autoFocus={focusQuickAdd} />
      {groups && groups.overdue.length > 0 && section('today-overdue', 'Overdue', groups.overdue, true)}
      {groups && groups.today.length > 0 && section('today-due', 'Due today', groups.today)}
      {groups && groups.overdue.length === 0 && groups.today.length === 0 && (
        <EmptyState title="Nothing due today">Tasks you add here are due today.</EmptyState>
      )}
      <SignInOffer />
    </section>
  );
}
