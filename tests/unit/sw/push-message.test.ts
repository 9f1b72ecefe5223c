// The service worker reads a push as the network gives it: only the text is the message's; the
// tag comes from the reminder's data and the buttons are always the reminder's own.
import { describe, expect, it } from 'vitest';
import { REMINDER_ACTIONS } from '@/domain/reminders/notification';
import { readReminderPush } from '@/sw/push';

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
        { taskId: 't1', occurrence: '2030-10-01', snoozedUntil: null },
        { taskId: 't2', occurrence: '2030-10-01', snoozedUntil: '2030-10-01T09:10:00Z' },
      ],
    });
    expect(m?.notification.options.actions).toEqual([]);
    expect(m?.notification.options.tag).toBe('reminders:t1:2030-10-01');
    expect(m?.shownKeys).toEqual(['reminder:t1:2030-10-01', `reminder:t2:2030-10-01@${Date.parse('2030-10-01T09:10:00Z')}`]);
  });
});
