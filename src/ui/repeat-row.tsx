// A later occurrence of a repeating task, on Upcoming (SPEC §11.1: "marked as repeats, opening
// the task"). Not a task of its own: no checkbox (only the current occurrence is completed, from
// the task's own row), a repeat mark in its place, and the title opens the task. Its link is
// named "<title> (repeat)" so a screen reader tells it from the task's row; the meta line says
// the rule in words ("Repeats every day"), the time and the list.
import type { CSSProperties } from 'react';
import type { List, Task } from '@/domain/model';
import { RepeatIcon } from './icons';
import { timeSpan } from './format';
import { TaskLink } from './task-link';
import { t } from './messages';
import { useRepeatName } from './repeat-name';
import './task-row.css';

export interface RepeatRowViewProps {
  task: Task;
  /** The occurrence's date (the row sits under that day). */
  date: string;
  list?: List | undefined;
  showList?: boolean;
}

export function RepeatRowView({ task, date, list, showList = false }: RepeatRowViewProps) {
  const accent = list ? `var(--list-${list.color})` : undefined;
  const metaId = `repeat-meta-${task.id}-${date}`;
  const rule = useRepeatName(task) ?? t('ui.repeats');
  return (
    <li className="task-row is-repeat" style={accent ? ({ '--accent': accent } as CSSProperties) : undefined}>
      <span className="repeat-mark" aria-hidden="true">
        <RepeatIcon size={14} />
      </span>
      <div className="task-main">
        <TaskLink taskId={task.id} className="task-title" aria-label={t('ui.repeatTitle', { title: task.title })} aria-describedby={metaId}>
          {task.title}
        </TaskLink>
        <div className="task-meta" id={metaId}>
          {task.due_time && <span className="task-due">{timeSpan(task.due_time, task.duration_min)}</span>}
          <span className="task-repeats">{rule}</span>
          {showList && list && (
            <span className="task-list-name">
              <span className="list-dot" aria-hidden="true" />
              {list.name}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
