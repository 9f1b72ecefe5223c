// A notification push (SPEC §17) as the service worker shows it: one notification per person on a
// device (a newer push replaces the one before under the same tag), and where a click goes — the
// task when the push is about one task (its notifications then marked read), else /notifications. The server's sender writes the same
// tag and address (supabase/functions/_shared/notification-push.ts; a test holds them equal);
// the worker remakes both from the data, so a message can only ever replace its own person's
// notification and open one of the app's own pages.

export interface NotificationPushData {
  kind: 'notification';
  /** Whose notifications: the device's database `daybook-<userId>`. */
  userId: string;
  /** The task a click opens; null: the click opens /notifications. */
  taskId: string | null;
  url: string;
  /** The notifications opening the task marks read (none without a task). */
  ids: string[];
}

/** The server lists at most 20; a few more are read, never an unbounded list. */
const IDS_MAX = 50;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function notificationPushTag(userId: string): string {
  return `notifications:${userId}`;
}

export function notificationPushUrl(taskId: string | null): string {
  return taskId ? `/tasks/${encodeURIComponent(taskId)}` : '/notifications';
}

/** A notification's data, checked (it comes from the network, then back from the platform). */
export function readNotificationPushData(data: unknown): NotificationPushData | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.kind !== 'notification' || typeof d.userId !== 'string' || !d.userId) return null;
  if (d.taskId !== null && typeof d.taskId !== 'string') return null;
  const taskId = (d.taskId as string | null) || null;
  const ids = taskId && Array.isArray(d.ids) ? d.ids.filter((id): id is string => typeof id === 'string' && ID.test(id)).slice(0, IDS_MAX) : [];
  return { kind: 'notification', userId: d.userId, taskId, url: notificationPushUrl(taskId), ids };
}

/** Service worker → window: show the notifications screen (the router navigates; no reload). */
export const OPEN_NOTIFICATIONS_MESSAGE = 'daybook:open-notifications';
