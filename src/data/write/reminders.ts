// The person's reminder on a task (SPEC §11.4): set, clear, snooze — each one transaction and one
// outbox entry through its pure apply (../mutations/reminders.ts). Setting what is already set,
// or clearing what is not, writes nothing.
import type { ReminderOffset } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { write } from './transaction';
import { commit } from './commit';

async function setReminder(taskId: string, offsetMinutes: ReminderOffset, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.reminders.get(taskId);
    if (row?.offset_minutes === offsetMinutes && row.snoozed_until === null) return;
    await commit(db, enqueue, 'reminder.set', { task_id: taskId, offset_minutes: offsetMinutes });
  });
}

async function clearReminder(taskId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.reminders.get(taskId);
    if (!row || row.offset_minutes === null) return;
    await commit(db, enqueue, 'reminder.clear', { task_id: taskId });
  });
}

/** Snoozes the reminder for `occurrence` (its due date, YYYY-MM-DD) until `untilIso`. */
async function snoozeReminder(taskId: string, occurrence: string, untilIso: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    await commit(db, enqueue, 'reminder.snooze', { task_id: taskId, occurrence, until: untilIso });
  });
}

export const reminders = {
  set: setReminder,
  clear: clearReminder,
  snooze: snoozeReminder,
};
