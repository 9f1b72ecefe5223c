// One task as a list item: a checkbox that completes it (named by the title), the title that
// opens the task dialog, and a meta line (due chip, list, priority, labels). Viewers get no edit controls
// and a disabled checkbox that says why. Presentational: the caller says whether the user may
// edit and what ticking the box does (connected/task-row.tsx looks both up for one row).
import type { CSSProperties, KeyboardEvent, LiHTMLAttributes, ReactNode, Ref } from 'react';
import { dayLabel, deadlineMark, isOverdue } from '@/lib/dates';
import type { Label, List, ListColor, Task } from '@/domain/model';
import { Avatar } from './avatar';
import { dueLabel, PRIORITY_NAMES, timeSpan } from './format';
import { ClockIcon, CommentIcon, EyeIcon, FlagIcon, RepeatIcon, StepsIcon } from './icons';
import { useRepeatName } from './repeat-name';
import { TaskLink } from './task-link';
import { useRowSelection } from './selection-scope';
import { useRowSelectGestures } from './row-select';
import { isTypingTarget } from './typing-target';
import { t } from './messages';
import './task-row.css';

export interface TaskRowProps extends Omit<LiHTMLAttributes<HTMLLIElement>, 'children'> {
  task: Task;
  today: string;
  /** The task's list: its colour is the row's accent, and its name shows when `showList`. */
  list?: List | undefined;
  showList?: boolean;
  /** The day the screen is about (Today, an Upcoming day): the chip then shows only the time. */
  screenDay?: string;
  /** Placed before the checkbox (e.g. a drag handle). */
  leading?: ReactNode;
  /** Placed at the end of the row (e.g. move buttons). */
  trailing?: ReactNode;
  /**
   * For view-only rows: the id of a note elsewhere on screen that explains why nothing can be
   * changed (a list screen says it once at the top). Without it the row says so itself.
   */
  viewOnlyNoteId?: string;
  /** The task's checklist (SPEC §11.3): shown as "done/total" when it has steps. */
  steps?: { done: number; total: number } | undefined;
  /** How many live comments the task has (SPEC §17): shown when it has any. */
  comments?: number | undefined;
  /** Who does it (SPEC §13.2): the assignee, shown as their avatar "Assigned to <name>". */
  assignee?: { name: string; color: ListColor } | undefined;
  /** The person's labels on the task (SPEC §14.1), shown as chips. */
  labels?: readonly Label[] | undefined;
  ref?: Ref<HTMLLIElement>;
}


export interface TaskRowViewProps extends TaskRowProps {
  /** The user may only view the task's list: no edit controls. */
  viewOnly: boolean;
  /** The checkbox was ticked (true) or cleared (false). */
  onDoneChange: (done: boolean) => void;
}

/** A row for screens that already know the user's role (one list: one lookup, not one per row). */
export function TaskRowView({
  task,
  today,
  list,
  showList = false,
  screenDay,
  leading,
  trailing,
  viewOnly,
  onDoneChange,
  viewOnlyNoteId,
  steps,
  comments,
  assignee,
  labels,
  ref,
  style,
  className,
  onKeyDown,
  ...li
}: TaskRowViewProps) {
  const selection = useRowSelection(task.id);
  const gestures = useRowSelectGestures(task.id, selection);
  // `x` selects and `c` completes the focused row (SPEC §18 "Keyboard"); never while typing
  const onRowKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return;
    if (e.key === 'x' && selection) {
      e.preventDefault();
      selection.store.toggle(task.id);
    } else if (e.key === 'c' && !viewOnly) {
      e.preventDefault();
      onDoneChange(!task.done);
    }
  };
  const overdue = isOverdue(task, today);
  const accent = list ? `var(--list-${list.color})` : undefined;
  const metaId = `task-meta-${task.id}`;
  const showDue = task.due_date !== null && (task.due_date !== screenDay || task.due_time !== null || overdue);
  const ownNote = viewOnly && !viewOnlyNoteId;
  const noteId = viewOnly ? (viewOnlyNoteId ?? `task-view-only-${task.id}`) : undefined;
  const repeats = useRepeatName(task);
  const hasSteps = steps !== undefined && steps.total > 0;
  const mark = task.deadline && !task.done ? deadlineMark(task.deadline, today) : null;
  const hasLabels = labels !== undefined && labels.length > 0;
  const hasComments = comments !== undefined && comments > 0;
  const hasMeta =
    showDue || !!task.deadline || task.priority > 0 || (showList && list) || task.notes !== '' || ownNote || repeats !== null || hasSteps || hasComments || !!assignee || hasLabels;
  return (
    <li
      ref={ref}
      className={['task-row', task.done ? 'is-done' : '', selection?.selected ? 'is-selected' : '', className ?? ''].filter(Boolean).join(' ')}
      style={{ ...(accent ? ({ '--accent': accent } as CSSProperties) : null), ...style }}
      {...li}
      {...gestures}
      onKeyDown={onRowKeyDown}
    >
      {!viewOnly && !selection?.active && leading}
      {selection?.active && (
        <input
          type="checkbox"
          className="task-check task-select"
          aria-label={t('ui.selectTask', { title: task.title })}
          checked={selection.selected}
          onChange={(e) => selection.store.toggle(task.id, e.currentTarget.checked)}
        />
      )}
      <input
        type="checkbox"
        className="task-check"
        aria-label={task.title}
        checked={task.done}
        disabled={viewOnly}
        aria-describedby={noteId}
        onChange={(e) => onDoneChange(e.currentTarget.checked)}
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
                <span>{PRIORITY_NAMES[task.priority]}</span>{' '}
                <span className="visually-hidden">{t('ui.priority')}</span>
              </span>
            )}
            {showDue && task.due_date && (
              <span className={overdue ? 'task-due is-overdue' : 'task-due'}>
                {task.due_time && <ClockIcon />}
                {overdue && <span className="visually-hidden">{t('ui.overdue')}</span>}{' '}
                {task.due_date === screenDay && task.due_time ? timeSpan(task.due_time, task.duration_min) : dueLabel(task.due_date, task.due_time, today, task.duration_min)}
              </span>
            )}
            {task.deadline && (
              <span className={mark ? `task-deadline is-${mark}` : 'task-deadline'}>
                {t('ui.deadline', { day: dayLabel(task.deadline, today) })}
                {mark && ` (${t(mark === 'passed' ? 'ui.deadlinePassed' : 'ui.deadlineSoon')})`}
              </span>
            )}
            {repeats !== null && (
              <span className="task-repeats" role="img" aria-label={repeats} title={repeats}>
                <RepeatIcon />
              </span>
            )}
            {hasSteps && (
              <span className="task-steps" role="img" aria-label={t('ui.stepsDone', { done: steps.done, total: steps.total })}>
                <StepsIcon />
                <span aria-hidden="true">
                  {steps.done}/{steps.total}
                </span>
              </span>
            )}
            {hasComments && (
              <span className="task-comments" role="img" aria-label={t('ui.comments', { count: comments })}>
                <CommentIcon />
                <span aria-hidden="true">{comments}</span>
              </span>
            )}
            {assignee && (
              <span className="task-assignee">
                <Avatar name={assignee.name} color={assignee.color} size="sm" label={t('ui.assignedTo', { name: assignee.name })} title={assignee.name} />
              </span>
            )}
            {showList && list && (
              <span className="task-list-name">
                <span className="list-dot" aria-hidden="true" />
                {list.name}
              </span>
            )}
            {hasLabels &&
              labels.map((l) => (
                <span key={l.id} className="task-label" style={{ '--label': `var(--list-${l.color})` } as CSSProperties}>
                  <span className="visually-hidden">{t('ui.label')} </span>
                  {l.name}
                </span>
              ))}
            {task.notes !== '' && <span className="task-has-notes">{t('ui.notes')}</span>}
            {ownNote && (
              <span className="task-view-only" id={noteId}>
                <EyeIcon size={13} />
                {t('ui.viewOnly')}
              </span>
            )}
          </div>
        )}
      </div>
      {!viewOnly && !selection?.active && trailing}
    </li>
  );
}
