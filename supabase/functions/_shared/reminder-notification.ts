// A copy of src/domain/reminders/notification.ts, made by scripts/copy-shared-text.mjs: edit the source, then run it.
// What a reminder notification says and carries (SPEC §11.4). One formatter for all three paths
// that show one — the leader tab's schedule, the service worker's push handler and the server's
// sender — so the tag (which makes the two device paths show a reminder once) and the data the
// service worker's click handler reads can never drift apart. Pure, no DOM: the server imports it.
import { dayLabel } from './dates.ts';

export const REMINDER_ACTIONS = [
  { action: 'complete', title: 'Complete' },
  { action: 'snooze', title: 'Snooze 10 minutes' },
] as const;

export type ReminderAction = (typeof REMINDER_ACTIONS)[number]['action'];

/** How long "Snooze 10 minutes" puts a reminder off. */
export const SNOOZE_MS = 10 * 60_000;

export interface ReminderData {
  kind: 'reminder';
  taskId: string;
  /** The occurrence ('YYYY-MM-DD') this reminder is for: the task's due date when it was made. */
  occurrence: string;
  /** Whose database holds the task (`daybook-<userId>`); null for the signed-out `daybook-local`. */
  userId: string | null;
  url: string;
}

export interface ReminderNotificationInput {
  taskId: string;
  title: string;
  occurrence: string;
  /** 'HH:MM', or null for a task with a date only. */
  dueTime: string | null;
  listName: string;
  userId: string | null;
  /** Today's date in the person's time zone, for "Today" / "Tomorrow" in the body. */
  today: string;
}

export interface ReminderNotification {
  title: string;
  options: {
    tag: string;
    body: string;
    data: ReminderData;
    actions: { action: ReminderAction; title: string }[];
  };
}

export function reminderTag(taskId: string, occurrence: string): string {
  return `reminder:${taskId}:${occurrence}`;
}

/**
 * The key of the shown record (wasReminderShown / markReminderShown) for one firing of a
 * reminder: its tag and the instant it fires (for a snoozed one, the snooze's end). A reminder
 * whose due time, offset or snooze moved fires again at the new time, under the same tag
 * (replacing the first notification), and each firing is still shown once across the device's
 * paths, which both claim this key.
 */
export function reminderShownKey(tag: string, fireAt: number): string {
  // As epoch ms: the server writes '…+00:00' where a device writes '….000Z' for the same instant.
  return `${tag}@${fireAt}`;
}

export function taskUrl(taskId: string): string {
  return `/tasks/${encodeURIComponent(taskId)}`;
}

/** Title: the task's title. Body: when it is due and its list — "Today at 14:30 · Work". */
export function reminderNotification(input: ReminderNotificationInput): ReminderNotification {
  const day = dayLabel(input.occurrence, input.today);
  const when = input.dueTime ? `${day} at ${input.dueTime}` : day;
  return {
    title: input.title,
    options: {
      tag: reminderTag(input.taskId, input.occurrence),
      body: `${when} · ${input.listName}`,
      data: { kind: 'reminder', taskId: input.taskId, occurrence: input.occurrence, userId: input.userId, url: taskUrl(input.taskId) },
      actions: REMINDER_ACTIONS.map((a) => ({ ...a })),
    },
  };
}

/** A notification's data, checked: the service worker gets it back from the platform as `unknown`. */
export function readReminderData(data: unknown): ReminderData | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.kind !== 'reminder' || typeof d.taskId !== 'string' || typeof d.occurrence !== 'string') return null;
  if (d.userId !== null && typeof d.userId !== 'string') return null;
  return { kind: 'reminder', taskId: d.taskId, occurrence: d.occurrence, userId: d.userId as string | null, url: taskUrl(d.taskId) };
}

/** Service worker → window: open this task in the app (its router navigates; no reload). */
export const OPEN_TASK_MESSAGE = 'daybook:open-task';
/** Service worker → windows: a reminder's button wrote to the database; sync it now. */
export const REMINDER_ACTED_MESSAGE = 'daybook:reminder-acted';
