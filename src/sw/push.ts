/// <reference lib="webworker" />
// The server's copy of a reminder (SPEC §11.4), by Web Push: shown with the tag the device's own
// schedule uses, unless this device already showed it — the shown record (src/data) is claimed
// first, so whichever of the two paths comes second shows nothing. The record is keyed with the
// firing's instant (a snoozed reminder's is its snooze's end), so a reminder moved after it
// fired, or snoozed, shows again once. The message is what
// supabase/functions/_shared/push-payload.ts sends: { kind: 'reminder', title, options: { tag,
// body, data, actions }, fireAt, snoozedUntil }, or for several reminders due together { kind:
// 'reminders', title, options: { tag, body, data }, items: [{ taskId, occurrence, fireAt,
// snoozedUntil }] }. Only the text comes from the
// message: the tag is remade from the data and the buttons are always the reminder's own, so a
// message cannot offer other actions than "Complete" and "Snooze 10 minutes" — it may only pick
// which language's titles they wear, among the known ones (domain/reminders/action-titles.ts).
import { openReminderDatabase } from '@/data/reminders/actions';
import { markReminderShown } from '@/data/reminders/shown';
import { knownActionTitles } from '@/domain/reminders/action-titles';
import { REMINDER_ACTIONS, type ReminderNotification, readReminderData, reminderShownKey, reminderTag } from '@/domain/reminders/notification';

declare const self: ServiceWorkerGlobalScope;

export interface ReminderPushMessage {
  notification: ReminderNotification;
  /** The shown-record keys this message stands for: whichever path shows one first wins. */
  shownKeys: string[];
}

const instantMs = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : null);

/**
 * The shown key of one pushed reminder. A message without a fire time (from a server older than
 * this worker) still shows: a snoozed one fires at its snooze's end, and otherwise the bare tag
 * is the best key there is (the device's own schedule may then show that firing too).
 */
function pushedShownKey(tag: string, fireAt: unknown, snoozedUntil: unknown): string {
  const at = instantMs(fireAt) ?? instantMs(snoozedUntil);
  return at === null ? tag : reminderShownKey(tag, at);
}
/** How many reminders one grouped message may record as shown (the sender lists at most 20). */
const GROUP_ITEMS_MAX = 50;

/** The push's JSON, checked (it comes from the network): null when it is not a reminder. */
export function readReminderPush(json: unknown): ReminderPushMessage | null {
  if (!json || typeof json !== 'object') return null;
  const m = json as Record<string, unknown>;
  const options = m.options as Record<string, unknown> | null | undefined;
  if ((m.kind !== 'reminder' && m.kind !== 'reminders') || typeof m.title !== 'string' || !options || typeof options !== 'object') return null;
  const data = readReminderData(options.data);
  if (!data || typeof options.body !== 'string') return null;
  if (m.kind === 'reminder') {
    // the tag is remade from the data, so a message can only ever replace its own reminder
    const tag = reminderTag(data.taskId, data.occurrence);
    const titles = knownActionTitles(options.actions);
    const actions = REMINDER_ACTIONS.map((a) => ({ action: a.action, title: titles[a.action] }));
    return { notification: { title: m.title, options: { tag, body: options.body, data, actions } }, shownKeys: [pushedShownKey(tag, m.fireAt, m.snoozedUntil)] };
  }
  // several reminders in one notification: no buttons (which one would they act on?); a click
  // opens the first one's task
  const items = Array.isArray(m.items) ? m.items.slice(0, GROUP_ITEMS_MAX) : [];
  const shownKeys: string[] = [];
  for (const item of items as Record<string, unknown>[]) {
    if (!item || typeof item.taskId !== 'string' || typeof item.occurrence !== 'string') continue;
    shownKeys.push(pushedShownKey(reminderTag(item.taskId, item.occurrence), item.fireAt, item.snoozedUntil));
  }
  if (shownKeys.length === 0) return null;
  const tag = `reminders:${data.taskId}:${data.occurrence}`;
  return { notification: { title: m.title, options: { tag, body: options.body, data, actions: [] } }, shownKeys };
}

async function showPushed(json: unknown): Promise<void> {
  const message = readReminderPush(json);
  if (!message) return;
  const { notification, shownKeys } = message;
  const db = await openReminderDatabase(notification.options.data.userId);
  // the person signed out on this device since (their data is gone): nothing of theirs is shown
  if (!db) return;
  let anyFirst = false;
  try {
    for (const key of shownKeys) if (await markReminderShown(db, key)) anyFirst = true;
  } finally {
    db.close();
  }
  if (anyFirst) await self.registration.showNotification(notification.title, notification.options);
}

/**
 * Hands each push's JSON to `handle`; a push that is not JSON is not ours. Each kind of push
 * (reminders, notifications) listens through this and takes the messages it recognises.
 */
export function onPushJson(handle: (json: unknown) => Promise<void> | undefined): void {
  self.addEventListener('push', (event) => {
    let json: unknown = null;
    try {
      json = event.data?.json();
    } catch {
      return;
    }
    const work = handle(json);
    if (work) event.waitUntil(work);
  });
}

export function handleReminderPushes(): void {
  onPushJson(showPushed);
}
