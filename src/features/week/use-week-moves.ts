// Moving tasks on Week and the day timeline: to another day (drag, Alt+Left/Right) or, for a timed
// task, by 15 minutes (Alt+Up/Down). Each move is one plain task.update patch through the same
// write the task dialog uses, so moving a repeating task's current occurrence does exactly what
// changing its date in the dialog does. Later occurrences are not rows of their own and don't move.
// Each move is announced, and focus follows the row to where it lands.
import { type KeyboardEvent, useCallback, useLayoutEffect, useRef } from 'react';
import { tasks } from '@/data';
import type { Task, TaskPatch } from '@/domain/model';
import { shiftTime } from '@/domain/week';
import { reportWriteError } from '@/connected/write-error';
import { addDays } from '@/lib/dates';
import { clockTime, longDate } from '@/ui/format';
import { useAnnouncer } from '@/ui/live-region';
import { t } from './messages';

export const STEP_MINUTES = 15;

export interface WeekMoves {
  moveToDay: (task: Task, date: string) => Promise<void>;
  moveBy: (task: Task, patch: TaskPatch, said: string) => Promise<void>;
  onRowKeyDown: (e: KeyboardEvent<HTMLElement>, task: Task) => void;
  region: React.ReactNode;
}

/**
 * `onDayChange` hears the day a keyboard move took a task to, so the screen can bring it into
 * view (the phone's picked day, or the next week); `dataKey` changes when the rows re-render.
 */
export function useWeekMoves(today: string, onDayChange: (date: string) => void, dataKey: unknown): WeekMoves {
  const { announce, region } = useAnnouncer();
  const refocus = useRef<{ id: string; selector: string } | null>(null);
  // Where each task was last sent, until its row shows it: a key held down, or pressed again
  // before the row re-renders, moves on from there rather than from the row's old place.
  const sent = useRef(new Map<string, Pick<Task, 'due_date' | 'due_time'>>());

  // The moved row is a new element under its new day: focus it once it is drawn.
  useLayoutEffect(() => {
    const want = refocus.current;
    if (!want || dataKey === undefined) return;
    const el = document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(want.id)}"] ${want.selector}`);
    if (el && document.activeElement !== el) {
      el.focus();
      refocus.current = null;
    }
  }, [dataKey]);

  const moveBy = useCallback(
    async (task: Task, patch: TaskPatch, said: string) => {
      const was = sent.current.get(task.id) ?? task;
      sent.current.set(task.id, { due_date: patch.due_date ?? was.due_date, due_time: 'due_time' in patch ? (patch.due_time ?? null) : was.due_time });
      try {
        await tasks.update(task.id, patch);
      } catch (err) {
        sent.current.delete(task.id);
        reportWriteError(err);
        return;
      }
      announce(said);
    },
    [announce],
  );

  const moveToDay = useCallback(
    (task: Task, date: string) => moveBy(task, { due_date: date }, t('week.movedTo', { title: task.title, when: longDate(date, today) })),
    [moveBy, today],
  );

  const onRowKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>, task: Task) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const pending = sent.current.get(task.id);
      if (pending && pending.due_date === task.due_date && pending.due_time === task.due_time) sent.current.delete(task.id);
      const at = sent.current.get(task.id) ?? task;
      if (!at.due_date) return;
      const target = e.target as HTMLElement;
      const selector = target.classList.contains('task-title') ? '.task-title' : target.classList.contains('task-check') ? '.task-check' : null;
      if (!selector) return;
      let date: string | null = null;
      let time: string | null = null;
      if (e.key === 'ArrowLeft') date = addDays(at.due_date, -1);
      else if (e.key === 'ArrowRight') date = addDays(at.due_date, 1);
      else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && at.due_time) time = shiftTime(at.due_time, e.key === 'ArrowUp' ? -STEP_MINUTES : STEP_MINUTES);
      else return;
      // Alt+Left is also the browser's Back: a move key never leaves the screen.
      e.preventDefault();
      if (date) {
        refocus.current = { id: task.id, selector };
        onDayChange(date);
        void moveToDay(task, date);
      } else if (time) {
        refocus.current = { id: task.id, selector };
        void moveBy(task, { due_time: time }, t('week.movedToTime', { title: task.title, time: clockTime(time) }));
      }
    },
    [moveToDay, moveBy, onDayChange],
  );

  return { moveToDay, moveBy, onRowKeyDown, region };
}
