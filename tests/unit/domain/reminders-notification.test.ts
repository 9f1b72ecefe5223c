import { describe, expect, it } from 'vitest';
import { readReminderData, reminderNotification, reminderTag } from '@/domain/reminders/notification';

const base = { taskId: 't-1', title: 'Call the plumber', listName: 'Home', userId: 'u-1', today: '2026-11-25' };

describe('reminderNotification', () => {
  it.each([
    ['timed, today', '2026-11-25', '14:30', 'Today at 14:30 · Home'],
    ['untimed, today', '2026-11-25', null, 'Today · Home'],
    ['timed, tomorrow (a "1 day before" reminder)', '2026-11-26', '09:15', 'Tomorrow at 09:15 · Home'],
    ['later this year', '2026-12-01', '08:00', 'Tue 1 Dec at 08:00 · Home'],
    ['next year', '2027-01-04', null, 'Mon 4 Jan 2027 · Home'],
    ['missed, yesterday', '2026-11-24', '23:30', 'Yesterday at 23:30 · Home'],
  ])('%s', (_name, occurrence, dueTime, body) => {
    const n = reminderNotification({ ...base, occurrence, dueTime });
    expect(n.title).toBe('Call the plumber');
    expect(n.options.body).toBe(body);
    expect(n.options.tag).toBe(`reminder:t-1:${occurrence}`);
  });

  it('carries the data the service worker reads and both actions', () => {
    const n = reminderNotification({ ...base, occurrence: '2026-11-25', dueTime: null });
    expect(n.options.data).toEqual({ kind: 'reminder', taskId: 't-1', occurrence: '2026-11-25', userId: 'u-1', url: '/tasks/t-1' });
    expect(n.options.actions).toEqual([
      { action: 'complete', title: 'Complete' },
      { action: 'snooze', title: 'Snooze 10 minutes' },
    ]);
  });

  it('signed out: userId null', () => {
    expect(reminderNotification({ ...base, userId: null, occurrence: '2026-11-25', dueTime: null }).options.data.userId).toBeNull();
  });
});

describe('readReminderData', () => {
  it('reads back what the formatter made', () => {
    const { data } = reminderNotification({ ...base, occurrence: '2026-11-25', dueTime: '10:00' }).options;
    expect(readReminderData(structuredClone(data))).toEqual(data);
  });

  it.each([[null], [undefined], ['x'], [{}], [{ kind: 'push', taskId: 't', occurrence: '2026-01-01', userId: null }], [{ kind: 'reminder', taskId: 1, occurrence: 'x', userId: null }], [{ kind: 'reminder', taskId: 't', occurrence: '2026-01-01', userId: 5 }]])(
    'refuses %j',
    (data) => {
      expect(readReminderData(data)).toBeNull();
    },
  );

  it('builds the url from the id, never from the data', () => {
    expect(readReminderData({ kind: 'reminder', taskId: 'a/b', occurrence: '2026-01-01', userId: null, url: 'https://evil.example' })?.url).toBe('/tasks/a%2Fb');
  });

  it('tag', () => {
    expect(reminderTag('abc', '2026-03-29')).toBe('reminder:abc:2026-03-29');
  });
});
