// The week (SPEC §18): which days a week holds and what each day lists. A day lists its untimed
// tasks, then its timed ones by time, then the deadlines that fall on it; a repeating task shows
// on each of its occurrences (the later ones as repeats of the task's own row, as on Upcoming).
import { addDays, weekday } from '@/lib/dates';
import type { Task } from './model';
import { laterOccurrences } from './recurrence';

/** ISO weekday of a week's first day: 1 = Monday … 7 = Sunday (Intl's weekInfo.firstDay). */
export type FirstDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The locale's first day of the week where the platform knows it (Chromium's Intl week info), else Monday. */
export function localeFirstDay(locale: string): FirstDay {
  try {
    const loc = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = loc.getWeekInfo?.().firstDay ?? loc.weekInfo?.firstDay;
    return firstDay && firstDay >= 1 && firstDay <= 7 ? (firstDay as FirstDay) : 1;
  } catch {
    return 1;
  }
}

/** The first day of the week that holds `date`. */
export function weekStartOf(date: string, firstDay: FirstDay): string {
  const iso = weekday(date) || 7; // 1 = Monday … 7 = Sunday
  return addDays(date, -((iso - firstDay + 7) % 7));
}

/** The seven dates of the week starting on `start`. */
export function weekDates(start: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export interface WeekEntry {
  task: Task;
  /** The day the entry sits under. */
  date: string;
  /** task: the task's own row · repeat: a later occurrence · deadline: the task's deadline day. */
  kind: 'task' | 'repeat' | 'deadline';
}

export interface WeekDay {
  date: string;
  /** Untimed tasks, then timed ones by time (own rows and repeats alike). */
  tasks: WeekEntry[];
  deadlines: WeekEntry[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Untimed first (like all-day events), then by time, then in list order. */
function byTime(a: WeekEntry, b: WeekEntry): number {
  const at = a.task.due_time;
  const bt = b.task.due_time;
  if ((at === null) !== (bt === null)) return at === null ? -1 : 1;
  return cmp(at ?? '', bt ?? '') || cmp(a.task.position, b.task.position) || cmp(a.task.id, b.task.id);
}

/**
 * The days of [start, start + days): `due` are the open tasks due then, `repeating` the open
 * repeating tasks due up to its end, `deadlines` the open tasks whose deadline falls in it.
 */
export function weekDays(
  start: string,
  due: readonly Task[],
  repeating: readonly Task[],
  deadlines: readonly Task[],
  today: string,
  days = 7,
): WeekDay[] {
  const out: WeekDay[] = [];
  const byDate = new Map<string, WeekDay>();
  for (let i = 0; i < days; i++) {
    const day: WeekDay = { date: addDays(start, i), tasks: [], deadlines: [] };
    out.push(day);
    byDate.set(day.date, day);
  }
  const end = addDays(start, days - 1);
  for (const task of due) {
    if (task.done || task.due_date === null) continue;
    byDate.get(task.due_date)?.tasks.push({ task, date: task.due_date, kind: 'task' });
  }
  for (const task of repeating) {
    for (const date of laterOccurrences(task, start, end, today)) byDate.get(date)?.tasks.push({ task, date, kind: 'repeat' });
  }
  for (const task of deadlines) {
    if (task.done || !task.deadline) continue;
    byDate.get(task.deadline)?.deadlines.push({ task, date: task.deadline, kind: 'deadline' });
  }
  for (const day of out) {
    day.tasks.sort(byTime);
    day.deadlines.sort((a, b) => cmp(a.task.position, b.task.position) || cmp(a.task.id, b.task.id));
  }
  return out;
}

/** "HH:MM" moved by `minutes`, or null when that leaves the day. */
export function shiftTime(time: string, minutes: number): string | null {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  if (total < 0 || total >= 24 * 60) return null;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** SPEC §18: a timed task's duration, in minutes, is 15 minutes to 8 hours in 15-minute steps. */
export const DURATION_MIN = 15;
export const DURATION_MAX = 480;
/** How long a timed task without a duration is drawn (as the calendar feed counts it). */
export const DEFAULT_BLOCK_MIN = 30;

/** "HH:MM" → minutes since midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes since midnight → "HH:MM" (24:00 for the end of the day). */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Side-by-side lanes for blocks that overlap on a day's timeline: each block's lane and how many
 * lanes its group of overlapping blocks needs. `blocks` in start order.
 */
export function lanes(blocks: readonly { start: number; end: number }[]): { lane: number; of: number }[] {
  const out: { lane: number; of: number }[] = [];
  let group: number[] = [];
  let groupEnd = -1;
  let ends: number[] = [];
  const close = () => {
    for (const i of group) out[i]!.of = ends.length;
  };
  blocks.forEach((b, i) => {
    if (b.start >= groupEnd) {
      close();
      group = [];
      ends = [];
    }
    let lane = ends.findIndex((end) => end <= b.start);
    if (lane === -1) lane = ends.push(b.end) - 1;
    else ends[lane] = b.end;
    out[i] = { lane, of: 1 };
    group.push(i);
    groupEnd = Math.max(groupEnd, b.end);
  });
  close();
  return out;
}
