// Which dates a repeating task falls on: what Upcoming and the calendar show. Month ends follow
// SPEC (the 31st → the last day of a shorter month), not RFC 5545's skipping.
import { describe, expect, it } from 'vitest';
import { isOccurrence, occurrences, parseRule, type Rule } from '@/domain/recurrence';

function rule(text: string): Rule {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.rule;
}
const expand = (text: string, anchor: string, from: string, to: string, limit?: number) =>
  occurrences(rule(text), anchor, from, to, limit);

describe('daily and weekly', () => {
  it.each([
    ['every day', 'FREQ=DAILY', '2026-01-30', '2026-01-30', '2026-02-02', ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3', '2026-01-01', '2026-01-01', '2026-01-12', ['2026-01-01', '2026-01-04', '2026-01-07', '2026-01-10']],
    ['every 3 days, window not starting on one', 'FREQ=DAILY;INTERVAL=3', '2026-01-01', '2026-01-05', '2026-01-12', ['2026-01-07', '2026-01-10']],
    ['weekly without BYDAY: the anchor\'s weekday', 'FREQ=WEEKLY', '2026-01-07', '2026-01-01', '2026-01-31', ['2026-01-07', '2026-01-14', '2026-01-21', '2026-01-28']],
    ['weekdays skip the weekend', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-08', '2026-01-08', '2026-01-13', ['2026-01-08', '2026-01-09', '2026-01-12', '2026-01-13']],
    ['Monday, Wednesday, Friday', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', '2026-01-05', '2026-01-05', '2026-01-14', ['2026-01-05', '2026-01-07', '2026-01-09', '2026-01-12', '2026-01-14']],
    ['every 2 weeks on Tuesday and Thursday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', '2026-01-06', '2026-01-01', '2026-02-06', ['2026-01-06', '2026-01-08', '2026-01-20', '2026-01-22', '2026-02-03', '2026-02-05']],
    ['the anchor counts even off the pattern', 'FREQ=WEEKLY;BYDAY=MO', '2026-01-07', '2026-01-01', '2026-01-20', ['2026-01-07', '2026-01-12', '2026-01-19']],
    ['a year across the new year', 'FREQ=WEEKLY;BYDAY=TH', '2025-12-25', '2025-12-20', '2026-01-10', ['2025-12-25', '2026-01-01', '2026-01-08']],
  ])('%s', (_what, text, anchor, from, to, expected) => {
    expect(expand(text, anchor, from, to)).toEqual(expected);
  });
});

describe('"every 2 weeks" depends on where the week starts (WKST, default Monday)', () => {
  // Anchor Sunday 4 Jan 2026. With Monday weeks that Sunday ends a week and the Monday after it
  // starts the skipped week; with Sunday weeks they are in the same active week.
  const anchor = '2026-01-04';
  it('Monday weeks (RFC default)', () => {
    expect(expand('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO', anchor, anchor, '2026-02-02')).toEqual([
      '2026-01-04', '2026-01-12', '2026-01-18', '2026-01-26', '2026-02-01',
    ]);
  });
  it('Sunday weeks (WKST=SU)', () => {
    expect(expand('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU', anchor, anchor, '2026-02-02')).toEqual([
      '2026-01-04', '2026-01-05', '2026-01-18', '2026-01-19', '2026-02-01', '2026-02-02',
    ]);
  });
  it('with one day a week the week start changes nothing', () => {
    const mo = expand('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', anchor, anchor, '2026-03-01');
    expect(expand('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=SU', anchor, anchor, '2026-03-01')).toEqual(mo);
    expect(mo).toEqual(['2026-01-04', '2026-01-18', '2026-02-01', '2026-02-15', '2026-03-01']);
  });
});

describe('month ends: the 31st falls on the last day of shorter months', () => {
  it.each([
    ['31st from 31 Jan, leap year', 'FREQ=MONTHLY;BYMONTHDAY=31', '2024-01-31', '2024-01-01', '2024-05-31', ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31']],
    ['31st from 31 Jan, common year', 'FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-01-01', '2026-04-30', ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']],
    ['monthly without BYMONTHDAY takes the anchor\'s 31st', 'FREQ=MONTHLY', '2026-01-31', '2026-01-01', '2026-04-30', ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']],
    ['30th', 'FREQ=MONTHLY;BYMONTHDAY=30', '2026-01-30', '2026-01-01', '2026-03-31', ['2026-01-30', '2026-02-28', '2026-03-30']],
    ['29th in February of a leap year', 'FREQ=MONTHLY;BYMONTHDAY=29', '2028-01-29', '2028-01-01', '2028-03-31', ['2028-01-29', '2028-02-29', '2028-03-29']],
    ['last day (-1)', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', '2026-01-01', '2026-06-30', ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']],
    ['last day from a 30th stays on the last day', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-04-30', '2026-04-01', '2026-07-31', ['2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31']],
    ['every 2 months on the 31st', 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=31', '2025-12-31', '2025-12-01', '2026-06-30', ['2025-12-31', '2026-02-28', '2026-04-30', '2026-06-30']],
    ['the 15th from the 20th: next month\'s 15th', 'FREQ=MONTHLY;BYMONTHDAY=15', '2026-01-20', '2026-01-01', '2026-03-31', ['2026-01-20', '2026-02-15', '2026-03-15']],
    ['the 20th from the 5th: this month\'s 20th', 'FREQ=MONTHLY;BYMONTHDAY=20', '2026-01-05', '2026-01-01', '2026-02-28', ['2026-01-05', '2026-01-20', '2026-02-20']],
  ])('%s', (_what, text, anchor, from, to, expected) => {
    expect(expand(text, anchor, from, to)).toEqual(expected);
  });
});

describe('nth weekday of the month', () => {
  it.each([
    ['the second Tuesday', 'FREQ=MONTHLY;BYDAY=2TU', '2026-01-13', ['2026-01-13', '2026-02-10', '2026-03-10']],
    ['the first Monday', 'FREQ=MONTHLY;BYDAY=1MO', '2026-01-05', ['2026-01-05', '2026-02-02', '2026-03-02']],
    ['the fourth Thursday', 'FREQ=MONTHLY;BYDAY=4TH', '2026-01-22', ['2026-01-22', '2026-02-26', '2026-03-26']],
    ['the last Friday (-1FR)', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', ['2026-01-30', '2026-02-27', '2026-03-27']],
    ['the last Sunday when the month ends on one', 'FREQ=MONTHLY;BYDAY=-1SU', '2026-01-25', ['2026-01-25', '2026-02-22', '2026-03-29']],
  ])('%s', (_what, text, anchor, expected) => {
    expect(expand(text, anchor, '2026-01-01', '2026-03-31')).toEqual(expected);
  });

  it('every 3 months on the last Friday', () => {
    expect(expand('FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR', '2026-01-30', '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-30', '2026-04-24', '2026-07-31', '2026-10-30',
    ]);
  });
});

describe('yearly, and 29 February', () => {
  it('24 December every year', () => {
    expect(expand('FREQ=YEARLY', '2025-12-24', '2025-01-01', '2027-12-31')).toEqual(['2025-12-24', '2026-12-24', '2027-12-24']);
  });
  it('29 Feb falls on 28 Feb in common years and returns in leap years', () => {
    expect(expand('FREQ=YEARLY', '2024-02-29', '2024-01-01', '2028-12-31')).toEqual([
      '2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29',
    ]);
  });
  it('2100 is not a leap year (every 4 years from 2096)', () => {
    expect(expand('FREQ=YEARLY;INTERVAL=4', '2096-02-29', '2096-01-01', '2108-12-31')).toEqual([
      '2096-02-29', '2100-02-28', '2104-02-29', '2108-02-29',
    ]);
  });
});

describe('COUNT counts from the anchor (occurrence 1), UNTIL is inclusive', () => {
  it.each([
    ['3 times daily', 'FREQ=DAILY;COUNT=3', '2026-01-01', '2026-01-01', '2026-01-31', ['2026-01-01', '2026-01-02', '2026-01-03']],
    ['once is just the anchor', 'FREQ=WEEKLY;COUNT=1', '2026-01-05', '2026-01-01', '2026-12-31', ['2026-01-05']],
    ['4 times on three days a week', 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=4', '2026-01-05', '2026-01-01', '2026-01-31', ['2026-01-05', '2026-01-07', '2026-01-09', '2026-01-12']],
    ['an off-pattern anchor is one of the times', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', '2026-01-07', '2026-01-01', '2026-01-31', ['2026-01-07', '2026-01-12', '2026-01-19']],
    ['a window far from the anchor still ends at the count', 'FREQ=DAILY;COUNT=10', '2026-01-01', '2026-01-08', '2026-01-31', ['2026-01-08', '2026-01-09', '2026-01-10']],
    ['count on the 31st with short months', 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3', '2026-01-31', '2026-01-01', '2026-12-31', ['2026-01-31', '2026-02-28', '2026-03-31']],
    ['until the 5th, inclusive', 'FREQ=DAILY;UNTIL=20260105', '2026-01-01', '2026-01-01', '2026-01-31', ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']],
    ['until a date between occurrences', 'FREQ=WEEKLY;UNTIL=20260120', '2026-01-05', '2026-01-01', '2026-12-31', ['2026-01-05', '2026-01-12', '2026-01-19']],
    ['until before the anchor leaves the anchor', 'FREQ=DAILY;UNTIL=20251231', '2026-01-01', '2025-01-01', '2026-12-31', ['2026-01-01']],
  ])('%s', (_what, text, anchor, from, to, expected) => {
    expect(expand(text, anchor, from, to)).toEqual(expected);
  });
});

describe('windows', () => {
  it('limit stops early', () => {
    expect(expand('FREQ=DAILY', '2026-01-01', '2026-01-01', '2999-12-31', 2)).toEqual(['2026-01-01', '2026-01-02']);
  });
  it('nothing before the anchor, nothing in an empty window', () => {
    expect(expand('FREQ=DAILY', '2026-01-10', '2026-01-01', '2026-01-09')).toEqual([]);
    expect(expand('FREQ=DAILY', '2026-01-01', '2026-02-10', '2026-02-01')).toEqual([]);
  });
  it('an anchor in 1990 and a window in 2990 take no walk through the centuries', () => {
    const start = performance.now();
    expect(expand('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR', '1990-01-01', '2990-01-01', '2990-01-31')).toEqual([
      '2990-01-11', '2990-01-15',
    ]);
    expect(performance.now() - start).toBeLessThan(50);
  });
  it('the series stops at 31 Dec 2999, the last date the app handles', () => {
    expect(expand('FREQ=DAILY', '2999-12-30', '2999-12-01', '2999-12-31')).toEqual(['2999-12-30', '2999-12-31']);
  });
  it('refuses a date that is not one', () => {
    expect(() => expand('FREQ=DAILY', '2026-02-30', '2026-01-01', '2026-12-31')).toThrow(RangeError);
    expect(() => expand('FREQ=DAILY', '2026-01-01', 'soon', '2026-12-31')).toThrow(RangeError);
  });
  it('a nonsense rule built in code fails loudly instead of looping', () => {
    const daily = rule('FREQ=DAILY');
    expect(() => occurrences({ ...daily, interval: 0 }, '2026-01-01', '2026-01-01', '2026-12-31')).toThrow(RangeError);
    const monthly: Rule = { freq: 'MONTHLY', interval: 1, count: null, until: null, on: { monthDay: Number.NaN } };
    expect(() => occurrences(monthly, '2026-01-01', '2026-01-01', '2026-12-31')).toThrow(RangeError);
    expect(() => occurrences({ ...daily, until: 'soon' }, '2026-01-01', '2026-01-01', '2026-12-31')).toThrow(RangeError);
  });
  it('isOccurrence', () => {
    const monthly = rule('FREQ=MONTHLY;BYMONTHDAY=31');
    expect(isOccurrence(monthly, '2026-01-31', '2026-02-28')).toBe(true);
    expect(isOccurrence(monthly, '2026-01-31', '2026-03-30')).toBe(false);
  });
});
