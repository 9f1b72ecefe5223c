// The stored RRULE text: what Daybook writes reads back the same, what another client writes
// either reads as the same rule or comes back as a message — never an exception.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { checkRepeat, formatRule, parseRule, REPEAT_MESSAGES, type Rule, ruleProblem } from '@/domain/recurrence';

function rule(text: string): Rule {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.rule;
}

describe('canonical rules round-trip unchanged', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=WEEKLY',
    'FREQ=WEEKLY;BYDAY=MO',
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU',
    'FREQ=MONTHLY',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=MONTHLY;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;INTERVAL=3;BYDAY=4TH;COUNT=8',
    'FREQ=YEARLY',
    'FREQ=YEARLY;INTERVAL=99;UNTIL=29991231',
    'FREQ=DAILY;COUNT=1',
    'FREQ=WEEKLY;BYDAY=SA;UNTIL=20261231',
  ])('%s', (text) => {
    const parsed = rule(text);
    expect(formatRule(parsed)).toBe(text);
    expect(rule(formatRule(parsed))).toEqual(parsed);
  });
});

describe('text from other clients reads as the same rule, written canonically', () => {
  it.each([
    ['RRULE:FREQ=DAILY', 'FREQ=DAILY'],
    ['freq=weekly;byday=we,mo', 'FREQ=WEEKLY;BYDAY=MO,WE'],
    ['FREQ=WEEKLY;BYDAY=FR,MO,FR', 'FREQ=WEEKLY;BYDAY=MO,FR'],
    ['FREQ=DAILY;INTERVAL=1', 'FREQ=DAILY'],
    ['INTERVAL=2;FREQ=WEEKLY;BYDAY=TU', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['FREQ=MONTHLY;BYDAY=+2TU', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['FREQ=DAILY;', 'FREQ=DAILY'],
    ['  FREQ=DAILY ; COUNT=5  ', 'FREQ=DAILY;COUNT=5'],
    // Google Calendar writes WKST=SU on every rule; it only matters for weekly ones.
    ['FREQ=MONTHLY;WKST=SU;BYMONTHDAY=15', 'FREQ=MONTHLY;BYMONTHDAY=15'],
    ['FREQ=WEEKLY;WKST=MO;BYDAY=TH', 'FREQ=WEEKLY;BYDAY=TH'],
    // A timed calendar event's UNTIL is a UTC date-time: its date part ends the series.
    ['FREQ=DAILY;UNTIL=20261231T235959Z', 'FREQ=DAILY;UNTIL=20261231'],
  ])('%s → %s', (text, canonical) => {
    expect(formatRule(rule(text))).toBe(canonical);
  });
});

describe('the typed rule', () => {
  it('holds every part', () => {
    expect(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,TU;UNTIL=20261231;WKST=SU')).toEqual({
      freq: 'WEEKLY',
      interval: 2,
      count: null,
      until: '2026-12-31',
      days: ['TU', 'TH'],
      weekStart: 'SU',
    });
    expect(rule('FREQ=MONTHLY;BYDAY=-1FR;COUNT=3')).toEqual({
      freq: 'MONTHLY',
      interval: 1,
      count: 3,
      until: null,
      on: { nth: -1, weekday: 'FR' },
    });
    expect(rule('FREQ=MONTHLY;BYMONTHDAY=31')).toMatchObject({ on: { monthDay: 31 } });
  });
});

describe('anything outside the subset is refused with a message, never thrown', () => {
  it.each([
    ['', REPEAT_MESSAGES.empty],
    ['RRULE:', REPEAT_MESSAGES.empty],
    ['INTERVAL=2', REPEAT_MESSAGES.noFreq],
    ['FREQ=HOURLY', REPEAT_MESSAGES.freq],
    ['FREQ=SECONDLY;INTERVAL=5', REPEAT_MESSAGES.freq],
    ['FREQ=DAILY;INTERVAL=0', 'Pick an interval between 1 and 99'],
    ['FREQ=DAILY;INTERVAL=100', 'Pick an interval between 1 and 99'],
    ['FREQ=DAILY;INTERVAL=two', 'Pick an interval between 1 and 99'],
    ['FREQ=DAILY;INTERVAL=-1', 'Pick an interval between 1 and 99'],
    ['FREQ=DAILY;COUNT=0', REPEAT_MESSAGES.count],
    ['FREQ=DAILY;COUNT=1000', REPEAT_MESSAGES.count],
    ['FREQ=DAILY;UNTIL=20261301', REPEAT_MESSAGES.until],
    ['FREQ=DAILY;UNTIL=18991231', REPEAT_MESSAGES.until],
    ['FREQ=DAILY;UNTIL=2026-12-31', REPEAT_MESSAGES.until],
    ['FREQ=DAILY;COUNT=3;UNTIL=20261231', REPEAT_MESSAGES.countAndUntil],
    ['FREQ=DAILY;BYDAY=MO', REPEAT_MESSAGES.byDayFreq],
    ['FREQ=YEARLY;BYDAY=1MO', REPEAT_MESSAGES.byDayFreq],
    ['FREQ=WEEKLY;BYMONTHDAY=1', REPEAT_MESSAGES.byMonthDayFreq],
    ['FREQ=WEEKLY;BYDAY=1MO', REPEAT_MESSAGES.weeklyByDay],
    ['FREQ=MONTHLY;BYDAY=MO', REPEAT_MESSAGES.monthlyByDay],
    ['FREQ=MONTHLY;BYDAY=1MO,3MO', REPEAT_MESSAGES.monthlyByDay],
    ['FREQ=MONTHLY;BYDAY=5MO', REPEAT_MESSAGES.nth],
    ['FREQ=MONTHLY;BYDAY=-2FR', REPEAT_MESSAGES.nth],
    ['FREQ=MONTHLY;BYMONTHDAY=0', REPEAT_MESSAGES.monthDay],
    ['FREQ=MONTHLY;BYMONTHDAY=32', REPEAT_MESSAGES.monthDay],
    ['FREQ=MONTHLY;BYMONTHDAY=-2', REPEAT_MESSAGES.monthDay],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', REPEAT_MESSAGES.monthDay],
    ['FREQ=MONTHLY;BYMONTHDAY=15;BYDAY=1MO', REPEAT_MESSAGES.dayAndWeekday],
    ['FREQ=WEEKLY;BYDAY=XX', '“XX” is not a weekday (MO, TU, WE, TH, FR, SA or SU)'],
    ['FREQ=WEEKLY;WKST=XX', '“XX” is not a weekday (MO, TU, WE, TH, FR, SA or SU)'],
    ['FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU', "Repeat rules with BYSETPOS aren't supported"],
    ['FREQ=YEARLY;BYMONTH=2', "Repeat rules with BYMONTH aren't supported"],
    ['FREQ=DAILY;FREQ=WEEKLY', 'FREQ appears twice in the repeat rule'],
    ['FREQ=DAILY;garbage', '“garbage” is not a part of a repeat rule'],
    [`FREQ=DAILY;${'X'.repeat(600)}`, REPEAT_MESSAGES.tooLong],
  ])('%j → %s', (text, message) => {
    expect(parseRule(text)).toEqual({ ok: false, message });
  });

  it('a value that is not text is refused too', () => {
    expect(parseRule(null)).toEqual({ ok: false, message: REPEAT_MESSAGES.empty });
    expect(parseRule(42)).toEqual({ ok: false, message: REPEAT_MESSAGES.empty });
  });
});

describe('ruleProblem checks a rule the dialog built', () => {
  const weekly: Rule = { freq: 'WEEKLY', interval: 1, count: null, until: null, days: ['MO'], weekStart: 'MO' };
  it.each([
    [{ ...weekly }, null],
    [{ ...weekly, interval: 99 }, null],
    [{ ...weekly, interval: 100 }, 'Pick an interval between 1 and 99'],
    [{ ...weekly, interval: 1.5 }, 'Pick an interval between 1 and 99'],
    [{ ...weekly, count: 2, until: '2026-01-01' }, REPEAT_MESSAGES.countAndUntil],
    [{ ...weekly, until: '2026-02-30' }, REPEAT_MESSAGES.until],
  ] as [Rule, string | null][])('%j → %s', (r, message) => {
    expect(ruleProblem(r)).toBe(message);
  });
});

describe('checkRepeat, the task-level check', () => {
  it('no repeat is fine with or without a date', () => {
    expect(checkRepeat(null, null)).toBeNull();
    expect(checkRepeat('', '2026-01-01')).toBeNull();
  });

  it('a repeat needs a due date: "Set a date before repeating"', () => {
    const attempt = () => checkRepeat('FREQ=DAILY', null);
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow('Set a date before repeating');
  });

  it('returns the canonical text for text or a rule', () => {
    expect(checkRepeat('freq=weekly;byday=fr,mo', '2026-01-05')).toBe('FREQ=WEEKLY;BYDAY=MO,FR');
    expect(checkRepeat(rule('FREQ=MONTHLY;BYMONTHDAY=31'), '2026-01-31')).toBe('FREQ=MONTHLY;BYMONTHDAY=31');
  });

  it('refuses a bad interval at the "repeat" field with SPEC\'s message', () => {
    try {
      checkRepeat('FREQ=DAILY;INTERVAL=120', '2026-01-01');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect(err).toMatchObject({ field: 'repeat', message: 'Pick an interval between 1 and 99' });
    }
  });
});
