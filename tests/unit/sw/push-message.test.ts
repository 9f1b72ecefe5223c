// The service worker reads a push as the network gives it: only the text is the message's; the
// tag comes from the reminder's data and the buttons are always the reminder's own.
import { describe, expect, it } from 'vitest';
import { REMINDER_ACTIONS } from '@/domain/reminders/notification';
import { reminderSchedule } from '@/domain/reminders/schedule';
import { readReminderPush } from '@/sw/push';
import { type DuePush, pushMessage } from '../../../supabase/functions/_shared/push-payload';

const data = { kind: 'reminder', taskId: 't1', occurrence: '2030-10-01', userId: 'u1', url: '/tasks/t1' };

describe('readReminderPush', () => {
  it('rebuilds the actions from the known reminder actions, whatever the payload offers', () => {
    const m = readReminderPush({
      kind: 'reminder',
      title: 'Pay rent',
      options: {
        tag: 'something-else',
        body: 'Today at 10:00 · Inbox',
        data,
        actions: [{ action: 'complete', title: 'Open your bank: evil.example' }, { action: 'evil', title: 'Click me' }],
      },
      snoozedUntil: null,
    });
    expect(m?.notification.options.actions).toEqual(REMINDER_ACTIONS.map((a) => ({ ...a })));
    expect(m?.notification.options.tag).toBe('reminder:t1:2030-10-01');
    // a message without a fire time (an older server) still shows, keyed by its tag
    expect(m?.shownKeys).toEqual(['reminder:t1:2030-10-01']);
    const none = readReminderPush({ kind: 'reminder', title: 'x', options: { body: 'b', data, actions: 'nope' }, snoozedUntil: null });
    expect(none?.notification.options.actions.map((a) => a.title)).toEqual(['Complete', 'Snooze 10 minutes']);
  });

  it('a grouped push records each listed reminder and offers no buttons', () => {
    const m = readReminderPush({
      kind: 'reminders',
      title: '2 reminders: Pay rent, Call mum',
      count: 2,
      options: { tag: 'x', body: 'Pay rent\nCall mum', data, actions: [{ action: 'evil', title: 'Click me' }] },
      items: [
        { taskId: 't1', occurrence: '2030-10-01', fireAt: '2030-10-01T09:00:00+00:00', snoozedUntil: null },
        { taskId: 't2', occurrence: '2030-10-01', fireAt: '2030-10-01T09:10:00+00:00', snoozedUntil: '2030-10-01T09:10:00Z' },
      ],
    });
    expect(m?.notification.options.actions).toEqual([]);
    expect(m?.notification.options.tag).toBe('reminders:t1:2030-10-01');
    expect(m?.shownKeys).toEqual([`reminder:t1:2030-10-01@${Date.parse('2030-10-01T09:00:00Z')}`, `reminder:t2:2030-10-01@${Date.parse('2030-10-01T09:10:00Z')}`]);
  });

  describe('the shown key is per firing, the same as the device schedule claims', () => {
    const row = (over: Partial<DuePush> = {}): DuePush => ({
      subscription_id: 's1',
      endpoint: 'https://push.example/1',
      p256dh: 'k',
      auth: 'a',
      user_id: 'u1',
      time_zone: 'Europe/London',
      task_id: 't1',
      occurrence: '2026-11-25',
      fire_at: '2026-11-25T14:15:00+00:00',
      title: 'Call the plumber',
      due_time: '14:30',
      list_name: 'Home',
      today: '2026-11-25',
      snoozed_until: null,
      ...over,
    });
    // the push as the service worker gets it: JSON over the network
    const received = (rows: DuePush[]) => readReminderPush(JSON.parse(JSON.stringify(pushMessage(rows))));
    const scheduled = (dueTime: string) =>
      reminderSchedule(
        [{ id: 't1', due_date: '2026-11-25', due_time: dueTime, done: false, deleted_at: null }],
        [{ task_id: 't1', offset_minutes: 15, snoozed_until: null, snoozed_occurrence: null }],
        { now: Date.parse('2026-11-25T14:00:00Z'), timeZone: 'Europe/London', remindAt: '09:00' },
      )[0]?.shownKey;

    it('a push for 14:15 and one for 17:45 (the due time moved) are two firings, each the schedule’s own', () => {
      const first = received([row()]);
      const moved = received([row({ fire_at: '2026-11-25T17:45:00+00:00', due_time: '18:00' })]);
      expect(first?.shownKeys).toEqual([scheduled('14:30')]);
      expect(moved?.shownKeys).toEqual([scheduled('18:00')]);
      expect(moved?.shownKeys).not.toEqual(first?.shownKeys);
      // one notification per task and occurrence: the newer replaces the older
      expect(moved?.notification.options.tag).toBe(first?.notification.options.tag);
    });

    it('a grouped push lists each reminder with its firing', () => {
      const m = received([row(), row({ task_id: 't2', fire_at: '2026-11-25T14:15:00+00:00' })]);
      expect(m?.shownKeys).toEqual([scheduled('14:30'), `reminder:t2:2026-11-25@${Date.parse('2026-11-25T14:15:00Z')}`]);
    });

    it('a snoozed reminder fires at the snooze’s end: its key is that instant', () => {
      const m = received([row({ fire_at: '2026-11-25T14:25:00.123+00:00', snoozed_until: '2026-11-25T14:25:00.123+00:00' })]);
      expect(m?.shownKeys).toEqual([`reminder:t1:2026-11-25@${Date.parse('2026-11-25T14:25:00.123Z')}`]);
    });
  });
});
