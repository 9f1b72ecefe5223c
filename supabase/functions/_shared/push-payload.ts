// What the server's reminder push carries, made from due_pushes rows with the shared formatter
// (src/domain/reminders/notification.ts, copied here as ./reminder-notification.ts), so a pushed
// notification is the one the device's own schedule would show: same title, body, tag and data. Reminders due together for one device
// are one push (at most one a minute per subscription): "3 reminders: …", listing the reminders
// so the service worker records each as shown. Pure; the Node sender and the Deno Edge Function
// (supabase/functions/send-reminders) both use it.
import { serverText } from './i18n/catalogue.ts';
import { localReminderNotification } from './i18n/reminder-words.ts';
import type { ReminderData, ReminderNotification } from './reminder-notification.ts';

/** A row of daybook_private.due_pushes, dates and instants as text. */
export interface DuePush {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string;
  time_zone: string;
  task_id: string;
  /** 'YYYY-MM-DD' */
  occurrence: string;
  /** ISO instant, exactly as the database has it (the claim's key). */
  fire_at: string;
  title: string;
  due_time: string | null;
  list_name: string;
  /** 'YYYY-MM-DD' in the subscription's zone at the tick. */
  today: string;
  snoozed_until: string | null;
  /** The person's language (profiles.language, else their sign-up's); none: English. */
  language?: string | null;
}

/**
 * The push message: the notification, the instant it fires and the snooze's end. The device's
 * shown record keys on the fire time, so the push and the device's own schedule claim the same
 * firing, and a reminder moved after it fired is shown again.
 */
export interface ReminderPush extends ReminderNotification {
  kind: 'reminder';
  fireAt: string;
  snoozedUntil: string | null;
}

export function reminderPush(d: DuePush): ReminderPush {
  const n = localReminderNotification({
    taskId: d.task_id,
    title: d.title,
    occurrence: d.occurrence,
    dueTime: d.due_time,
    listName: d.list_name,
    userId: d.user_id,
    today: d.today,
  }, d.language);
  return { kind: 'reminder', ...n, fireAt: d.fire_at, snoozedUntil: d.snoozed_until };
}

/** Several reminders due together on one device: one notification naming them. */
export interface RemindersPush {
  kind: 'reminders';
  /** How many reminders this push stands for (items may list fewer). */
  count: number;
  title: string;
  options: { tag: string; body: string; data: ReminderData };
  /** The reminders, so the device records each as shown; at most GROUP_ITEMS_MAX. */
  items: { taskId: string; occurrence: string; fireAt: string; snoozedUntil: string | null }[];
}

/** A push's plaintext must stay under 4 KiB (RFC 8291 over one 4096-byte record): bounded lists. */
export const GROUP_ITEMS_MAX = 20;
const TITLE_IN_LIST_MAX = 40;
const TITLE_MAX = 120;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function groupTag(taskId: string, occurrence: string): string {
  return `reminders:${taskId}:${occurrence}`;
}

/** One row: the single reminder as the device shows it; more: "N reminders: a, b, …". */
export function pushMessage(rows: readonly DuePush[]): ReminderPush | RemindersPush {
  const first = rows[0];
  if (!first) throw new Error('pushMessage needs at least one reminder');
  if (rows.length === 1) return reminderPush(first);
  const titles = rows.map((r) => clip(r.title, TITLE_IN_LIST_MAX));
  const shown = titles.slice(0, 10);
  const more = rows.length - shown.length;
  const single = reminderPush(first);
  const w = serverText(first.language);
  return {
    kind: 'reminders',
    count: rows.length,
    title: clip(w.t('reminders.title', { count: rows.length, titles: titles.join(w.t('reminders.separator')) }), TITLE_MAX),
    options: {
      tag: groupTag(first.task_id, first.occurrence),
      body: more > 0 ? `${shown.join('\n')}\n${w.t('reminders.more', { count: more })}` : shown.join('\n'),
      data: single.options.data,
    },
    items: rows.slice(0, GROUP_ITEMS_MAX).map((r) => ({ taskId: r.task_id, occurrence: r.occurrence, fireAt: r.fire_at, snoozedUntil: r.snoozed_until })),
  };
}

/**
 * What a push service's answer means for the claim (RFC 8030 §8, and what FCM, Mozilla and
 * Apple answer): 2xx sent; 404/410 the subscription is gone; 429, 5xx, a timeout and the network
 * are passing (release the claim, try next minute); anything else (a 3xx — redirects are never
 * followed —, 400, 401/403 on a bad VAPID setup, 413) would fail the same way again: kept as
 * sent and logged.
 */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

export function pushOutcome(status: number | null): PushOutcome {
  if (status === null || status === 429 || status >= 500) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return 'failed';
}

/** Seconds a push service keeps an undelivered reminder: past an hour it is stale. */
export const PUSH_TTL_SECONDS = 3600;
