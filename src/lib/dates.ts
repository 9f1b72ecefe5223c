// Local calendar dates as 'YYYY-MM-DD' strings. Arithmetic happens on calendar dates via
// Date.UTC (no DST in UTC), never by adding 24 h of milliseconds to a local time: across a
// DST change a local day is 23 or 25 hours long and such sums land on the wrong day.

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Days shown on Upcoming: today … today+13 inclusive ("the next 14 days" counts today). */
export const UPCOMING_DAYS = 14;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isoFromParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Today's date on the device's local calendar. */
export function todayIso(now: Date = new Date()): string {
  return isoFromParts(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export function parseIso(iso: string): { year: number; month: number; day: number } {
  const [y, m, d] = iso.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined || Number.isNaN(y + m + d)) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  }
  return { year: y, month: m, day: d };
}

function toUtc(iso: string): Date {
  const { year, month, day } = parseIso(iso);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; set the year explicitly.
  date.setUTCFullYear(year);
  return date;
}

function fromUtc(date: Date): string {
  return isoFromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function addDays(iso: string, days: number): string {
  const date = toUtc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** Whole calendar days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return toUtc(iso).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

interface Dated {
  done: boolean;
  due_date: string | null;
  due_time: string | null;
  position: string;
}

export function isOverdue(task: Dated, today: string): boolean {
  return !task.done && task.due_date !== null && task.due_date < today;
}

/** SPEC §14.3: how a deadline is marked on `today`: passed, within 2 days, or not at all. */
export function deadlineMark(deadline: string, today: string): 'passed' | 'soon' | null {
  const days = daysBetween(today, deadline);
  return days < 0 ? 'passed' : days <= 2 ? 'soon' : null;
}

/** Date, then time (untimed first, like all-day events), then manual position. */
export function compareByDue(a: Dated, b: Dated): number {
  return (
    cmp(a.due_date ?? '', b.due_date ?? '') || cmp(a.due_time ?? '', b.due_time ?? '') || cmp(a.position, b.position)
  );
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Today screen: open tasks overdue, then open tasks due today, each in due order. */
export function groupForToday<T extends Dated>(tasks: readonly T[], today: string): { overdue: T[]; today: T[] } {
  const open = tasks.filter((t) => !t.done && t.due_date !== null).sort(compareByDue);
  return {
    overdue: open.filter((t) => (t.due_date as string) < today),
    today: open.filter((t) => t.due_date === today),
  };
}

export interface DayGroup<T> {
  date: string;
  label: string;
  tasks: T[];
}

/** `days` consecutive days from `from`, each with its open tasks in due order; empty days included. */
export function groupByDay<T extends Dated>(
  tasks: readonly T[],
  from: string,
  days: number = UPCOMING_DAYS,
  today: string = from,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  const byDate = new Map<string, DayGroup<T>>();
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const group = { date, label: dayLabel(date, today), tasks: [] };
    groups.push(group);
    byDate.set(date, group);
  }
  for (const task of [...tasks].sort(compareByDue)) {
    if (task.done || task.due_date === null) continue;
    byDate.get(task.due_date)?.tasks.push(task);
  }
  return groups;
}

/**
 * How days and months are named for people. This file's own words are English (the Edge
 * Functions' copy of it speaks them); the app's language module puts in the current language's
 * (src/lib/i18n/format.ts), so every screen that names a day names it alike.
 */
export interface DateWords {
  dayLabel(iso: string, today: string): string;
  monthLabel(year: number, month: number): string;
}

let dateWords: DateWords | null = null;

export function setDateWords(words: DateWords | null): void {
  dateWords = words;
}

/** "Today", "Tomorrow", "Yesterday", else "Mon 23 Nov" (with the year when it is not this year's). */
export function dayLabel(iso: string, today: string): string {
  if (dateWords) return dateWords.dayLabel(iso, today);
  const diff = daysBetween(today, iso);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  const { year, month, day } = parseIso(iso);
  const label = `${DAY_NAMES[weekday(iso)]} ${day} ${MONTH_NAMES[month - 1]}`;
  return year === parseIso(today).year ? label : `${label} ${year}`;
}

export function monthLabel(year: number, month: number): string {
  if (dateWords) return dateWords.monthLabel(year, month);
  const names = [
    'January', 'February', 'March', 'April', 'May', 'June',
    'July', 'August', 'September', 'October', 'November', 'December',
  ];
  return `${names[month - 1]} ${year}`;
}

/** Month `n` months after (year, month); month is 1–12. */
export function addMonths(year: number, month: number, n: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The calendar grid of a month: whole weeks (7 ISO dates each) covering the month, starting
 * on `weekStartsOn` (1 = Monday by default). Leading/trailing days belong to the neighbours.
 */
export function monthGrid(year: number, month: number, weekStartsOn = 1): string[][] {
  const first = isoFromParts(year, month, 1);
  const last = isoFromParts(year, month, daysInMonth(year, month));
  let cursor = addDays(first, -((weekday(first) - weekStartsOn + 7) % 7));
  const weeks: string[][] = [];
  while (cursor <= last) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** First and last date shown by `monthGrid`, for one day-counts query per visible month. */
export function monthGridRange(year: number, month: number, weekStartsOn = 1): { from: string; to: string } {
  const weeks = monthGrid(year, month, weekStartsOn);
  return { from: weeks[0]?.[0] as string, to: weeks[weeks.length - 1]?.[6] as string };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 1900–2999 as YYYY-MM-DD (SPEC §5). */
export function isValidIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids any DST shift.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
