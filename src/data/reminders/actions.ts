// What a reminder notification's buttons do (SPEC §11.4), run by the service worker with no tab
// open and no network: each is one write (one transaction and one outbox entry, through the
// existing writes), and the sync engine sends it when the app next runs.
import Dexie from 'dexie';
import { openDatabase } from '../db/database';
import { databaseNameFor } from '../db/identity';
import { reminders } from '../write/reminders';
import { tasks } from '../write/tasks';
import { type DaybookDb, STATE } from '../db/schema';
import { write } from '../write/transaction';

/**
 * The database a notification belongs to (`daybook-<userId>`, or `daybook-local`), or null when
 * the device no longer has it (signed out since): opening it would make an empty one.
 */
export async function openReminderDatabase(userId: string | null): Promise<DaybookDb | null> {
  const name = databaseNameFor(userId);
  if (!(await Dexie.exists(name))) return null;
  return openDatabase(name, userId ?? undefined);
}

/** What "Complete" did: completed the task, moved a repeating one to `next`, or nothing. */
export type ReminderCompleted = { done: 'task' } | { done: 'occurrence'; next: string | null } | { done: 'nothing' };

/**
 * "Complete" on the reminder for `occurrence`: completes the task, or that one occurrence of a
 * repeating task (its date moves on, so the next occurrence reminds). Nothing when the task is
 * gone, already done, or has moved past that occurrence (completed elsewhere meanwhile) — a late
 * click never completes an occurrence it wasn't shown for.
 */
export async function completeFromReminder(db: DaybookDb, taskId: string, occurrence: string, today: string): Promise<ReminderCompleted> {
  return write(db, async () => {
    const row = await db.tasks.get(taskId);
    if (!row || row.state !== STATE.open || row.due_date !== occurrence) return { done: 'nothing' } as const;
    if (row.repeat) {
      const { next } = await tasks.completeOccurrence(taskId, today, db);
      return { done: 'occurrence', next } as const;
    }
    await tasks.setDone(taskId, true, db);
    return { done: 'task' } as const;
  });
}

/** "Snooze 10 minutes": the reminder for `occurrence` fires again at `untilIso`, unless the task moved on. */
export async function snoozeFromReminder(db: DaybookDb, taskId: string, occurrence: string, untilIso: string): Promise<boolean> {
  return write(db, async () => {
    const row = await db.tasks.get(taskId);
    const reminder = await db.reminders.get(taskId);
    if (!row || row.state !== STATE.open || row.due_date !== occurrence || !reminder || reminder.offset_minutes === null) return false;
    await reminders.snooze(taskId, occurrence, untilIso, db);
    return true;
  });
}
