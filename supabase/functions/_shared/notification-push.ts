// What a notification push carries (SPEC §17), made from a claimed row of
// daybook_private.claim_notification_pushes: the newest notification's sentence in the person's
// language, "and N more" for the others it stands for ("Ana commented on Buy milk and 2 more"),
// one tag per person on the device (a newer push replaces the one before), and where a click
// goes: the task when every notification of the push is about one task (marking them read), else
// /notifications.
// Pure; the Node sender and the Deno Edge Function both use it, and src/sw/notification-push.ts
// reads it back.
import { type NotificationKind, notificationPushText } from './i18n/notification-words.ts';

/** A row of daybook_private.claim_notification_pushes. */
export interface NotificationPushRow {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string;
  /** The person's language (profiles.language, else their sign-up's); none: English. */
  language: string | null;
  /** The person's notification counter the push goes up to (the claim's key), as text or a number. */
  version: string | number;
  /** How many notifications the push stands for. */
  count: number;
  /** The newest one's kind and words, as its payload had them. */
  kind: NotificationKind;
  actor_name: string | null;
  title: string | null;
  list_name: string | null;
  task_id: string | null;
  /** Every notification of the push is about `task_id`. */
  one_task: boolean;
  /** The push's notifications, newest first, at most 20. */
  ids: string[] | null;
}

export interface NotificationPushData {
  kind: 'notification';
  /** Whose notifications (the device's database `daybook-<userId>`). */
  userId: string;
  /** The task a click opens; null: the click opens /notifications. */
  taskId: string | null;
  url: string;
  /** What opening the task marks read (none when the click opens /notifications, where the person reads them). */
  ids: string[];
}

export interface NotificationPush {
  kind: 'notification';
  title: string;
  options: { tag: string; body: string; data: NotificationPushData };
}

const TITLE_MAX = 200;
/** A push's plaintext stays well under 4 KiB: 20 ids are 800 bytes. */
export const IDS_MAX = 20;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** One notification on a device per person: each push replaces the one before. */
export function notificationTag(userId: string): string {
  return `notifications:${userId}`;
}

export function notificationUrl(taskId: string | null): string {
  return taskId ? `/tasks/${encodeURIComponent(taskId)}` : '/notifications';
}

export function notificationPushMessage(row: NotificationPushRow): NotificationPush {
  const title = notificationPushText({ kind: row.kind, actor: row.actor_name, title: row.title, listName: row.list_name }, Math.max(0, row.count - 1), row.language);
  const taskId = row.one_task ? row.task_id : null;
  return {
    kind: 'notification',
    title: clip(title, TITLE_MAX),
    options: {
      tag: notificationTag(row.user_id),
      body: '',
      data: { kind: 'notification', userId: row.user_id, taskId, url: notificationUrl(taskId), ids: taskId ? (row.ids ?? []).slice(0, IDS_MAX) : [] },
    },
  };
}

/** Seconds a push service keeps an undelivered notification push: a day, then it is stale (the app has it). */
export const NOTIFICATION_PUSH_TTL_SECONDS = 86_400;
