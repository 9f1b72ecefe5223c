// The expander jumps to the window by arithmetic (periods, COUNT positions). This checks it
// against a plain reference that walks every day from the anchor and asks "does the rule match
// this day?", written with the app's own date helpers (src/lib/dates.ts), not the expander's
// calendar code — random rules, anchors and windows, so Upcoming never shows a date the rule
// doesn't mean, or misses one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysInMonth, parseIso, weekday } from '@/lib/dates';
import { nextDue, occurrences, type Rule, WEEKDAYS, type Weekday } from '@/domain/recurrence';

/** 0 = Monday … 6 = Sunday, from dates.ts's 0 = Sunday. */
const isoWeekday = (date: string) => (weekday(date) + 6) % 7;
const code = (date: string) => WEEKDAYS[isoWeekday(date)] as Weekday;

function matches(rule: Rule, anchor: string, date: string): boolean {
  const a = parseIso(anchor);
  const d = parseIso(date);
  const i = rule.interval;
  switch (rule.freq) {
    case 'DAILY':
      return daysBetween(anchor, date) % i === 0;
    case 'WEEKLY': {
      const start = WEEKDAYS.indexOf(rule.weekStart);
      const weekOf = (x: string) => addDays(x, -((isoWeekday(x) - start + 7) % 7));
      const days = rule.days.length ? rule.days : [code(anchor)];
      return days.includes(code(date)) && (daysBetween(weekOf(anchor), weekOf(date)) / 7) % i === 0;
    }
    case 'MONTHLY': {
      if (((d.year - a.year) * 12 + d.month - a.month) % i !== 0) return false;
      const length = daysInMonth(d.year, d.month);
      const on = rule.on ?? { monthDay: a.day };
      if ('monthDay' in on) return d.day === (on.monthDay === -1 ? length : Math.min(on.monthDay, length));
      if (code(date) !== on.weekday) return false;
      return on.nth === -1 ? d.day + 7 > length : Math.ceil(d.day / 7) === on.nth;
    }
    case 'YEARLY':
      return (d.year - a.year) % i === 0 && d.month === a.month && d.day === Math.min(a.day, daysInMonth(d.year, a.month));
  }
}

function reference(rule: Rule, anchor: string, from: string, to: string): string[] {
  const all = [anchor];
  for (let d = addDays(anchor, 1); d <= to; d = addDays(d, 1)) {
    if (rule.until !== null && d > rule.until) break;
    if (rule.count !== null && all.length >= rule.count) break;
    if (matches(rule, anchor, d)) all.push(d);
  }
  return all.filter((d) => d >= from && d <= to);
}

const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n));
const weekdayArb = fc.constantFrom(...WEEKDAYS);
const base = {
  interval: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 5 })),
  end: fc.oneof(
    fc.constant({ count: null, until: null }),
    fc.integer({ min: 1, max: 30 }).map((count) => ({ count, until: null })),
    fc.integer({ min: -10, max: 600 }).map((n) => ({ count: null, until: n })),
  ),
};
const partsArb = fc.record({
  freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
  ...base,
  days: fc.uniqueArray(weekdayArb, { maxLength: 7 }),
  weekStart: weekdayArb,
  on: fc.oneof(
    fc.constant(null),
    fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constant(-1)).map((monthDay) => ({ monthDay })),
    fc.record({ nth: fc.constantFrom(1, 2, 3, 4, -1), weekday: weekdayArb }),
  ),
});
type Parts = typeof partsArb extends fc.Arbitrary<infer T> ? T : never;

function build({ freq, interval, end, days, weekStart, on }: Parts, anchor: string): Rule {
  const common = { interval, count: end.count, until: end.until === null ? null : addDays(anchor, end.until) };
  if (freq === 'WEEKLY') return { freq, ...common, days, weekStart };
  if (freq === 'MONTHLY') return { freq, ...common, on };
  return { freq, ...common };
}

describe('the expander agrees with a day-by-day reference', () => {
  it('for random rules, anchors and windows', () => {
    fc.assert(
      fc.property(partsArb, day, fc.integer({ min: -40, max: 900 }), fc.integer({ min: 0, max: 200 }), (r, anchor, start, length) => {
        const rule = build(r, anchor);
        const from = addDays(anchor, start);
        const to = addDays(from, length);
        expect(occurrences(rule, anchor, from, to)).toEqual(reference(rule, anchor, from, to));
      }),
      { numRuns: 300 },
    );
  });

  it('nextDue is the reference\'s first date after the completed one and today', () => {
    fc.assert(
      fc.property(partsArb, day, fc.integer({ min: 0, max: 400 }), fc.integer({ min: -20, max: 400 }), (r, anchor, done, late) => {
        const rule = build(r, anchor);
        const completed = addDays(anchor, done);
        const today = addDays(completed, late);
        const after = [completed, today].sort()[1] as string; // the later of the two
        // Five years and a bit holds the next date of any rule here (yearly, every 5 years).
        const expected = reference(rule, anchor, addDays(after, 1), addDays(after, 1830))[0] ?? null;
        expect(nextDue(rule, anchor, completed, today)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
