import { describe, expect, it } from 'vitest';
import { dateIn, fireTime, MISSED_WINDOW_MS, reminderSchedule, type ScheduleReminder, type ScheduleTask } from '@/domain/reminders/schedule';

const iso = (ms: number) => new Date(ms).toISOString();

function task(over: Partial<ScheduleTask> = {}): ScheduleTask {
  return { id: 't1', due_date: '2026-11-25', due_time: '14:30', done: false, deleted_at: null, ...over };
}
function reminder(over: Partial<ScheduleReminder> = {}): ScheduleReminder {
  return { task_id: 't1', offset_minutes: 0, snoozed_until: null, snoozed_occurrence: null, ...over };
}
const opts = (now: string, timeZone = 'Europe/London', remindAt = '09:00') => ({ now: Date.parse(now), timeZone, remindAt });

describe('fireTime: offsets, zones, DST', () => {
  it.each([
    // [case, occurrence, due time, offset, zone, remind at, fire (UTC)]
    ['at the due time, winter London', '2026-11-25', '14:30', 0, 'Europe/London', '09:00', '2026-11-25T14:30:00.000Z'],
    ['5 minutes before', '2026-11-25', '14:30', 5, 'Europe/London', '09:00', '2026-11-25T14:25:00.000Z'],
    ['15 minutes before', '2026-11-25', '14:30', 15, 'Europe/London', '09:00', '2026-11-25T14:15:00.000Z'],
    ['30 minutes before, across midnight', '2026-11-25', '00:10', 30, 'Europe/London', '09:00', '2026-11-24T23:40:00.000Z'],
    ['1 hour before, summer London (BST)', '2026-07-01', '10:00', 60, 'Europe/London', '09:00', '2026-07-01T08:00:00.000Z'],
    ['undated time: "Remind at" 09:00', '2026-11-25', null, 0, 'Europe/London', '09:00', '2026-11-25T09:00:00.000Z'],
    ['undated time, other "Remind at", 15 min before', '2026-11-25', null, 15, 'America/New_York', '07:30', '2026-11-25T12:15:00.000Z'],
    ['1 day before across a month end', '2026-12-01', '08:00', 1440, 'Europe/London', '09:00', '2026-11-30T08:00:00.000Z'],
    ['1 day before across a year end, undated', '2027-01-01', null, 1440, 'America/New_York', '09:00', '2026-12-31T14:00:00.000Z'],
    ['1 day before 1 March in a leap year', '2028-03-01', '09:00', 1440, 'Europe/London', '09:00', '2028-02-29T09:00:00.000Z'],
    // London springs forward 2026-03-29 01:00 GMT → 02:00 BST: 01:30 does not exist, moves on by the gap
    ['spring-forward gap, London 01:30', '2026-03-29', '01:30', 0, 'Europe/London', '09:00', '2026-03-29T01:30:00.000Z'],
    ['spring-forward gap, 5 minutes before', '2026-03-29', '01:30', 5, 'Europe/London', '09:00', '2026-03-29T01:25:00.000Z'],
    ['after the gap, London 09:00 BST', '2026-03-29', '09:00', 0, 'Europe/London', '09:00', '2026-03-29T08:00:00.000Z'],
    // "1 day before" a 09:00 task on the change day: 09:00 GMT the day before, 23 h earlier
    ['1 day before the spring-forward day keeps the wall time', '2026-03-29', '09:00', 1440, 'Europe/London', '09:00', '2026-03-28T09:00:00.000Z'],
    // New York 2026-03-08 02:00 EST → 03:00 EDT
    ['spring-forward gap, New York 02:15', '2026-03-08', '02:15', 0, 'America/New_York', '09:00', '2026-03-08T07:15:00.000Z'],
    // fall back: London 2026-10-25 02:00 BST → 01:00 GMT, so 01:30 happens twice: the first (BST)
    ['fall-back overlap, London 01:30 is the first', '2026-10-25', '01:30', 0, 'Europe/London', '09:00', '2026-10-25T00:30:00.000Z'],
    ['fall-back day, 1 hour before 02:30 GMT', '2026-10-25', '02:30', 60, 'Europe/London', '09:00', '2026-10-25T01:30:00.000Z'],
    // New York 2026-11-01 02:00 EDT → 01:00 EST
    ['fall-back overlap, New York 01:30 is the first (EDT)', '2026-11-01', '01:30', 0, 'America/New_York', '09:00', '2026-11-01T05:30:00.000Z'],
    ['1 day before the day after fall back, New York', '2026-11-02', '09:00', 1440, 'America/New_York', '09:00', '2026-11-01T14:00:00.000Z'],
    ['a zone ahead of UTC, day before in UTC', '2026-11-25', '08:00', 0, 'Asia/Tokyo', '09:00', '2026-11-24T23:00:00.000Z'],
  ])('%s', (_case, occurrence, dueTime, offset, zone, remindAt, expected) => {
    expect(iso(fireTime(occurrence, dueTime, offset, zone, remindAt))).toBe(expected);
  });
});

describe('reminderSchedule', () => {
  it('lists reminders by fire time with tag and occurrence', () => {
    const tasks = [task({ id: 'a', due_time: '16:00' }), task({ id: 'b', due_time: '10:00' })];
    const reminders = [reminder({ task_id: 'a' }), reminder({ task_id: 'b', offset_minutes: 5 })];
    expect(reminderSchedule(tasks, reminders, opts('2026-11-25T08:00:00Z'))).toEqual([
      { tag: 'reminder:b:2026-11-25', shownKey: `reminder:b:2026-11-25@${Date.parse('2026-11-25T09:55:00Z')}`, taskId: 'b', occurrence: '2026-11-25', fireAt: Date.parse('2026-11-25T09:55:00Z'), snoozed: false },
      { tag: 'reminder:a:2026-11-25', shownKey: `reminder:a:2026-11-25@${Date.parse('2026-11-25T16:00:00Z')}`, taskId: 'a', occurrence: '2026-11-25', fireAt: Date.parse('2026-11-25T16:00:00Z'), snoozed: false },
    ]);
  });

  it.each([
    ['done', task({ done: true }), reminder()],
    ['deleted', task({ deleted_at: '2026-11-25T00:00:00Z' }), reminder()],
    ['no due date', task({ due_date: null, due_time: null }), reminder()],
    ['cleared reminder', task(), reminder({ offset_minutes: null })],
    ['reminder for another task', task(), reminder({ task_id: 'other' })],
  ])('skips a %s', (_case, t, r) => {
    expect(reminderSchedule([t], [r], opts('2026-11-25T08:00:00Z'))).toEqual([]);
  });

  it('a repeating task reminds for its current occurrence; once completed (the date advances) for the next', () => {
    const r = [reminder({ offset_minutes: 15 })];
    const now = opts('2026-11-25T08:00:00Z');
    const before = reminderSchedule([task({ due_date: '2026-11-25', due_time: '09:00' })], r, now);
    expect(before.map((s) => [s.tag, iso(s.fireAt)])).toEqual([['reminder:t1:2026-11-25', '2026-11-25T08:45:00.000Z']]);
    // task.complete_occurrence moved due_date to the next occurrence (weekly)
    const after = reminderSchedule([task({ due_date: '2026-12-02', due_time: '09:00' })], r, now);
    expect(after.map((s) => [s.tag, iso(s.fireAt)])).toEqual([['reminder:t1:2026-12-02', '2026-12-02T08:45:00.000Z']]);
  });

  it('a reminder moved after it fired has a new shown key (it fires again, once), under the same tag', () => {
    const before = reminderSchedule([task()], [reminder({ offset_minutes: 15 })], opts('2026-11-25T14:16:00Z'));
    const after = reminderSchedule([task({ due_time: '18:00' })], [reminder({ offset_minutes: 15 })], opts('2026-11-25T14:16:00Z'));
    expect(before.map((s) => [s.tag, iso(s.fireAt)])).toEqual([['reminder:t1:2026-11-25', '2026-11-25T14:15:00.000Z']]);
    expect(after.map((s) => [s.tag, iso(s.fireAt)])).toEqual([['reminder:t1:2026-11-25', '2026-11-25T17:45:00.000Z']]);
    expect(after[0]?.shownKey).not.toBe(before[0]?.shownKey);
    // a changed offset is a new firing too; the same inputs give the same key
    const offset = reminderSchedule([task()], [reminder({ offset_minutes: 5 })], opts('2026-11-25T14:16:00Z'));
    expect(offset[0]?.shownKey).not.toBe(before[0]?.shownKey);
    expect(reminderSchedule([task()], [reminder({ offset_minutes: 15 })], opts('2026-11-25T14:20:00Z'))[0]?.shownKey).toBe(before[0]?.shownKey);
  });

  describe('snooze', () => {
    const until = '2026-11-25T14:40:00.000Z';
    it('replaces the fire time of its occurrence, with its own shown key', () => {
      const [s] = reminderSchedule([task()], [reminder({ snoozed_until: until, snoozed_occurrence: '2026-11-25' })], opts('2026-11-25T14:31:00Z'));
      expect(s).toMatchObject({ tag: 'reminder:t1:2026-11-25', fireAt: Date.parse(until), snoozed: true });
      expect(s?.shownKey).toBe(`reminder:t1:2026-11-25@${Date.parse(until)}`);
    });
    it('the same instant written by the server gives the same shown key', () => {
      const a = reminderSchedule([task()], [reminder({ snoozed_until: until, snoozed_occurrence: '2026-11-25' })], opts('2026-11-25T14:31:00Z'));
      const b = reminderSchedule([task()], [reminder({ snoozed_until: '2026-11-25 14:40:00+00', snoozed_occurrence: '2026-11-25' })], opts('2026-11-25T14:31:00Z'));
      expect(b[0]?.shownKey).toBe(a[0]?.shownKey);
    });
    it('is over once the task moved to another occurrence', () => {
      const [s] = reminderSchedule(
        [task({ due_date: '2026-11-26' })],
        [reminder({ snoozed_until: until, snoozed_occurrence: '2026-11-25' })],
        opts('2026-11-25T14:31:00Z'),
      );
      expect(s).toMatchObject({ tag: 'reminder:t1:2026-11-26', fireAt: Date.parse('2026-11-26T14:30:00Z'), snoozed: false });
    });
  });

  describe('missed reminders', () => {
    const t = [task({ due_time: '10:00' })];
    const r = [reminder()];
    it.each([
      ['on time', '2026-11-25T10:00:00Z', true],
      ['1 minute late', '2026-11-25T10:01:00Z', true],
      ['11 h 59 min late: still shown once at start', '2026-11-25T21:59:00Z', true],
      ['12 h late: dropped', '2026-11-25T22:00:00Z', false],
      ['days late: dropped', '2026-11-28T10:00:00Z', false],
    ])('%s', (_case, now, kept) => {
      expect(reminderSchedule(t, r, opts(now)).length).toBe(kept ? 1 : 0);
    });
    it('a snooze that ended long ago is dropped too', () => {
      const snoozed = [reminder({ snoozed_until: '2026-11-25T09:00:00Z', snoozed_occurrence: '2026-11-25' })];
      expect(reminderSchedule(t, snoozed, { ...opts('2026-11-25T09:00:00Z'), now: Date.parse('2026-11-25T09:00:00Z') + MISSED_WINDOW_MS })).toEqual([]);
    });
  });

  it('refuses a bad "Remind at" with a clear message', () => {
    expect(() => reminderSchedule([], [], opts('2026-11-25T08:00:00Z', 'Europe/London', '9am'))).toThrow('"Remind at" must be a time HH:MM, got "9am"');
  });
});

describe('dateIn', () => {
  it.each([
    ['2026-11-25T23:30:00Z', 'Europe/London', '2026-11-25'],
    ['2026-07-01T23:30:00Z', 'Europe/London', '2026-07-02'],
    ['2026-11-25T03:00:00Z', 'America/New_York', '2026-11-24'],
    ['2026-11-25T15:00:00Z', 'Asia/Tokyo', '2026-11-26'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(dateIn(Date.parse(instant), zone)).toBe(date);
  });
});
