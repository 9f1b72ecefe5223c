// Date arithmetic for the words, on 'YYYY-MM-DD' strings through lib/dates (calendar days, no
// clock). Weekdays are numbered Monday first (0 = Monday … 6 = Sunday), like RRULE's.
import { addDays, addMonths, daysInMonth, isoFromParts, parseIso, weekday } from '@/lib/dates';
import type { Unit } from './en';

/** SPEC §5's date range; anything outside it is not read as a date. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

export const isoWeekday = (iso: string): number => (weekday(iso) + 6) % 7;

export function inRange(iso: string | null): iso is string {
  if (iso === null) return false;
  const { year } = parseIso(iso);
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** The first such weekday from today on, today included: "friday" typed on a Friday is today. */
export function comingWeekday(today: string, day: number): string {
  return addDays(today, (day - isoWeekday(today) + 7) % 7);
}

/** The first day of the week after today's, weeks starting on `weekStart`. */
export function nextWeekStart(today: string, weekStart: number): string {
  return addDays(today, 7 - ((isoWeekday(today) - weekStart + 7) % 7));
}

/** "next friday": that weekday in the week after this one (Todoist's reading). */
export function weekdayNextWeek(today: string, day: number, weekStart: number): string {
  return addDays(nextWeekStart(today, weekStart), (day - weekStart + 7) % 7);
}

/** `n` units after `from`; months and years keep the day or fall on the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addUnits(from: string, unit: Unit, n: number): string | null {
  if (unit === 'day') return addDays(from, n);
  if (unit === 'week') return addDays(from, 7 * n);
  const { year, month, day } = parseIso(from);
  const to = addMonths(year, month, unit === 'month' ? n : 12 * n);
  if (to.year > LAST_YEAR) return null;
  return isoFromParts(to.year, to.month, Math.min(day, daysInMonth(to.year, to.month)));
}

/** A valid calendar date, or null (30 February, day 0). */
export function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const iso = isoFromParts(year, month, day);
  return inRange(iso) ? iso : null;
}

/** The next `day month` from today on, today included: "dec 24" typed on 25 Dec is next year's; "feb 29" the next leap year's. */
export function nextMonthDay(today: string, month: number, day: number): string | null {
  const { year } = parseIso(today);
  for (let y = year; y <= year + 8; y++) {
    const iso = validDate(y, month, day);
    if (iso !== null && iso >= today) return iso;
  }
  return null;
}

/** "on the 31st": the next date with that day of the month, from today on (months without it are passed over). */
export function nextDayOfMonth(today: string, day: number): string | null {
  const { year, month } = parseIso(today);
  for (let k = 0; k < 13; k++) {
    const at = addMonths(year, month, k);
    const iso = validDate(at.year, at.month, day);
    if (iso !== null && iso >= today) return iso;
  }
  return null;
}

/** "next weekend": the Saturday of the week after this one (weeks starting on `weekStart`). */
export function nextWeekendStart(today: string, weekStart: number): string {
  return weekdayNextWeek(today, 5, weekStart);
}
