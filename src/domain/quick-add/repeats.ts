// Repeats in words → a Rule of domain/recurrence (SPEC §11.1):
//   every day · every 3 days · every week · every other week · every 2 weeks on mon and thu ·
//   every fortnight · every month · every year · every monday · every mon, wed and fri ·
//   every weekday (Mon–Fri) · every weekend (Sat, Sun) · daily, weekly, fortnightly, monthly,
//   yearly, annually.
// The words alone ("daily", "weekly") are also adjectives — "Weekly report", "Daily standup notes"
// — so they count only at the end of the text, where nothing but other recognised parts follow
// ("Water the plants daily", "Take pills daily at 9am"); "every …" counts anywhere.
// "every month on the 15th" and "every year on dec 24" need nothing special: the date part is the
// anchor, and a monthly or yearly rule repeats on the anchor's day.
import { addDays } from '@/lib/dates';
import { presetRule, type Rule, WEEKDAYS, type Weekday, withWeekStart } from '@/domain/recurrence';
import { isoWeekday } from './calendar';
import { countAt, type Match } from './dates';
import type { Unit } from './en';
import type { Context } from './table';
import { isWord, matchAny, type Token } from './tokens';
import type { RepeatValue } from './types';

export interface RepeatSpec {
  unit: Unit;
  interval: number;
  /** Weekdays (0 = Monday) of a weekly repeat, or null for the anchor's. */
  days: readonly number[] | null;
  /** An adverb ("daily"): only at the end of the text. */
  trailingOnly: boolean;
}

const MAX_INTERVAL = 99;
const WORKWEEK = [0, 1, 2, 3, 4];
const WEEKEND = [5, 6];

export function matchRepeat(tokens: readonly Token[], i: number, c: Context): Match<RepeatSpec> | null {
  const tok = tokens[i];
  if (tok?.kind !== 'word') return null;
  const adverb = c.t.repeatAdverbs.get(tok.text);
  if (adverb) return { end: i + 1, value: { ...adverb, days: null, trailingOnly: true } };
  const word = c.t.repeatWords.get(tok.text);
  if (word) {
    const spec: RepeatSpec = { ...word, days: null, trailingOnly: false };
    // "毎週月曜と木曜", "毎週の月曜"
    const k = isWord(tokens, i + 1, c.t.linkers) ? i + 2 : i + 1;
    const days = word.unit === 'week' ? dayList(tokens, k, c) : null;
    return days ? { end: days.end, value: { ...spec, days: days.value } } : { end: i + 1, value: spec };
  }
  const weekday = c.t.repeatWeekdays.get(tok.text);
  if (weekday !== undefined) return { end: i + 1, value: { unit: 'week', interval: 1, days: [weekday], trailingOnly: false } };
  const every = matchAny(tokens, i, c.t.every, null);
  if (every === -1) return null;
  return periodic(tokens, every, c) ?? onDays(tokens, every, c);
}

/** "day", "2 weeks", "other week" [on mon and thu]. */
function periodic(tokens: readonly Token[], i: number, c: Context): Match<RepeatSpec> | null {
  let n = 1;
  let k = i;
  if (isWord(tokens, k, c.t.other)) {
    n = 2;
    k++;
  } else if (tokens[k]?.kind === 'num' || (c.t.numbers.has(tokens[k]?.text ?? '') && tokens[k + 1]?.space)) {
    const count = countAt(tokens, k, c, MAX_INTERVAL);
    if (count === null) return null;
    n = count;
    k++;
  }
  const word = tokens[k];
  const unit = word?.kind === 'word' && word.space ? c.t.units.get(word.text) : undefined;
  if (unit === undefined || n * unit.times > MAX_INTERVAL) return null;
  const spec: RepeatSpec = { unit: unit.unit, interval: n * unit.times, days: null, trailingOnly: false };
  const on = unit.unit === 'week' ? matchAny(tokens, k + 1, c.t.dateCues, true) : -1;
  if (on !== -1) {
    const days = dayList(tokens, on, c);
    if (days) return { end: days.end, value: { ...spec, days: days.value } };
  }
  return { end: k + 1, value: spec };
}

/** "monday", "mon and thu", "weekday", "weekend". */
function onDays(tokens: readonly Token[], i: number, c: Context): Match<RepeatSpec> | null {
  const weekly = (days: readonly number[], end: number): Match<RepeatSpec> => ({
    end,
    value: { unit: 'week', interval: 1, days, trailingOnly: false },
  });
  if (isWord(tokens, i, c.t.workdays)) return weekly(WORKWEEK, i + 1);
  const weekend = matchAny(tokens, i, c.t.weekend, true);
  if (weekend !== -1) return weekly(WEEKEND, weekend);
  const days = dayList(tokens, i, c);
  return days && weekly(days.value, days.end);
}

/** Weekdays joined by ',', '&' or "and": "mon, wed and fri". Any spelling counts here. */
function dayList(tokens: readonly Token[], i: number, c: Context): Match<number[]> | null {
  const first = tokens[i];
  const day = first?.space && first.kind === 'word' ? c.t.repeatWeekday.get(first.text) : undefined;
  if (day === undefined) return null;
  const days = [day];
  let end = i + 1;
  for (;;) {
    let k = end;
    if (tokens[k]?.text === ',' && !tokens[k]?.space) k++;
    if (tokens[k]?.text === '&' || isWord(tokens, k, c.t.and)) k++;
    const next = k > end && tokens[k]?.space && tokens[k]?.kind === 'word' ? c.t.repeatWeekday.get(tokens[k]?.text ?? '') : undefined;
    if (next === undefined) break;
    days.push(next);
    end = k + 1;
  }
  return { end, value: [...new Set(days)].sort((a, b) => a - b) };
}

/**
 * The rule, anchored on the first date from `base` on that it includes: a weekly repeat on other
 * days starts on the first of them ("every monday" typed on a Wednesday starts next Monday), so
 * the anchor is always occurrence 1, as domain/recurrence requires.
 */
export function buildRepeat(spec: RepeatSpec, base: string, weekStart: number): RepeatValue {
  const { interval } = spec;
  if (spec.unit === 'week') {
    const days = spec.days ?? [isoWeekday(base)];
    const shift = Math.min(...days.map((d) => (d - isoWeekday(base) + 7) % 7));
    const anchor = addDays(base, shift);
    const rule: Rule = { freq: 'WEEKLY', interval, count: null, until: null, days: days.map((d) => WEEKDAYS[d] as Weekday), weekStart: 'MO' };
    return { rule: withWeekStart(rule, WEEKDAYS[weekStart] as Weekday), anchor };
  }
  const preset = spec.unit === 'day' ? 'daily' : spec.unit === 'month' ? 'monthly' : 'yearly';
  return { rule: { ...presetRule(preset, base), interval }, anchor: base };
}
