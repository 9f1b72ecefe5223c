// What Upcoming lists under a day and counts on its calendar: open tasks due that day, and the
// later occurrences of repeating tasks (SPEC §11.1), each a row under its occurrence's date. An
// occurrence sorts like a task due that day (untimed first, then by time, then list order).
import { addDays } from '@/lib/dates';
import type { Task } from '@/domain/model';
import { laterOccurrences, occurrenceCounts } from '@/domain/recurrence';

export interface DayItem {
  task: Task;
  /** True for a later occurrence of a repeating task (not the task's own row). */
  repeat: boolean;
  // Sort and grouping keys (groupByDay): the occurrence's date stands for the due date.
  due_date: string;
  due_time: string | null;
  position: string;
  done: false;
}

/** Rows for [from, from + days): `due` are the open tasks due then, `repeating` the open repeating tasks due up to its end. */
export function dayItems(due: readonly Task[], repeating: readonly Task[], from: string, days: number, today: string): DayItem[] {
  const to = addDays(from, days - 1);
  const items: DayItem[] = [];
  for (const task of due) {
    if (task.done || task.due_date === null) continue;
    items.push({ task, repeat: false, due_date: task.due_date, due_time: task.due_time, position: task.position, done: false });
  }
  for (const task of repeating) {
    for (const date of laterOccurrences(task, from, to, today)) {
      items.push({ task, repeat: true, due_date: date, due_time: task.due_time, position: task.position, done: false });
    }
  }
  return items;
}

/** Plain counts per day plus the occurrences on each (the calendar's numbers). */
export function countsWithRepeats(
  plain: Record<string, number>,
  repeating: readonly Task[],
  from: string,
  to: string,
  today: string,
): Record<string, number> {
  const counts = { ...plain };
  for (const [date, n] of Object.entries(occurrenceCounts(repeating, from, to, today))) counts[date] = (counts[date] ?? 0) + n;
  return counts;
}
