// A day's timeline (SPEC §18, `/week?day=`): untimed tasks listed first, then the timed ones as
// blocks of their length on an hour grid (30 minutes when they have no duration). A block moves by
// dragging its grip and changes length by dragging its bottom edge, both in 15-minute steps; the
// keyboard moves it with Alt+Up/Down (15 minutes) and Alt+Left/Right (a day).
import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { useStepCounts, useWeekTasks } from '@/data/react';
import type { Task } from '@/domain/model';
import { DEFAULT_BLOCK_MIN, lanes, minutesOf, timeOf, weekDays } from '@/domain/week';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { addDays } from '@/lib/dates';
import { clockTime, longDate, timeSpan } from '@/ui/format';
import { ChevronLeftIcon, ChevronRightIcon, GripIcon } from '@/ui/icons-more';
import { RepeatRowView } from '@/ui/repeat-row';
import { Screen } from '@/ui/screen';
import { TaskLink } from '@/ui/task-link';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { useToday } from '@/ui/use-today';
import { t } from './messages';
import { HOUR_PX, type BlockDrag, useBlockDrag } from './use-block-drag';
import { STEP_MINUTES, useWeekMoves } from './use-week-moves';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** The grid's hours, on the locale's clock as the blocks' times. */
const hourLabel = (h: number) => clockTime(`${String(h).padStart(2, '0')}:00`);

export interface DayTimelineProps {
  day: string;
  onShowWeek: (start: string | undefined) => void;
  onShowDay: (day: string | undefined) => void;
}

/** Where a block is drawn while dragged: its start and length in minutes. */
function blockBox(task: Task, drag: BlockDrag | null): { start: number; length: number } {
  const start = minutesOf(task.due_time ?? '00:00');
  const length = task.duration_min ?? DEFAULT_BLOCK_MIN;
  if (drag?.taskId !== task.id) return { start, length };
  return drag.kind === 'move' ? { start: drag.start, length } : { start, length: drag.length };
}

export function DayTimeline({ day, onShowWeek, onShowDay }: DayTimelineProps) {
  useFormatAnswers();
  const today = useToday();
  const lists = useListsById();
  const read = useWeekTasks(day, 1);
  const entries = useMemo(() => read && weekDays(day, read.due, read.repeating, read.deadlines, today, 1)[0], [read, day, today]);
  const ids = useMemo(() => read?.due.map((t) => t.id) ?? [], [read]);
  const steps = useStepCounts(ids);
  const moves = useWeekMoves(today, (date) => onShowDay(date), entries);
  const untimed = entries?.tasks.filter((e) => e.task.due_time === null) ?? [];
  const timed = entries?.tasks.filter((e) => e.task.due_time !== null) ?? [];
  const { drag, moveProps, resizeProps } = useBlockDrag((task, change) => {
    if (change.kind === 'move') void moves.moveBy(task, { due_time: timeOf(change.start) }, t('week.movedToTime', { title: task.title, time: clockTime(timeOf(change.start)) }));
    else void moves.moveBy(task, { duration_min: change.length }, t('week.lasts', { title: task.title, minutes: change.length }));
  });

  const boxes = timed.map(({ task }) => blockBox(task, drag));
  const placed = lanes(boxes.map((b) => ({ start: b.start, end: b.start + b.length })));
  const grid = useRef<HTMLDivElement>(null);
  const firstStart = boxes[0]?.start;
  const scrolled = useRef<string | null>(null);
  // Opened on a day, the grid shows from an hour before its first block (else from 07:00).
  useEffect(() => {
    if (!entries || scrolled.current === day || !grid.current) return;
    scrolled.current = day;
    const hour = Math.max(0, Math.floor((firstStart ?? 8 * 60) / 60) - 1);
    window.scrollTo({ top: grid.current.getBoundingClientRect().top + window.scrollY + hour * HOUR_PX - 80 });
  }, [entries, day, firstStart]);

  return (
    <Screen
      title={longDate(day, today)}
      subtitle={t('week.timeline')}
      className="week-screen timeline-screen"
      actions={
        <nav className="week-nav" aria-label={t('week.days')}>
          <button type="button" className="icon-btn" aria-label={t('week.previousDay')} onClick={() => onShowDay(addDays(day, -1))}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => onShowWeek(day)}>
            {t('week.title')}
          </button>
          <button type="button" className="icon-btn" aria-label={t('week.nextDay')} onClick={() => onShowDay(addDays(day, 1))}>
            <ChevronRightIcon />
          </button>
        </nav>
      }
    >
      {moves.region}
      {untimed.length > 0 && (
        <ul className="task-list timeline-untimed" aria-label={t('week.anyTime')}>
          {untimed.map(({ task, kind }) =>
            kind === 'repeat' ? (
              <RepeatRowView key={`${task.id}@${day}`} task={task} date={day} list={lists.get(task.list_id)} showList />
            ) : (
              <TaskRow key={task.id} data-task-id={task.id} task={task} today={today} list={lists.get(task.list_id)} showList screenDay={day} steps={steps?.[task.id]} onKeyDown={(e) => moves.onRowKeyDown(e, task)} />
            ),
          )}
        </ul>
      )}
      <div ref={grid} className={drag ? 'timeline is-dragging' : 'timeline'} style={{ height: 24 * HOUR_PX } as CSSProperties}>
        {HOURS.map((h) => (
          <div key={h} className="timeline-hour" style={{ top: h * HOUR_PX }} aria-hidden="true">
            <span>{hourLabel(h)}</span>
          </div>
        ))}
        <ul className="timeline-blocks" aria-label={t('week.timedTasks')}>
          {timed.map(({ task, kind }, i) => {
            const { start, length } = boxes[i]!;
            const { lane, of } = placed[i]!;
            const accent = lists.get(task.list_id)?.color;
            const own = kind === 'task';
            return (
              <li
                key={own ? task.id : `${task.id}@${day}`}
                data-task-id={own ? task.id : undefined}
                className={['timeline-block', drag?.taskId === task.id ? 'is-drag-source' : '', own ? '' : 'is-repeat', length < 45 ? 'is-short' : ''].join(' ').trim()}
                style={{ top: (start / 60) * HOUR_PX, height: Math.max((length / 60) * HOUR_PX, STEP_MINUTES), '--lane': lane, '--lanes': of, ...(accent ? { '--accent': `var(--list-${accent})` } : {}) } as CSSProperties}
                onKeyDown={own ? (e) => moves.onRowKeyDown(e, task) : undefined}
              >
                {own && (
                  <div className="timeline-grip" aria-hidden="true" {...moveProps(task)}>
                    <GripIcon />
                  </div>
                )}
                <TaskLink taskId={task.id} className="task-title">
                  {task.title}{' '}
                  <span className="timeline-time">
                    {timeSpan(timeOf(start), length)}
                  </span>
                  {!own && <span className="visually-hidden"> {t('week.repeat')}</span>}
                </TaskLink>
                {own && <div className="timeline-resize" aria-hidden="true" data-testid="resize" {...resizeProps(task)} />}
              </li>
            );
          })}
        </ul>
      </div>
    </Screen>
  );
}
