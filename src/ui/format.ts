// Display strings for dates and priorities; the data stays in ISO form.
import { dayLabel, isoFromParts, parseIso } from '@/lib/dates';
import type { Priority } from '@/domain/model';
import { rememberedFormat } from './format-memory';

/** A local Date at noon for an ISO day (noon keeps DST shifts from changing the day). */
export function dateFromIso(iso: string): Date {
  const { year, month, day } = parseIso(iso);
  const date = new Date(year, month - 1, day, 12);
  date.setFullYear(year);
  return date;
}

export function isoFromDate(date: Date): string {
  return isoFromParts(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/**
 * Formats ISO days with `options`, adding the year only for days outside `today`'s year; the
 * formatters are made on first use, and strings made before are remembered (./format-memory.ts).
 */
function dayFormat(options: Intl.DateTimeFormatOptions): (iso: string, today?: string) => string {
  const format = rememberedFormat(`day ${JSON.stringify(options)}`, () => {
    const withoutYear = new Intl.DateTimeFormat(undefined, options);
    const withYear = new Intl.DateTimeFormat(undefined, { ...options, year: 'numeric' });
    return (key: string) => (key.endsWith('+year') ? withYear : withoutYear).format(dateFromIso(key.slice(0, 10)));
  });
  return (iso, today) => {
    const sameYear = !today || parseIso(iso).year === parseIso(today).year;
    return format(sameYear ? iso : `${iso}+year`);
  };
}

/** "Monday 23 November" (in the user's locale), with the year when it isn't this year. */
export const longDate = dayFormat({ weekday: 'long', day: 'numeric', month: 'long' });

/** "Mon, 23 Nov" (in the user's locale), with the year when it isn't this year. */
export const mediumDate = dayFormat({ weekday: 'short', day: 'numeric', month: 'short' });

/** The due chip: "Today", "Tomorrow 09:30", "Mon 23 Nov". */
export function dueLabel(dueDate: string, dueTime: string | null, today: string): string {
  const day = dayLabel(dueDate, today);
  return dueTime ? `${day} ${dueTime}` : day;
}

export const PRIORITY_NAMES: Record<Priority, string> = { 0: 'None', 1: 'Low', 2: 'Medium', 3: 'High' };

const countFormat = rememberedFormat('count', () => {
  const format = new Intl.NumberFormat();
  return (n: number) => format.format(n);
});

/** "50,010" (in the user's locale): counts people read at a glance. */
export function formatCount(n: number): string {
  return countFormat(n);
}
