// Completing one occurrence of a repeating task (SPEC §11.1): the due date moves to the first
// occurrence strictly after the later of the completed occurrence and today; with none left the
// task completes like a plain one. The anchor is the series' first due date, kept as the due
// date advances, so COUNT and "every 2 weeks" keep counting from it.
import { describe, expect, it } from 'vitest';
import { nextDue, occurrences, parseRule, restartAt, type Rule } from '@/domain/recurrence';

function rule(text: string): Rule {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.rule;
}

// [what, rule, anchor (first due date), completed occurrence (the due date), today, next due]
describe('nextDue', () => {
  it.each([
    // SPEC's own examples
    ["Friday's weekly occurrence completed early on Wednesday → the Friday after", 'FREQ=WEEKLY;BYDAY=FR', '2026-01-02', '2026-01-09', '2026-01-07', '2026-01-16'],
    ['a daily task completed three days late → tomorrow', 'FREQ=DAILY', '2026-01-01', '2026-01-05', '2026-01-08', '2026-01-09'],
    // on time
    ['daily, on the day', 'FREQ=DAILY', '2026-01-01', '2026-01-05', '2026-01-05', '2026-01-06'],
    ['every 3 days keeps its steps', 'FREQ=DAILY;INTERVAL=3', '2026-01-01', '2026-01-04', '2026-01-04', '2026-01-07'],
    ['every 3 days, a day late, keeps its steps', 'FREQ=DAILY;INTERVAL=3', '2026-01-01', '2026-01-04', '2026-01-05', '2026-01-07'],
    // month ends
    ['monthly on the 31st: 31 Jan → 28 Feb', 'FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-01-31', '2026-01-31', '2026-02-28'],
    ['monthly on the 31st: 31 Jan → 29 Feb in a leap year', 'FREQ=MONTHLY;BYMONTHDAY=31', '2028-01-31', '2028-01-31', '2028-01-31', '2028-02-29'],
    ['monthly on the 31st: 28 Feb → 31 Mar, back on the 31st', 'FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-02-28', '2026-02-28', '2026-03-31'],
    ['monthly from the anchor\'s 31st: 30 Apr → 31 May', 'FREQ=MONTHLY', '2026-01-31', '2026-04-30', '2026-04-30', '2026-05-31'],
    ['monthly on the last day', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31', '2026-02-28', '2026-02-28', '2026-03-31'],
    // yearly on 29 February
    ['29 Feb 2024 → 28 Feb 2025', 'FREQ=YEARLY', '2024-02-29', '2024-02-29', '2024-02-29', '2025-02-28'],
    ['28 Feb 2027 → 29 Feb 2028', 'FREQ=YEARLY', '2024-02-29', '2027-02-28', '2027-02-28', '2028-02-29'],
    ['yearly on 24 December', 'FREQ=YEARLY', '2025-12-24', '2025-12-24', '2025-12-26', '2026-12-24'],
    // weekdays
    ['every weekday completed on Friday → Monday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-05', '2026-01-09', '2026-01-09', '2026-01-12'],
    ['every weekday completed on Saturday → Monday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-05', '2026-01-09', '2026-01-10', '2026-01-12'],
    ['every weekday, Monday → Tuesday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-01-05', '2026-01-12', '2026-01-12', '2026-01-13'],
    // every 2 weeks on Tuesday
    ['every 2 weeks on Tuesday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-01-06', '2026-01-06', '2026-01-06', '2026-01-20'],
    ['every 2 weeks on Tuesday, completed early on Monday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-01-06', '2026-01-20', '2026-01-19', '2026-02-03'],
    ['every 2 weeks on Tuesday, 5 days late: the fortnight keeps its phase', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-01-06', '2026-01-20', '2026-01-25', '2026-02-03'],
    ['every 2 weeks on Tuesday and Thursday, Tuesday → Thursday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', '2026-01-06', '2026-01-06', '2026-01-06', '2026-01-08'],
    ['every 2 weeks on Tuesday and Thursday, Thursday → two weeks on', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', '2026-01-06', '2026-01-08', '2026-01-08', '2026-01-20'],
    // the last Friday of the month
    ['the last Friday: January → February', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', '2026-01-30', '2026-01-30', '2026-02-27'],
    ['the last Friday, completed a week early', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30', '2026-02-27', '2026-02-20', '2026-03-27'],
    ['the second Tuesday', 'FREQ=MONTHLY;BYDAY=2TU', '2026-01-13', '2026-01-13', '2026-01-13', '2026-02-10'],
    // an anchor in the past and today far later
    ['daily from 2020, overdue since 2020, done in 2026 → tomorrow', 'FREQ=DAILY', '2020-01-01', '2020-01-05', '2026-06-15', '2026-06-16'],
    ['Mondays from 2020, done on a Monday in 2026 → next Monday', 'FREQ=WEEKLY;BYDAY=MO', '2020-01-06', '2020-01-13', '2026-06-15', '2026-06-22'],
    ['the 31st from 2020, done mid-June 2026 → 30 June', 'FREQ=MONTHLY;BYMONTHDAY=31', '2020-01-31', '2020-03-31', '2026-06-15', '2026-06-30'],
    ['yearly from 2000, done in 2026 after the date → next year', 'FREQ=YEARLY', '2000-03-01', '2001-03-01', '2026-06-15', '2027-03-01'],
  ])('%s', (_what, text, anchor, completed, today, expected) => {
    expect(nextDue(rule(text), anchor, completed, today)).toBe(expected);
  });
});

describe('the end of a series: null, the task completes like a plain one', () => {
  it.each([
    ['COUNT=3 completed at the 3rd', 'FREQ=DAILY;COUNT=3', '2026-01-01', '2026-01-03', '2026-01-03', null],
    ['COUNT=3 completed at the 2nd', 'FREQ=DAILY;COUNT=3', '2026-01-01', '2026-01-02', '2026-01-02', '2026-01-03'],
    ['COUNT=1: only the anchor', 'FREQ=WEEKLY;COUNT=1', '2026-01-05', '2026-01-05', '2026-01-05', null],
    ['COUNT=3 but so late the 3rd has passed', 'FREQ=DAILY;COUNT=3', '2026-01-01', '2026-01-01', '2026-01-05', null],
    ['UNTIL reached', 'FREQ=WEEKLY;UNTIL=20260131', '2026-01-05', '2026-01-26', '2026-01-26', null],
    ['UNTIL is the next date: still one to go', 'FREQ=WEEKLY;UNTIL=20260202', '2026-01-05', '2026-01-26', '2026-01-26', '2026-02-02'],
    ['UNTIL passed while overdue', 'FREQ=DAILY;UNTIL=20260110', '2026-01-01', '2026-01-03', '2026-01-20', null],
    ['a series running to 31 Dec 2999 ends there', 'FREQ=DAILY', '2999-12-01', '2999-12-31', '2999-12-31', null],
  ])('%s', (_what, text, anchor, completed, today, expected) => {
    expect(nextDue(rule(text), anchor, completed, today)).toBe(expected);
  });
});

describe('COUNT counts from the original anchor, not from the advanced due date', () => {
  it('5 times daily, completing one late skips a date but not the end', () => {
    const fiveTimes = rule('FREQ=DAILY;COUNT=5');
    const anchor = '2026-01-01';
    // Completed the 2nd occurrence on the 4th: the due date jumps to the 5th, the fifth and last.
    const due = nextDue(fiveTimes, anchor, '2026-01-02', '2026-01-04');
    expect(due).toBe('2026-01-05');
    expect(nextDue(fiveTimes, anchor, due as string, '2026-01-05')).toBeNull();
  });

  it('walking a series completion by completion gives its dates and then null', () => {
    const r = rule('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4');
    const anchor = '2026-01-31';
    const dates = [anchor];
    for (let due: string | null = anchor; due !== null; ) {
      due = nextDue(r, anchor, due, due);
      if (due) dates.push(due);
    }
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(dates).toEqual(occurrences(r, anchor, anchor, '2026-12-31'));
  });
});

describe('restartAt: the user moves a repeating task\'s due date', () => {
  it('without COUNT the series simply restarts on the new date', () => {
    const weekly = rule('FREQ=WEEKLY');
    expect(restartAt(weekly, '2026-01-05', '2026-01-12', '2026-01-14')).toEqual({ rule: weekly, anchor: '2026-01-14' });
    expect(nextDue(weekly, '2026-01-14', '2026-01-14', '2026-01-14')).toBe('2026-01-21');
  });

  it('COUNT keeps the occurrences not yet done', () => {
    // 5 times from 1 Jan; the 3rd (3 Jan) is due, so 3 are left: moved to the 10th → 10, 11, 12.
    const moved = restartAt(rule('FREQ=DAILY;COUNT=5'), '2026-01-01', '2026-01-03', '2026-01-10');
    expect(moved.anchor).toBe('2026-01-10');
    expect(moved.rule.count).toBe(3);
    expect(occurrences(moved.rule, moved.anchor, '2026-01-01', '2026-12-31')).toEqual(['2026-01-10', '2026-01-11', '2026-01-12']);
  });

  it('COUNT with the due date on the last day the app handles (2999-12-31): that occurrence is the last', () => {
    const fromEnd = restartAt(rule('FREQ=DAILY;COUNT=5'), '2999-12-29', '2999-12-31', '2999-12-20');
    expect(fromEnd).toEqual({ rule: rule('FREQ=DAILY;COUNT=1'), anchor: '2999-12-20' });
    expect(occurrences(fromEnd.rule, fromEnd.anchor, '2999-01-01', '2999-12-31')).toEqual(['2999-12-20']);
    // moved onto it: the occurrences left are kept, and those past 2999 are never reached
    const toEnd = restartAt(rule('FREQ=WEEKLY;COUNT=4'), '2999-12-01', '2999-12-08', '2999-12-31');
    expect(toEnd).toEqual({ rule: rule('FREQ=WEEKLY;COUNT=3'), anchor: '2999-12-31' });
    expect(nextDue(toEnd.rule, toEnd.anchor, '2999-12-31', '2999-12-31')).toBeNull();
  });

  it('a monthly rule without a day follows the new anchor\'s day', () => {
    const monthly = rule('FREQ=MONTHLY');
    const moved = restartAt(monthly, '2026-01-31', '2026-02-28', '2026-03-15');
    expect(nextDue(moved.rule, moved.anchor, '2026-03-15', '2026-03-15')).toBe('2026-04-15');
  });
});
