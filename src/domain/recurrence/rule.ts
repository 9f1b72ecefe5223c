// The typed subset of RFC 5545 RRULE that Daybook repeats by (SPEC §11.1). The types make the
// combinations outside the subset unrepresentable: BYDAY weekdays only on WEEKLY, one nth weekday
// or one BYMONTHDAY only on MONTHLY, COUNT and UNTIL never together.
//
// A rule never travels alone: it is anchored on the task's FIRST due date (the RFC's DTSTART),
// stored beside the rule and kept when the due date advances. See expand.ts for why.
import { dayFromValidIso } from './calendar';

/** RFC 5545 weekday codes, in ISO order (Monday first); the index is the internal weekday number. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Monday to Friday, the "Weekdays" preset and the words "every weekday". */
export const WORKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** First to fourth, or last: the nth weekdays every month has, so no month is ever skipped. */
export type Nth = 1 | 2 | 3 | 4 | -1;

export interface RuleBase {
  /** 1–99: every `interval` days, weeks, months or years. */
  interval: number;
  /** Ends after this many occurrences, the anchor being the first (1–999), or null. */
  count: number | null;
  /** Ends on this date, inclusive ('YYYY-MM-DD'), or null. */
  until: string | null;
  /**
   * SPEC §14.3 "From the day it's done": the next due date is `interval` units after the day an
   * occurrence is completed, not the next date of a pattern. Stored as Daybook's own part
   * FROM=DONE (outside RFC 5545). Such a rule takes no weekdays, day of the month or COUNT.
   */
  fromDone?: boolean;
}

export interface DailyRule extends RuleBase {
  freq: 'DAILY';
}

export interface WeeklyRule extends RuleBase {
  freq: 'WEEKLY';
  /** Days of the week, in ISO order; empty means the anchor's weekday (RFC default). */
  days: readonly Weekday[];
  /**
   * WKST: which day starts the week, deciding which weeks count for "every 2 weeks" when the
   * days straddle the week boundary. Part of the rule, not of the device, so two devices with
   * different locales sharing a list advance the task to the same date. Default 'MO'.
   */
  weekStart: Weekday;
}

/** A day of the month (1–31, or -1 = the last day), or the nth weekday ("the last Friday"). */
export type MonthlyOn = { monthDay: number } | { nth: Nth; weekday: Weekday };

export interface MonthlyRule extends RuleBase {
  freq: 'MONTHLY';
  /** null means the anchor's day of the month (RFC default). */
  on: MonthlyOn | null;
}

/** Yearly repeats on the anchor's month and day (the subset has no BYMONTH). */
export interface YearlyRule extends RuleBase {
  freq: 'YEARLY';
}

export type Rule = DailyRule | WeeklyRule | MonthlyRule | YearlyRule;
export type Freq = Rule['freq'];

export const LIMITS = { interval: 99, count: 999, text: 500 } as const;

/** User-facing messages. The first two are SPEC §11.1's; the rest explain a rule from elsewhere. */
export const REPEAT_MESSAGES = {
  dateRequired: 'Set a date before repeating',
  interval: 'Pick an interval between 1 and 99',
  count: 'Pick a number of times between 1 and 999',
  until: 'Pick an end date between 1900 and 2999',
  countAndUntil: 'End a repeat after a number of times or on a date, not both',
  empty: 'The repeat rule is empty',
  tooLong: 'The repeat rule is too long',
  noFreq: 'The repeat rule has no FREQ',
  freq: 'Repeats are daily, weekly, monthly or yearly',
  byDayFreq: 'Only weekly and monthly repeats take weekdays (BYDAY)',
  byMonthDayFreq: 'Only monthly repeats take a day of the month (BYMONTHDAY)',
  monthDay: 'Pick a day of the month between 1 and 31, or the last day',
  nth: 'Pick the first, second, third, fourth or last weekday of the month',
  monthlyByDay: 'A monthly repeat takes one weekday with its place, like 2TU or -1FR',
  weeklyByDay: 'A weekly repeat takes plain weekdays, like MO,WE',
  dayAndWeekday: 'Repeat on a day of the month or on a weekday, not both',
  fromDone: 'A repeat from the day it’s done takes no weekdays, day of the month or number of times',
} as const;

const NTHS: readonly number[] = [1, 2, 3, 4, -1];
const isWeekday = (d: unknown): d is Weekday => (WEEKDAYS as readonly unknown[]).includes(d);

/**
 * What is wrong with a rule's values, or null: for a rule the dialog built, and as the
 * expander's guard (a nonsense value must fail loudly, never loop or yield "NaN-NaN-NaN").
 */
export function ruleProblem(rule: Rule): string | null {
  const { interval, count, until } = rule;
  if (!Number.isInteger(interval) || interval < 1 || interval > LIMITS.interval) return REPEAT_MESSAGES.interval;
  if (count !== null && (!Number.isInteger(count) || count < 1 || count > LIMITS.count)) return REPEAT_MESSAGES.count;
  if (until !== null && (typeof until !== 'string' || dayFromValidIso(until) === null)) return REPEAT_MESSAGES.until;
  if (count !== null && until !== null) return REPEAT_MESSAGES.countAndUntil;
  if (rule.fromDone && (count !== null || (rule.freq === 'WEEKLY' && rule.days.length > 0) || (rule.freq === 'MONTHLY' && rule.on !== null))) {
    return REPEAT_MESSAGES.fromDone;
  }
  switch (rule.freq) {
    case 'DAILY':
    case 'YEARLY':
      return null;
    case 'WEEKLY':
      return Array.isArray(rule.days) && rule.days.every(isWeekday) && isWeekday(rule.weekStart)
        ? null
        : REPEAT_MESSAGES.weeklyByDay;
    case 'MONTHLY': {
      const on = rule.on;
      if (on === null) return null;
      if ('monthDay' in on) {
        const d = on.monthDay;
        return Number.isInteger(d) && ((d >= 1 && d <= 31) || d === -1) ? null : REPEAT_MESSAGES.monthDay;
      }
      if (!isWeekday(on.weekday)) return REPEAT_MESSAGES.monthlyByDay;
      return NTHS.includes(on.nth) ? null : REPEAT_MESSAGES.nth;
    }
    default:
      return REPEAT_MESSAGES.freq;
  }
}
