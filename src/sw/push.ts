/// <reference lib="webworker" />
// The server's copy of a reminder (SPEC §11.4), by Web Push: shown with the tag the device's own
// schedule uses, unless this device already showed it — the shown record (src/data) is claimed
// first, so whichever of the two paths comes second shows nothing. A snoozed reminder is keyed
// with its snooze's end, so it shows again once. The message is what server/push-payload.ts
// sends: { kind: 'reminder', title, options: { tag, body, data, actions }, snoozedUntil }.
import { openReminderDatabase } from '@/data/reminders/actions';
import { markReminderShown } from '@/data/reminders/shown';
import { type ReminderNotification, readReminderData, reminderShownKey, reminderTag } from '@/lib/reminders/notification';

declare const self: ServiceWorkerGlobalScope;

export interface ReminderPushMessage {
  notification: ReminderNotification;
  snoozedUntil: string | null;
}

/** The push's JSON, checked (it comes from the network): null when it is not a reminder. */
export function readReminderPush(json: unknown): ReminderPushMessage | null {
  if (!json || typeof json !== 'object') return null;
  const m = json as Record<string, unknown>;
  const options = m.options as Record<string, unknown> | null | undefined;
  if (m.kind !== 'reminder' || typeof m.title !== 'string' || !options || typeof options !== 'object') return null;
  const data = readReminderData(options.data);
  if (!data || typeof options.body !== 'string') return null;
  const snoozedUntil = typeof m.snoozedUntil === 'string' && !Number.isNaN(Date.parse(m.snoozedUntil)) ? m.snoozedUntil : null;
  // the tag is remade from the data, so a message can only ever replace its own reminder
  const tag = reminderTag(data.taskId, data.occurrence);
  const actions = Array.isArray(options.actions) ? (options.actions as ReminderNotification['options']['actions']) : [];
  return { notification: { title: m.title, options: { tag, body: options.body, data, actions } }, snoozedUntil };
}

async function showPushed(json: unknown): Promise<void> {
  const message = readReminderPush(json);
  if (!message) return;
  const { notification, snoozedUntil } = message;
  const db = await openReminderDatabase(notification.options.data.userId);
  // the person signed out on this device since (their data is gone): nothing of theirs is shown
  if (!db) return;
  let first: boolean;
  try {
    first = await markReminderShown(db, reminderShownKey(notification.options.tag, snoozedUntil));
  } finally {
    db.close();
  }
  if (first) await self.registration.showNotification(notification.title, notification.options);
}

export function handleReminderPushes(): void {
  self.addEventListener('push', (event) => {
    let json: unknown = null;
    try {
      json = event.data?.json();
    } catch {
      return; // not JSON: not ours
    }
    event.waitUntil(showPushed(json));
  });
}
