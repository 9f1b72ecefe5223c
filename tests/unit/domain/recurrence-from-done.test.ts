// SPEC §14.3 "From the day it's done": the rule part FROM=DONE, its words, and the next due date
// counted from the day an occurrence was completed (the same arithmetic as the server's
// daybook_private.next_from_done, which the shared mutation cases hold it to).
import { describe, expect, it } from 'vitest';
import { formatRule, isFromDone, laterOccurrences, nextFromDone, parseRule, presetOf, repeatLabel, ruleProblem } from '@/domain/recurrence';

const rule = (text: string) => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rule;
};

describe('a repeat from the day it’s done', () => {
  it('reads and writes FROM=DONE, canonically last', () => {
    expect(rule('FREQ=DAILY;FROM=DONE;INTERVAL=3')).toMatchObject({ freq: 'DAILY', interval: 3, fromDone: true });
    expect(formatRule(rule('from=done;FREQ=DAILY;INTERVAL=3'))).toBe('FREQ=DAILY;INTERVAL=3;FROM=DONE');
    expect(formatRule(rule('FREQ=WEEKLY;UNTIL=20270101;FROM=DONE'))).toBe('FREQ=WEEKLY;UNTIL=20270101;FROM=DONE');
    expect(rule('FREQ=DAILY').fromDone).toBeUndefined();
    expect(isFromDone('FREQ=DAILY;FROM=DONE')).toBe(true);
    expect(isFromDone('FREQ=DAILY')).toBe(false);
  });

  it('takes no weekdays, day of the month or number of times', () => {
    for (const text of ['FREQ=WEEKLY;BYDAY=MO;FROM=DONE', 'FREQ=MONTHLY;BYMONTHDAY=3;FROM=DONE', 'FREQ=DAILY;COUNT=4;FROM=DONE']) {
      expect(parseRule(text)).toEqual({ ok: false, message: 'A repeat from the day it’s done takes no weekdays, day of the month or number of times' });
    }
    expect(parseRule('FREQ=DAILY;FROM=START').ok).toBe(false);
    expect(ruleProblem({ freq: 'DAILY', interval: 2, count: null, until: null, fromDone: true })).toBeNull();
  });

  it('says so in words and is a custom repeat', () => {
    expect(repeatLabel(rule('FREQ=DAILY;INTERVAL=3;FROM=DONE'), '2026-11-20')).toBe('Repeats every 3 days after done');
    expect(repeatLabel(rule('FREQ=MONTHLY;FROM=DONE'), '2026-11-20')).toBe('Repeats every month after done');
    expect(repeatLabel(rule('FREQ=WEEKLY;UNTIL=20261231;FROM=DONE'), '2026-11-20')).toBe('Repeats every week after done, until 31 Dec 2026');
    expect(presetOf(rule('FREQ=DAILY;FROM=DONE'), '2026-11-20')).toBe('custom');
  });

  it.each([
    ['FREQ=DAILY;INTERVAL=3;FROM=DONE', '2026-11-20', '2026-11-22', '2026-11-25'],
    ['FREQ=WEEKLY;INTERVAL=2;FROM=DONE', '2026-11-20', '2026-11-20', '2026-12-04'],
    ['FREQ=MONTHLY;FROM=DONE', '2026-01-31', '2026-01-31', '2026-02-28'],
    ['FREQ=MONTHLY;INTERVAL=13;FROM=DONE', '2026-11-30', '2026-11-30', '2027-12-30'],
    ['FREQ=YEARLY;FROM=DONE', '2028-02-29', '2028-02-29', '2029-02-28'],
    // done early: the interval from that day would not move the task on, so the day after the occurrence
    ['FREQ=DAILY;INTERVAL=3;FROM=DONE', '2026-11-20', '2026-11-15', '2026-11-21'],
    // until is inclusive
    ['FREQ=DAILY;INTERVAL=3;UNTIL=20261125;FROM=DONE', '2026-11-20', '2026-11-22', '2026-11-25'],
    ['FREQ=DAILY;INTERVAL=3;UNTIL=20261124;FROM=DONE', '2026-11-20', '2026-11-22', null],
  ])('%s due %s, done %s → %s', (text, occurrence, doneOn, next) => {
    expect(nextFromDone(text, occurrence, doneOn)).toBe(next);
  });

  it('shows no later occurrences on Upcoming: none are known until it is done', () => {
    const task = { done: false, repeat: 'FREQ=DAILY;FROM=DONE', repeat_anchor: '2026-11-20', due_date: '2026-11-20' };
    expect(laterOccurrences(task, '2026-11-20', '2026-12-03', '2026-11-20')).toEqual([]);
  });
});
