// One task as a list item: a checkbox that completes it (named by the title), the title that
// opens the task dialog, and a meta line (due chip, list, priority). Viewers get no edit controls.
import type { CSSProperties, LiHTMLAttributes, ReactNode, Ref } from 'react';
import { isOverdue } from '@/lib/dates';
import type { List, Task } from '@/lib/model';
import { dueLabel, PRIORITY_NAMES } from './format';
import { ClockIcon, FlagIcon } from './icons';
import { setTaskDone } from './task-actions';
import { TaskLink } from './task-link';
import { useListRole } from './use-list-role';
import './task-row.css';

export interface TaskRowProps extends Omit<LiHTMLAttributes<HTMLLIElement>, 'children'> {
  task: Task;
  today: string;
  /** The task's list: its colour is the row's accent, and its name shows when `showList`. */
  list?: List | undefined;
  showList?: boolean;
  /** Placed before the checkbox (e.g. a drag handle). */
  leading?: ReactNode;
  /** Placed at the end of the row (e.g. move buttons). */
  trailing?: ReactNode;
  ref?: Ref<HTMLLIElement>;
}

export function TaskRow({ task, today, list, showList = false, leading, trailing, ref, style, className, ...li }: TaskRowProps) {
  const role = useListRole(task.list_id);
  const viewOnly = role === 'viewer';
  const overdue = isOverdue(task, today);
  const accent = list ? `var(--list-${list.color})` : undefined;
  const metaId = `task-meta-${task.id}`;
  const hasMeta = task.due_date !== null || task.priority > 0 || (showList && list) || task.notes !== '';
  return (
    <li
      ref={ref}
      className={['task-row', task.done ? 'is-done' : '', className ?? ''].join(' ').trim()}
      style={{ ...(accent ? ({ '--accent': accent } as CSSProperties) : null), ...style }}
      {...li}
    >
      {!viewOnly && leading}
      <input
        type="checkbox"
        className="task-check"
        aria-label={task.title}
        checked={task.done}
        disabled={viewOnly}
        onChange={(e) => void setTaskDone(task, e.currentTarget.checked)}
      />
      <div className="task-main">
        <TaskLink taskId={task.id} className="task-title" aria-describedby={hasMeta ? metaId : undefined}>
          {task.title}
        </TaskLink>
        {hasMeta && (
          <div className="task-meta" id={metaId}>
            {task.priority > 0 && (
              <span className={`task-priority priority-${task.priority}`}>
                <FlagIcon />
                <span>{PRIORITY_NAMES[task.priority]}</span>
                <span className="visually-hidden"> priority</span>
              </span>
            )}
            {task.due_date && (
              <span className={overdue ? 'task-due is-overdue' : 'task-due'}>
                {task.due_time && <ClockIcon />}
                {overdue && <span className="visually-hidden">Overdue: </span>}
                {dueLabel(task.due_date, task.due_time, today)}
              </span>
            )}
            {showList && list && (
              <span className="task-list-name">
                <span className="list-dot" aria-hidden="true" />
                {list.name}
              </span>
            )}
            {task.notes !== '' && <span className="task-has-notes">Notes</span>}
          </div>
        )}
      </div>
      {!viewOnly && trailing}
    </li>
  );
}
