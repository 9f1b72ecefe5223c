/// <reference lib="webworker" />
// Clicks on a reminder notification (SPEC §11.4), in the service worker so they work with no tab
// open: the body opens the task (focusing a Daybook window, else opening one); "Complete" and
// "Snooze 10 minutes" write straight into the person's database through src/data — one
// transaction and one outbox entry each, no network — and an open tab is told to sync it.
import { completeFromReminder, openReminderDatabase, snoozeFromReminder } from '@/data/reminders/actions';
import { todayIso } from '@/lib/dates';
import {
  OPEN_TASK_MESSAGE,
  REMINDER_ACTED_MESSAGE,
  type ReminderData,
  readReminderData,
  SNOOZE_MS,
} from '@/domain/reminders/notification';

declare const self: ServiceWorkerGlobalScope;

async function windows(): Promise<WindowClient[]> {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return all.filter((c): c is WindowClient => new URL(c.url).origin === self.location.origin && 'focus' in c);
}

async function openTask(data: ReminderData): Promise<void> {
  const [client] = (await windows()).sort((a, b) => Number(b.focused) - Number(a.focused));
  if (client) {
    client.postMessage({ type: OPEN_TASK_MESSAGE, taskId: data.taskId });
    // focus() needs the click's user activation; the task is open in that window either way
    await client.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(data.url);
}

async function act(data: ReminderData, action: 'complete' | 'snooze'): Promise<void> {
  const db = await openReminderDatabase(data.userId);
  if (!db) return; // the person signed out on this device since: their data is gone
  try {
    if (action === 'complete') await completeFromReminder(db, data.taskId, data.occurrence, todayIso());
    else await snoozeFromReminder(db, data.taskId, data.occurrence, new Date(Date.now() + SNOOZE_MS).toISOString());
  } finally {
    db.close();
  }
  for (const client of await windows()) client.postMessage({ type: REMINDER_ACTED_MESSAGE });
}

export function handleReminderClicks(): void {
  self.addEventListener('notificationclick', (event) => {
    const data = readReminderData(event.notification.data);
    if (!data) return;
    event.notification.close();
    if (event.action === 'complete' || event.action === 'snooze') event.waitUntil(act(data, event.action));
    else event.waitUntil(openTask(data));
  });
}
