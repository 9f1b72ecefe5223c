// Dates in words, read at a token and resolved against the context's today (never the clock):
//   today, tomorrow, the day after (a table's relativeDays) · friday (full names alone; "fri" only
//   after a cue) · this friday · next friday / vendredi prochain (the Friday of next week) · next
//   week (its first day) · next month (its 1st) · this/next weekend (the Saturday) · in 3 days /
//   in a week / in 2 months / 3日後 · dec 24, december 24th, 24 dec, 24th of december, 24 de
//   diciembre, 24. Dezember, 12月24日, with an optional year · on the 24th · 2026-12-24 · and in
//   languages that write them so, 24.12. and 24/12 (or 12/24 in Japanese): dates.numeric.ts.
// A cue before the date ("on", "due", "am", "el") leaves the title with it; after a deadline cue
// ("by", "bis", "antes del") or before a deadline ending ("金曜まで") the date is the deadline.
// English reads no numeric dates like 12/24: their order depends on the locale, and "24/7",
// "2/3 cup" and "1/2" are not dates.
import { addDays } from '@/lib/dates';
import { addUnits, comingWeekday, inRange, isoWeekday, nextDayOfMonth, nextMonthDay, nextWeekStart, validDate, weekdayNextWeek } from './calendar';
import { dayMonthDigits, isoAt, markedDate } from './dates-numeric';
import type { Context } from './table';
import { isWord, matchAny, type Token } from './tokens';

export interface Match<T> {
  /** The index of the first token after the phrase. */
  end: number;
  value: T;
}

const SATURDAY = 5;
const SUNDAY = 6;
const HIRAGANA = /^[\p{sc=Hiragana}]/u;

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

/**
 * A joined particle after a date or time that belongs to it ("明日に", "15時から"), unless kana
 * follow it, which makes it the start of another word ("明日にんじん").
 */
export function withParticles<T>(tokens: readonly Token[], m: Match<T> | null, c: Context): Match<T> | null {
  if (m === null || c.t.particles.length === 0) return m;
  const before = tokens[m.end - 1];
  const first = tokens[m.end];
  if (!before || !first || first.start !== before.end) return m;
  const end = matchAny(tokens, m.end, c.t.particles, null);
  if (end === -1) return m;
  const after = tokens[end];
  if (after && after.start === (tokens[end - 1] as Token).end && HIRAGANA.test(after.text)) return m;
  return { end, value: m.value };
}

export function matchDate(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  const cue = matchAny(tokens, i, c.t.dateCues, null);
  if (cue !== -1) {
    const cued = core(tokens, cue, c, true);
    if (cued) return withParticles(tokens, cued, c);
  }
  return withParticles(tokens, core(tokens, i, c, false), c);
}

/** "by friday", "bis Freitag", "金曜まで": a date after a deadline cue or before a deadline ending. */
export function matchDeadline(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  const cue = matchAny(tokens, i, c.t.deadlineCues, null);
  if (cue !== -1) {
    const m = core(tokens, cue, c, true);
    if (m) return m;
  }
  if (c.t.deadlineAfter.length === 0) return null;
  const m = core(tokens, i, c, false);
  if (m === null) return null;
  const end = matchAny(tokens, m.end, c.t.deadlineAfter, null);
  return end === -1 ? null : withParticles(tokens, { end, value: m.value }, c);
}

function core(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const tok = tokens[i];
  if (tok === undefined || (cued && !tok.space)) return null;
  const { t, today } = c;
  if (tok.kind === 'num') return numericFirst(tokens, i, c, cued);
  if (tok.kind !== 'word') return null;
  const w = tok.text;
  for (const [spelling, days] of t.relativeDays) {
    const end = matchAny(tokens, i, [spelling], null);
    if (end !== -1 && !isRelativeCompound(tokens, i, end, c)) return { end, value: addDays(today, days) };
  }
  if (t.today.has(w) || t.tomorrow.has(w)) {
    // with or without a cue: "am Morgen", "por la mañana" are the morning
    if (isRelativeCompound(tokens, i, i + 1, c)) return null;
    return { end: i + 1, value: t.today.has(w) ? today : addDays(today, 1) };
  }
  if (t.this.has(w) || t.next.has(w)) return thisOrNext(tokens, i + 1, c, t.next.has(w));
  const unitWord = t.nextUnits.get(w) ?? t.thisUnits.get(w);
  if (unitWord !== undefined) return weekWord(tokens, i, c, unitWord, t.nextUnits.has(w));
  if (t.weekendAlone.has(w)) return { end: i + 1, value: thisWeekend(today) };
  if (t.nextWeekendAlone.has(w)) return { end: i + 1, value: weekdayNextWeek(today, SATURDAY, c.weekStart) };
  const into = matchAny(tokens, i, t.in, null);
  if (into !== -1) {
    const m = inUnits(tokens, into, c);
    if (m) return m;
  }
  if (t.the.has(w)) return theNth(tokens, i, c, cued, true);
  if (t.dayWords.has(w)) return theNth(tokens, i, c, cued, false);
  const unit = t.units.get(w);
  const later = unit?.times === 1 ? matchAny(tokens, i + 1, t.nextAfter, true) : -1;
  if (unit && later !== -1) return nextUnit(unit.unit, later, c); // "semaine prochaine", "la semana que viene"
  const weekend = t.nextAfter.length ? matchAny(tokens, i, t.weekend, null) : -1;
  const laterWeekend = weekend === -1 ? -1 : matchAny(tokens, weekend, t.nextAfter, true);
  if (laterWeekend !== -1) return { end: laterWeekend, value: weekdayNextWeek(today, SATURDAY, c.weekStart) }; // "le week-end prochain"
  if (weekend !== -1 && cued && t.weekendAfterCue) return { end: weekend, value: thisWeekend(today) }; // "no fim de semana"
  const weekday = weekdayAt(tokens, i, c, cued);
  if (weekday) return weekday;
  const month = t.months.get(w);
  return month === undefined ? null : monthFirst(tokens, i, month, c);
}

/** "Guten Morgen", "por la mañana": a today/tomorrow word that is a noun here. */
function isRelativeCompound(tokens: readonly Token[], i: number, end: number, c: Context): boolean {
  const before = tokens[i - 1];
  if (before?.kind === 'word' && tokens[i]?.space && c.t.relativeBefore.has(before.text)) return true;
  return matchAny(tokens, end, c.t.relativeAfter, true) !== -1;
}

/** A weekday: its full name, or any spelling after a cue or with "-feira" or "prochain" after it. */
function weekdayAt(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const { t, today, weekStart } = c;
  const w = (tokens[i] as Token).text;
  let day = t.weekdays.get(w);
  let end = i + 1;
  const short = t.anyWeekday.get(w);
  if (short !== undefined && t.weekdaySuffixes.length) {
    const suffixed = matchAny(tokens, end, t.weekdaySuffixes, null);
    if (suffixed !== -1) {
      day = short;
      end = suffixed;
    }
  }
  const next = short === undefined ? -1 : matchAny(tokens, end, t.nextAfter, true);
  if (next !== -1) return { end: next, value: weekdayNextWeek(today, short as number, weekStart) };
  if (cued) day ??= short;
  if (day === undefined) return null;
  if (isCompound(tokens, i, end, c, cued)) return null;
  return { end, value: comingWeekday(today, day) };
}

/**
 * "Good Friday", "Sunday roast", "Viernes Santo", "Sábado de Aleluia": a weekday that is part of a
 * name. The word before counts only without a cue; the words after also with one ("en el Lunes bar").
 */
function isCompound(tokens: readonly Token[], i: number, end: number, c: Context, cued: boolean): boolean {
  const before = tokens[i - 1];
  const joinedBefore = !cued && before?.kind === 'word' && tokens[i]?.space && c.t.compoundsBefore.has(before.text);
  return Boolean(joinedBefore) || matchAny(tokens, end, c.t.compoundsAfter, true) !== -1;
}

const thisWeekend = (today: string) => (isoWeekday(today) === SUNDAY ? today : comingWeekday(today, SATURDAY));

/** After "this"/"next": a weekday, "weekend", "week", "month" (and the unit + "prochaine" form). */
function thisOrNext(tokens: readonly Token[], k: number, c: Context, next: boolean): Match<string> | null {
  const { t, today, weekStart } = c;
  const word = tokens[k];
  if (word === undefined || word.kind !== 'word' || !word.space) return null;
  const end = k + 1;
  const day = t.anyWeekday.get(word.text);
  if (day !== undefined) {
    const suffixed = matchAny(tokens, end, t.weekdaySuffixes, null);
    return { end: suffixed === -1 ? end : suffixed, value: next ? weekdayNextWeek(today, day, weekStart) : comingWeekday(today, day) };
  }
  const weekend = matchAny(tokens, k, t.weekend, true);
  if (weekend !== -1) {
    const after = next ? weekend : Math.max(weekend, matchAny(tokens, weekend, t.nextAfter, true));
    const isNext = next || after !== weekend;
    // On a Sunday "this weekend" is today; otherwise the coming Saturday.
    return { end: after, value: isNext ? weekdayNextWeek(today, SATURDAY, weekStart) : thisWeekend(today) };
  }
  const unit = t.units.get(word.text);
  if (!next || unit === undefined || unit.times !== 1) return null;
  return nextUnit(unit.unit, end, c);
}

function nextUnit(unit: string, end: number, c: Context): Match<string> | null {
  if (unit === 'week') return { end, value: nextWeekStart(c.today, c.weekStart) };
  if (unit === 'month') {
    const first = addUnits(`${c.today.slice(0, 8)}01`, 'month', 1);
    return first === null ? null : { end, value: first };
  }
  return null;
}

/** "来週" (next week), "来週の金曜" (its Friday), "今週金曜" (this Friday), "来月" (the 1st of next month). */
function weekWord(tokens: readonly Token[], i: number, c: Context, unit: string, next: boolean): Match<string> | null {
  const k = isWord(tokens, i + 1, c.t.linkers) ? i + 2 : i + 1;
  const word = tokens[k];
  const day = unit === 'week' && word?.kind === 'word' ? c.t.anyWeekday.get(word.text) : undefined;
  if (day !== undefined) return { end: k + 1, value: next ? weekdayNextWeek(c.today, day, c.weekStart) : comingWeekday(c.today, day) };
  return next ? nextUnit(unit, i + 1, c) : null;
}

/** "in 3 days", "in a week", "in 2 months" (from today), from the token after the cue. */
function inUnits(tokens: readonly Token[], k: number, c: Context): Match<string> | null {
  const n = countAt(tokens, k, c, 999);
  const unit = tokens[k + 1]?.space ? c.t.units.get(tokens[k + 1]?.text ?? '') : undefined;
  if (n === null || unit === undefined) return null;
  const value = addUnits(c.today, unit.unit, n * unit.times);
  return inRange(value) ? { end: k + 2, value } : null;
}

/** A day number 1–31 with an optional joined ordinal ending ("24", "24th", "24."). */
export function dayAt(tokens: readonly Token[], i: number, c: Context): { day: number; end: number; ordinal: boolean } | null {
  const day = numberAt(tokens, i, 2, 1, 31);
  if (day === null) return null;
  const suffix = tokens[i + 1];
  const ordinal = suffix !== undefined && !suffix.space && suffix.kind !== 'num' && c.t.ordinals.has(suffix.text);
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

/** "24 dec", "24th of december", "on the 24th" (cued), "2026-12-24", "24.12.", "12月24日", "3日後". */
function numericFirst(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const exact = isoAt(tokens, i) ?? dayMonthDigits(tokens, i, c, cued) ?? markedDate(tokens, i, c);
  if (exact) return exact;
  const day = dayAt(tokens, i, c);
  if (day === null) return null;
  const dated = monthAfter(tokens, day.end, day.day, c);
  if (dated) return dated;
  if (!cued || !(day.ordinal || c.t.ordinalOptional) || isWord(tokens, day.end, c.t.counted)) return null;
  const value = nextDayOfMonth(c.today, day.day);
  return value === null ? null : { end: day.end, value };
}

/** "the 24th of december", "dia 24 de dezembro"; "the 24th", "dia 24" after a cue only ("Read the 9th chapter" has no date). */
function theNth(tokens: readonly Token[], i: number, c: Context, cued: boolean, needsOrdinal: boolean): Match<string> | null {
  if (!tokens[i + 1]?.space) return null;
  const day = dayAt(tokens, i + 1, c);
  if (day === null || (needsOrdinal && !day.ordinal)) return null;
  const dated = monthAfter(tokens, day.end, day.day, c);
  if (dated || !cued || isWord(tokens, day.end, c.t.counted)) return dated;
  const value = nextDayOfMonth(c.today, day.day);
  return value === null ? null : { end: day.end, value };
}
