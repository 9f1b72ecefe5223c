/// <reference lib="webworker" />
// Notifications by Web Push (SPEC §17): the server's sender pushes a person's new notifications
// to each of their devices, at most one a minute, grouped ("Ana commented on Buy milk and 2
// more"); here each is shown under one tag per person (a newer one replaces the one before, and
// alerts again), and a click opens the task (marking the push's notifications read), or
// /notifications when the push is about several tasks.
// The message is what supabase/functions/_shared/notification-push.ts sends: { kind:
// 'notification', title, options: { tag, body, data: { kind, userId, taskId, url } } }. Only the
// text comes from the message: the tag and the address are remade from the data
// (@/domain/notification-push), so a push can neither replace another notification nor open
// another page.
import { readFromNotificationPush } from '@/data/notifications/push-read';
import { openReminderDatabase } from '@/data/reminders/actions';
import { type NotificationPushData, notificationPushTag, OPEN_NOTIFICATIONS_MESSAGE, readNotificationPushData } from '@/domain/notification-push';
import { OPEN_TASK_MESSAGE, REMINDER_ACTED_MESSAGE } from '@/domain/reminders/notification';
import { onPushJson } from './push';

declare const self: ServiceWorkerGlobalScope;

const TITLE_MAX = 200;
const BODY_MAX = 500;

/** The push's JSON, checked: null when it is not a notification push. */
export function readNotificationPush(json: unknown): { title: string; options: NotificationOptions & { renotify: boolean } } | null {
  if (!json || typeof json !== 'object') return null;
  const m = json as Record<string, unknown>;
  const options = m.options as Record<string, unknown> | null | undefined;
  if (m.kind !== 'notification' || typeof m.title !== 'string' || !m.title || !options || typeof options !== 'object') return null;
  const data = readNotificationPushData(options.data);
  if (!data) return null;
  const body = typeof options.body === 'string' ? options.body.slice(0, BODY_MAX) : '';
  return { title: m.title.slice(0, TITLE_MAX), options: { tag: notificationPushTag(data.userId), body, data, renotify: true } };
}

async function showPushed(json: unknown): Promise<void> {
  const message = readNotificationPush(json);
  if (!message) return;
  // the person signed out on this device since (their data is gone): nothing of theirs is shown
  const db = await openReminderDatabase((message.options.data as { userId: string }).userId);
  if (!db) return;
  db.close();
  await self.registration.showNotification(message.title, message.options);
}

async function windows(): Promise<WindowClient[]> {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return all.filter((c): c is WindowClient => new URL(c.url).origin === self.location.origin && 'focus' in c);
}

/** The push's notifications marked read on the device; an open window is told to sync it. */
async function markRead(data: NotificationPushData): Promise<void> {
  if (!data.ids.length) return;
  const db = await openReminderDatabase(data.userId);
  if (!db) return; // signed out on this device since
  let wrote = false;
  try {
    wrote = await readFromNotificationPush(db, data.ids);
  } finally {
    db.close();
  }
  if (wrote) for (const client of await windows()) client.postMessage({ type: REMINDER_ACTED_MESSAGE });
}

async function open(taskId: string | null, url: string): Promise<void> {
  const [client] = (await windows()).sort((a, b) => Number(b.focused) - Number(a.focused));
  if (client) {
    client.postMessage(taskId ? { type: OPEN_TASK_MESSAGE, taskId } : { type: OPEN_NOTIFICATIONS_MESSAGE });
    // focus() needs the click's user activation; the page is open in that window either way
    await client.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

export function handleNotificationPushes(): void {
  onPushJson((json) => (readNotificationPush(json) ? showPushed(json) : undefined));
  self.addEventListener('notificationclick', (event) => {
    const data = readNotificationPushData(event.notification.data);
    if (!data) return;
    event.notification.close();
    // the page first (within the click's user activation), then the read marks
    event.waitUntil(open(data.taskId, data.url).then(() => markRead(data)));
  });
}
