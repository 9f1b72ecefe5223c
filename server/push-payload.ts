// What the server's reminder push carries, made from a due_pushes row with the shared formatter
// (src/lib/reminders/notification.ts), so a pushed notification is the one the device's own
// schedule would show: same title, body, tag and data. Pure; the Node sender and the Deno Edge
// Function (supabase/functions/send-reminders) both use it.
import { reminderNotification, type ReminderNotification } from '../src/lib/reminders/notification.ts';

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
}

/** The push message: the notification, and the snooze's end (the device's shown record keys on it). */
export interface ReminderPush extends ReminderNotification {
  kind: 'reminder';
  snoozedUntil: string | null;
}

export function reminderPush(d: DuePush): ReminderPush {
  const n = reminderNotification({
    taskId: d.task_id,
    title: d.title,
    occurrence: d.occurrence,
    dueTime: d.due_time,
    listName: d.list_name,
    userId: d.user_id,
    today: d.today,
  });
  return { kind: 'reminder', ...n, snoozedUntil: d.snoozed_until };
}

/**
 * What a push service's answer means for the claim (RFC 8030 §8, and what FCM, Mozilla and
 * Apple answer): 2xx sent; 404/410 the subscription is gone; 429, 5xx and the network are
 * passing (release the claim, try next minute); anything else (400, 401/403 on a bad VAPID
 * setup, 413) would fail the same way again: kept as sent and logged.
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
