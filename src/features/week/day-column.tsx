// One day of the week: its heading (a link to the day's timeline), an add field with the day as
// the default date, its tasks (untimed, then timed by time) and its deadlines. The element is the
// drop target for a dragged task (`data-week-day`).
import { type CSSProperties, type KeyboardEvent, memo } from 'react';
import type { StepCount } from '@/data';
import type { List, Task } from '@/domain/model';
import type { WeekDay } from '@/domain/week';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { setTaskDone } from '@/connected/task-actions';
import { TaskRowView } from '@/ui/task-row';
import { dayLabel } from '@/lib/dates';
import { FlagIcon } from '@/ui/icons';
import { GripIcon } from '@/ui/icons-more';
import { RepeatRowView } from '@/ui/repeat-row';
import { TaskLink } from '@/ui/task-link';
import { t } from './messages';
import type { DayDrag } from './use-day-drag';
import type { RowContext } from './use-row-context';

export interface DayColumnProps {
  day: WeekDay;
  today: string;
  heading: string;
  lists: Map<string, List>;
  steps: Record<string, StepCount> | undefined;
  drag: DayDrag | null;
  handleProps: (taskId: string, date: string) => object;
  onRowKeyDown: (e: KeyboardEvent<HTMLElement>, task: Task) => void;
  onShowDay: (date: string) => void;
  /** One of seven columns: a short placeholder. */
  narrow: boolean;
  rows: RowContext;
}

/** Memoised: going to another week re-renders only the columns whose day or rows changed. */
export const DayColumn = memo(function DayColumn({ day, today, heading, lists, steps, drag, handleProps, onRowKeyDown, onShowDay, narrow, rows }: DayColumnProps) {
  const id = `week-day-${day.date}`;
  const isToday = day.date === today;
  const over = drag !== null && drag.over === day.date && drag.from !== day.date;
  const count = day.tasks.length;
  return (
    <section
      className={['week-day', isToday ? 'is-today' : '', over ? 'is-drop-target' : ''].join(' ').trim()}
      aria-labelledby={id}
      data-week-day={day.date}
    >
      <h2 className="week-day-title" id={id}>
        <span>{heading}</span>
        {isToday && <span className="visually-hidden"> · {t('week.today')}</span>}{' '}
        {count > 0 && <span className="section-count">{count}</span>}
      </h2>
      <button type="button" className="btn btn-ghost week-timeline-link" onClick={() => onShowDay(day.date)}>
        {t('week.timeline')}
        <span className="visually-hidden"> {t('week.timelineFor', { day: heading })}</span>
      </button>
      <QuickAdd defaults={{ due_date: day.date }} placeholder={narrow ? t('week.add') : t('week.addTo', { day: dayLabel(day.date, today) })} />
      {(count > 0 || day.deadlines.length > 0) && (
        <ul className="task-list week-tasks">
          {day.tasks.map(({ task, kind }) =>
            kind === 'repeat' ? (
              <RepeatRowView key={`${task.id}@${day.date}`} task={task} date={day.date} list={lists.get(task.list_id)} showList />
            ) : (
              <TaskRowView
                key={task.id}
                viewOnly={rows.viewOnly(task)}
                assignee={rows.assignee(task)}
                labels={rows.labels(task)}
                onDoneChange={(done) => void setTaskDone(task, done)}
                data-task-id={task.id}
                className={drag?.taskId === task.id ? 'is-drag-source' : undefined}
                style={drag?.taskId === task.id ? ({ transform: `translate(${drag.dx}px, ${drag.dy}px)` } as CSSProperties) : undefined}
                task={task}
                today={today}
                list={lists.get(task.list_id)}
                showList
                screenDay={day.date}
                steps={steps?.[task.id]}
                onKeyDown={(e) => onRowKeyDown(e, task)}
                leading={
                  <div className="drag-handle" aria-hidden="true" {...handleProps(task.id, day.date)}>
                    <GripIcon />
                  </div>
                }
              />
            ),
          )}
          {day.deadlines.map(({ task }) => (
            <li key={`deadline-${task.id}`} className="task-row week-deadline">
              <span className="week-deadline-mark" aria-hidden="true">
                <FlagIcon />
              </span>
              <div className="task-main">
                <TaskLink taskId={task.id} className="task-title">
                  {t('week.deadline', { title: task.title })}
                </TaskLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
