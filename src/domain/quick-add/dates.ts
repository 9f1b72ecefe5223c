// Dates in words, read at a token and resolved against the context's today (never the clock):
//   today, tomorrow · friday (full names alone; "fri" only after a cue) · this friday · next friday
//   (the Friday of next week) · next week (its first day) · next month (its 1st) · this/next weekend
//   (the Saturday) · in 3 days / in a week / in 2 months · dec 24, december 24th, 24 dec, 24th of
//   december, the 24th of december, Dec. 24, with an optional year (", 2027") · on the 24th · 2026-12-24.
// A cue before the date ("on", "due") leaves the title with it; after a deadline cue ("by") the
// date is the deadline (matchDeadline). Numeric dates like 12/24 are
// not read: their order depends on the locale, and "24/7", "2/3 cup" and "1/2" are not dates.
import { addDays } from '@/lib/dates';
import {
  addUnits,
  comingWeekday,
  inRange,
  isoWeekday,
  nextDayOfMonth,
  nextMonthDay,
  nextWeekStart,
  validDate,
  weekdayNextWeek,
} from './calendar';
import type { Context } from './table';
import { isWord, type Token } from './tokens';

export interface Match<T> {
  /** The index of the first token after the phrase. */
  end: number;
  value: T;
}

const SATURDAY = 5;
const SUNDAY = 6;

/** A whole number token of at most `digits` digits, within [min, max], or null. */
export function numberAt(tokens: readonly Token[], i: number, digits: number, min: number, max: number): number | null {
  const t = tokens[i];
  if (t === undefined || t.kind !== 'num' || t.text.length > digits) return null;
  const n = Number(t.text);
  return n >= min && n <= max ? n : null;
}

/** A count in digits or words ("3", "a", "two"), within [1, max]. */
export function countAt(tokens: readonly Token[], i: number, c: Context, max: number): number | null {
  const t = tokens[i];
  if (t === undefined || !t.space) return null;
  if (t.kind === 'num') return numberAt(tokens, i, 3, 1, max);
  const n = t.kind === 'word' ? c.t.numbers.get(t.text) : undefined;
  return n !== undefined && n <= max ? n : null;
}

export function matchDate(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  if (isWord(tokens, i, c.t.dateCues, false)) {
    const cued = core(tokens, i + 1, c, true);
    if (cued) return cued;
  }
  return core(tokens, i, c, false);
}

/** "by friday", "by dec 24": a date after a deadline cue, which is the task's deadline. */
export function matchDeadline(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  return isWord(tokens, i, c.t.deadlineCues, false) ? core(tokens, i + 1, c, true) : null;
}

function core(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const tok = tokens[i];
  if (tok === undefined || (cued && !tok.space)) return null;
  const { t, today } = c;
  if (tok.kind === 'num') return numericFirst(tokens, i, c, cued);
  if (tok.kind !== 'word') return null;
  const w = tok.text;
  if (t.today.has(w)) return { end: i + 1, value: today };
  if (t.tomorrow.has(w)) return { end: i + 1, value: addDays(today, 1) };
  if (t.this.has(w) || t.next.has(w)) return thisOrNext(tokens, i, c, t.next.has(w));
  if (t.in.has(w)) return inUnits(tokens, i, c);
  if (t.the.has(w)) return theNth(tokens, i, c, cued);
  const day = (cued ? t.anyWeekday : t.weekdays).get(w);
  if (day !== undefined) {
    if (!cued && isCompound(tokens, i, c)) return null;
    return { end: i + 1, value: comingWeekday(today, day) };
  }
  const month = t.months.get(w);
  return month === undefined ? null : monthFirst(tokens, i, month, c);
}

/** "Good Friday", "Sunday roast": a weekday that is part of a name. */
function isCompound(tokens: readonly Token[], i: number, c: Context): boolean {
  const before = tokens[i - 1];
  const joinedBefore = before?.kind === 'word' && tokens[i]?.space && c.t.compoundsBefore.has(before.text);
  return Boolean(joinedBefore) || isWord(tokens, i + 1, c.t.compoundsAfter);
}

function thisOrNext(tokens: readonly Token[], i: number, c: Context, next: boolean): Match<string> | null {
  const { t, today, weekStart } = c;
  const word = tokens[i + 1];
  if (word === undefined || word.kind !== 'word' || !word.space) return null;
  const end = i + 2;
  const day = t.anyWeekday.get(word.text);
  if (day !== undefined) return { end, value: next ? weekdayNextWeek(today, day, weekStart) : comingWeekday(today, day) };
  if (t.weekend.has(word.text)) {
    if (next) return { end, value: weekdayNextWeek(today, SATURDAY, weekStart) };
    // On a Sunday "this weekend" is today; otherwise the coming Saturday.
    return { end, value: isoWeekday(today) === SUNDAY ? today : comingWeekday(today, SATURDAY) };
  }
  const unit = t.units.get(word.text);
  if (!next || unit === undefined || unit.times !== 1) return null;
  if (unit.unit === 'week') return { end, value: nextWeekStart(today, weekStart) };
  if (unit.unit === 'month') {
    const first = addUnits(`${today.slice(0, 8)}01`, 'month', 1);
    return first === null ? null : { end, value: first };
  }
  return null;
}

/** "in 3 days", "in a week", "in 2 months" (from today). */
function inUnits(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  const n = countAt(tokens, i + 1, c, 999);
  const unit = tokens[i + 2]?.space ? c.t.units.get(tokens[i + 2]?.text ?? '') : undefined;
  if (n === null || unit === undefined) return null;
  const value = addUnits(c.today, unit.unit, n * unit.times);
  return inRange(value) ? { end: i + 3, value } : null;
}

/** A day number 1–31 with an optional joined ordinal ending ("24", "24th"). */
function dayAt(tokens: readonly Token[], i: number, c: Context): { day: number; end: number; ordinal: boolean } | null {
  const day = numberAt(tokens, i, 2, 1, 31);
  if (day === null) return null;
  const suffix = tokens[i + 1];
  const ordinal = suffix !== undefined && !suffix.space && suffix.kind === 'word' && c.t.ordinals.has(suffix.text);
  return { day, end: ordinal ? i + 2 : i + 1, ordinal };
}

/** ", 2027" or " 2027" after a day and month. */
function yearAt(tokens: readonly Token[], i: number): { year: number; end: number } | null {
  const comma = tokens[i]?.text === ',' && !tokens[i]?.space ? 1 : 0;
  if (!tokens[i + comma]?.space) return null;
  const year = numberAt(tokens, i + comma, 4, 1900, 2999);
  return year === null || tokens[i + comma]?.text.length !== 4 ? null : { year, end: i + comma + 1 };
}

function dayOfMonth(tokens: readonly Token[], end: number, month: number, day: number, c: Context): Match<string> | null {
  if (isWord(tokens, end, c.t.counted)) return null; // "Call May 4 times"
  const year = yearAt(tokens, end);
  const value = year ? validDate(year.year, month, day) : nextMonthDay(c.today, month, day);
  return value === null ? null : { end: year?.end ?? end, value };
}

/** "dec 24", "Dec. 24", "december 24th, 2027". */
function monthFirst(tokens: readonly Token[], i: number, month: number, c: Context): Match<string> | null {
  const k = tokens[i + 1]?.text === '.' && !tokens[i + 1]?.space ? i + 2 : i + 1;
  if (!tokens[k]?.space) return null;
  const day = dayAt(tokens, k, c);
  return day === null ? null : dayOfMonth(tokens, day.end, month, day.day, c);
}

/** After a day: "[of] december [2027]". */
function monthAfter(tokens: readonly Token[], i: number, day: number, c: Context): Match<string> | null {
  const k = isWord(tokens, i, c.t.of) ? i + 1 : i;
  const word = tokens[k];
  const month = word?.kind === 'word' && word.space ? c.t.months.get(word.text) : undefined;
  return month === undefined ? null : dayOfMonth(tokens, k + 1, month, day, c);
}

/** "24 dec", "24th of december", "on the 24th" (cued), "2026-12-24". */
function numericFirst(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const iso = isoAt(tokens, i);
  if (iso) return iso;
  const day = dayAt(tokens, i, c);
  if (day === null) return null;
  const dated = monthAfter(tokens, day.end, day.day, c);
  if (dated) return dated;
  if (!cued || !day.ordinal || isWord(tokens, day.end, c.t.counted)) return null;
  const value = nextDayOfMonth(c.today, day.day);
  return value === null ? null : { end: day.end, value };
}

/** "the 24th of december", "the 24th" after a cue only ("Read the 9th chapter" has no date). */
function theNth(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  if (!tokens[i + 1]?.space) return null;
  const day = dayAt(tokens, i + 1, c);
  if (day === null || !day.ordinal) return null;
  const dated = monthAfter(tokens, day.end, day.day, c);
  if (dated || !cued || isWord(tokens, day.end, c.t.counted)) return dated;
  const value = nextDayOfMonth(c.today, day.day);
  return value === null ? null : { end: day.end, value };
}

/** 2026-12-24, joined, a valid date in SPEC's range. */
function isoAt(tokens: readonly Token[], i: number): Match<string> | null {
  const [y, d1, m, d2, d] = [0, 1, 2, 3, 4].map((k) => tokens[i + k]);
  if (!y || !d1 || !m || !d2 || !d || y.text.length !== 4 || m.text.length !== 2 || d.text.length !== 2) return null;
  if (d1.text !== '-' || d2.text !== '-' || [d1, m, d2, d].some((t) => t.space)) return null;
  if (y.kind !== 'num' || m.kind !== 'num' || d.kind !== 'num') return null;
  const value = validDate(Number(y.text), Number(m.text), Number(d.text));
  return value === null ? null : { end: i + 5, value };
}
