// Occurrences of a rule, and the next due date when one occurrence is completed (SPEC §11.1).
//
// The anchor. A rule is expanded from its ANCHOR: the task's first due date (iCalendar's
// DTSTART), stored beside the rule and NOT moved when the due date advances. The anchor is
// always occurrence 1, and COUNT counts from it. Chosen over decrementing COUNT on each
// completion because:
//  - completing an occurrence writes only the due date, never the rule: two devices completing
//    offline don't both rewrite a counter, and the server can tell occurrences apart by their
//    date alone (SPEC: "one occurrence is completed once");
//  - anchor + rule is exactly DTSTART + RRULE, so an export or another client reads the same
//    series;
//  - the implicit parts stay put: "yearly" on 29 Feb or "monthly" from the 31st take their day
//    from the anchor, not from a due date already clamped to 28 Feb, and "every 2 weeks" keeps
//    its phase.
// COUNT therefore counts the series' dates like a calendar does: "5 times" ends on the fifth
// date even if some were skipped by completing late. When the user moves the due date by hand,
// restartAt() re-anchors the series there, keeping the number of occurrences left.
//
// Month ends (SPEC: the 31st → the last day). Each period has exactly one date where RFC 5545
// would skip: BYMONTHDAY=31 (or 29, 30) falls on the last day of shorter months (31 Jan → 28/29
// Feb → 31 Mar), BYMONTHDAY=-1 is always the last day, and yearly on 29 Feb falls on 28 Feb in
// common years (back to 29 Feb in leap years). The nth weekdays allowed (1st–4th, last) exist in
// every month. So every period has a fixed number of dates, and COUNT positions are arithmetic.
//
// Week start. For WEEKLY with INTERVAL > 1 the week boundary decides which weeks count: from the
// week (starting on the rule's WKST, default Monday as in RFC 5545) holding the anchor, every
// INTERVALth week is active. WKST is part of the rule so every device agrees (see rule.ts).
import {
  dayFromParts,
  dayFromValidIso,
  isoFromDay,
  monthIndex,
  monthLength,
  monthOfMonthIndex,
  partsFromDay,
  weekdayOfDay,
  yearOfMonthIndex,
} from './calendar';
import { type MonthlyOn, type Rule, ruleProblem, WEEKDAYS } from './rule';

/** The last date the app handles (SPEC §5: 1900–2999). */
const LAST_DAY = dayFromParts(2999, 12, 31);

/** A rule laid out in periods (a day, a week, a month, a year) of `interval` steps from the anchor. */
interface Plan {
  /** Dates per period after the first (constant, see the month-end note). */
  perPeriod: number;
  /** The period holding `day`, or the one before it (its dates may fall before `day`). */
  periodOf(day: number): number;
  /** The dates of period `p`, ascending. */
  datesOf(p: number): number[];
}

function plan(rule: Rule, anchor: number): Plan {
  const i = rule.interval;
  const { year: ay, month: am, day: ad } = partsFromDay(anchor);
  switch (rule.freq) {
    case 'DAILY':
      return { perPeriod: 1, periodOf: (d) => Math.floor((d - anchor) / i), datesOf: (p) => [anchor + p * i] };
    case 'WEEKLY': {
      const start = WEEKDAYS.indexOf(rule.weekStart);
      const sinceStart = (wd: number) => (wd - start + 7) % 7;
      const week0 = anchor - sinceStart(weekdayOfDay(anchor));
      const days = rule.days.length ? rule.days.map((d) => WEEKDAYS.indexOf(d)) : [weekdayOfDay(anchor)];
      const offsets = [...new Set(days.map(sinceStart))].sort((a, b) => a - b);
      return {
        perPeriod: offsets.length,
        periodOf: (d) => Math.floor((d - week0) / (7 * i)),
        datesOf: (p) => offsets.map((o) => week0 + 7 * i * p + o),
      };
    }
    case 'MONTHLY': {
      const m0 = monthIndex(ay, am);
      return {
        perPeriod: 1,
        periodOf: (d) => {
          const { year, month } = partsFromDay(d);
          return Math.floor((monthIndex(year, month) - m0) / i);
        },
        datesOf: (p) => {
          const index = m0 + p * i;
          const year = yearOfMonthIndex(index);
          const month = monthOfMonthIndex(index);
          return [dayFromParts(year, month, dayOfMonth(rule.on, year, month, ad))];
        },
      };
    }
    case 'YEARLY':
      return {
        perPeriod: 1,
        periodOf: (d) => Math.floor((partsFromDay(d).year - ay) / i),
        datesOf: (p) => [dayFromParts(ay + p * i, am, Math.min(ad, monthLength(ay + p * i, am)))],
      };
  }
}

/** The day of the month a MONTHLY rule lands on in (year, month), month ends clamped. */
function dayOfMonth(on: MonthlyOn | null, year: number, month: number, anchorDay: number): number {
  const length = monthLength(year, month);
  if (on === null) return Math.min(anchorDay, length);
  if ('monthDay' in on) return on.monthDay === -1 ? length : Math.min(on.monthDay, length);
  const target = WEEKDAYS.indexOf(on.weekday);
  if (on.nth === -1) {
    const lastWeekday = weekdayOfDay(dayFromParts(year, month, length));
    return length - ((lastWeekday - target + 7) % 7);
  }
  const firstWeekday = weekdayOfDay(dayFromParts(year, month, 1));
  return 1 + ((target - firstWeekday + 7) % 7) + 7 * (on.nth - 1);
}

function checkDate(iso: string, what: string): number {
  const day = dayFromValidIso(iso);
  if (day === null) throw new RangeError(`${what} is not a date between 1900 and 2999: ${iso}`);
  return day;
}

/**
 * The occurrences of `rule` anchored on `anchor` that fall in [from, to] (inclusive,
 * 'YYYY-MM-DD'), in order, at most `limit` of them. The anchor is occurrence 1 even when the
 * rule's pattern would not produce it; COUNT and UNTIL (inclusive) end the series.
 */
export function occurrences(rule: Rule, anchor: string, from: string, to: string, limit = Infinity): string[] {
  const problem = ruleProblem(rule);
  if (problem) throw new RangeError(problem);
  const a = checkDate(anchor, 'anchor');
  const lo = checkDate(from, 'from');
  const end = checkDate(to, 'to');
  const hi = Math.min(end, rule.until === null ? LAST_DAY : (dayFromValidIso(rule.until) as number));
  const out: string[] = [];
  if (limit <= 0) return out;
  if (lo <= a && a <= end) out.push(anchor);
  const count = rule.count ?? Infinity;
  const start = Math.max(lo, a + 1);
  if (out.length >= limit || count <= 1 || start > hi) return out;

  const { perPeriod, periodOf, datesOf } = plan(rule, a);
  // Occurrence numbers: 1 is the anchor, then the first period's dates after it, then perPeriod
  // per period. They let COUNT end the series without walking it from the anchor.
  const firstPeriod = datesOf(0).filter((d) => d > a);
  for (let p = Math.max(0, periodOf(start)); ; p++) {
    const dates = p === 0 ? firstPeriod : datesOf(p);
    const before = p === 0 ? 1 : 1 + firstPeriod.length + (p - 1) * perPeriod;
    for (let j = 0; j < dates.length; j++) {
      const d = dates[j] as number;
      if (before + j + 1 > count || d > hi) return out;
      if (d < start) continue;
      out.push(isoFromDay(d));
      if (out.length >= limit) return out;
    }
  }
}

/** Whether `date` is one of the series' dates. */
export function isOccurrence(rule: Rule, anchor: string, date: string): boolean {
  return occurrences(rule, anchor, date, date, 1).length === 1;
}

/** The first occurrence strictly after `date`, or null when the series has ended. */
export function occurrenceAfter(rule: Rule, anchor: string, date: string): string | null {
  const next = isoFromDay(checkDate(date, 'date') + 1);
  return next > '2999-12-31' ? null : (occurrences(rule, anchor, next, '2999-12-31', 1)[0] ?? null);
}

/**
 * Completing one occurrence (SPEC §11.1): the task's next due date is the first occurrence
 * strictly after the later of the completed occurrence and today — completing Friday's early on
 * Wednesday gives the one after Friday, completing a daily task three days late gives tomorrow.
 * null when COUNT or UNTIL has been reached: the task then completes like a plain task.
 * `anchor` is the series' first due date (see the top of this file), not the current due date.
 */
export function nextDue(rule: Rule, anchor: string, completedOccurrence: string, today: string): string | null {
  const later = Math.max(checkDate(completedOccurrence, 'completedOccurrence'), checkDate(today, 'today'));
  return occurrenceAfter(rule, anchor, isoFromDay(later));
}

/**
 * The user moved a repeating task's due date from `currentDue` to `newDue`: the series restarts
 * there (new anchor), and a COUNT keeps the number of occurrences not yet done — the current one
 * and those after it — so "5 times" still means five in all.
 */
export function restartAt(rule: Rule, anchor: string, currentDue: string, newDue: string): { rule: Rule; anchor: string } {
  checkDate(newDue, 'newDue');
  if (rule.count === null) return { rule, anchor: newDue };
  const after = checkDate(currentDue, 'currentDue') + 1;
  // no date after the last one the app handles: the current occurrence is the only one left
  const later = after > LAST_DAY ? [] : occurrences(rule, anchor, isoFromDay(after), '2999-12-31');
  return { rule: { ...rule, count: 1 + later.length }, anchor: newDue };
}
