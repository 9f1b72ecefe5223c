// A notification push (SPEC §17) from the server's message to what the service worker shows: the
// sentence in the person's language with "and N more", one tag per person (the worker remakes it,
// so a message cannot replace another notification), and a click that opens the task when the
// push is about one task, else /notifications — never an address the message chose.
import { describe, expect, it } from 'vitest';
import { notificationPushTag, notificationPushUrl, readNotificationPushData } from '@/domain/notification-push';
import { readNotificationPush } from '@/sw/notification-push';
import {
  type NotificationPushRow,
  notificationPushMessage,
  notificationTag,
  notificationUrl,
} from '../../../supabase/functions/_shared/notification-push';

const [N1, N2, N3] = ['0b6c1c52-4a3e-4b55-9c1e-5c1d2c3e4f50', '1b6c1c52-4a3e-4b55-9c1e-5c1d2c3e4f51', '2b6c1c52-4a3e-4b55-9c1e-5c1d2c3e4f52'];

const row = (over: Partial<NotificationPushRow> = {}): NotificationPushRow => ({
  subscription_id: 's1',
  endpoint: 'https://fcm.googleapis.com/fcm/send/x',
  p256dh: '',
  auth: '',
  user_id: 'u1',
  language: null,
  version: '7',
  count: 3,
  kind: 'comment',
  actor_name: 'Ana',
  title: 'Buy milk',
  list_name: null,
  task_id: 't1',
  one_task: false,
  ids: [N1, N2, N3],
  ...over,
});

describe('notification pushes', () => {
  it('say the newest notification and how many more, in the person’s language', () => {
    expect(notificationPushMessage(row()).title).toBe('Ana commented on Buy milk and 2 more');
    expect(notificationPushMessage(row({ count: 1, kind: 'assigned', one_task: true })).title).toBe('Ana assigned you Buy milk');
    expect(notificationPushMessage(row({ language: 'de', count: 2 })).title).toBe('Ana hat Buy milk kommentiert und 1 weitere');
    expect(notificationPushMessage(row({ kind: 'invited', task_id: null, title: null, list_name: 'House', count: 1 })).title).toBe('Ana invited you to House');
    expect(notificationPushMessage(row({ actor_name: '', count: 1 })).title).toBe('Someone commented on Buy milk');
  });

  it('open the task when every notification is about it (marking them read), else the notifications screen', () => {
    expect(notificationPushMessage(row()).options.data).toEqual({ kind: 'notification', userId: 'u1', taskId: null, url: '/notifications', ids: [] });
    expect(notificationPushMessage(row({ one_task: true })).options.data).toEqual({ kind: 'notification', userId: 'u1', taskId: 't1', url: '/tasks/t1', ids: [N1, N2, N3] });
  });

  it('are shown by the worker under the tag and address it makes itself, as the server makes them', () => {
    for (const id of ['u1', 'a0f0c3b0-ed0f-4070-bb87-290a83fed483']) expect(notificationTag(id)).toBe(notificationPushTag(id));
    for (const task of [null, 't1', 'a/b']) expect(notificationUrl(task)).toBe(notificationPushUrl(task));
    const shown = readNotificationPush(notificationPushMessage(row({ one_task: true })));
    expect(shown).toEqual({
      title: 'Ana commented on Buy milk and 2 more',
      options: { tag: 'notifications:u1', body: '', data: { kind: 'notification', userId: 'u1', taskId: 't1', url: '/tasks/t1', ids: [N1, N2, N3] }, renotify: true },
    });
    const forged = readNotificationPush({
      kind: 'notification',
      title: 'Hi',
      options: { tag: 'reminder:t9:2030-10-01', body: 'b', data: { kind: 'notification', userId: 'u1', taskId: null, url: 'https://evil.example/', ids: [N1] } },
    });
    expect(forged?.options.tag).toBe('notifications:u1');
    expect(forged?.options.data).toEqual({ kind: 'notification', userId: 'u1', taskId: null, url: '/notifications', ids: [] });
    // only ids, and a bounded number of them
    const many = readNotificationPushData({ kind: 'notification', userId: 'u1', taskId: 't1', ids: [N1, 5, 'x', ...Array(100).fill(N2)] });
    expect(many?.ids[0]).toBe(N1);
    expect(many?.ids).toHaveLength(50);
  });

  it('leave anything else to the other handlers', () => {
    expect(readNotificationPush({ kind: 'reminder', title: 'Pay rent', options: { body: '', data: {} } })).toBeNull();
    expect(readNotificationPush({ kind: 'notification', title: 'x', options: { data: { kind: 'notification', userId: 5 } } })).toBeNull();
    expect(readNotificationPush(null)).toBeNull();
    expect(readNotificationPushData({ kind: 'reminder', taskId: 't', occurrence: '2030-10-01', userId: null })).toBeNull();
  });
});
