// Reads for reminders (SPEC §11.4): one task's reminder for the dialog, and everything the
// device's schedule needs — every set reminder with its task and the task's list name — in one
// read, so the leader tab and the service worker compute the same schedule.
import type { Reminder } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';

/** The person's reminder on the task, or null when none is set (a cleared one reads as null). */
export async function getReminder(taskId: string, db: DaybookDb = getDb()): Promise<Reminder | null> {
  const row = await db.reminders.get(taskId);
  return row && row.offset_minutes !== null ? row : null;
}

/** What the schedule and the notification read of a task with a reminder. */
export interface ReminderTask {
  id: string;
  title: string;
  list_id: string;
  list_name: string;
  due_date: string | null;
  due_time: string | null;
  done: boolean;
  deleted_at: string | null;
}

export interface ReminderInputs {
  /** The tasks the reminders are on (done and deleted ones too: the schedule skips them). */
  tasks: ReminderTask[];
  /** Set reminders only (cleared ones are left out), each on a task in `tasks`. */
  reminders: Reminder[];
}

export async function loadReminderInputs(db: DaybookDb = getDb()): Promise<ReminderInputs> {
  return db.transaction('r', [db.reminders, db.tasks, db.lists], async () => {
    const set = (await db.reminders.toArray()).filter((r) => r.offset_minutes !== null);
    const taskRows = await db.tasks.bulkGet(set.map((r) => r.task_id));
    const listIds = [...new Set(taskRows.flatMap((t) => (t ? [t.list_id] : [])))];
    const names = new Map((await db.lists.bulkGet(listIds)).flatMap((l) => (l ? [[l.id, l.name] as const] : [])));
    const tasks: ReminderTask[] = [];
    const reminders: Reminder[] = [];
    set.forEach((reminder, i) => {
      const t = taskRows[i];
      // a reminder whose task or list the device no longer holds has nothing to remind of
      if (!t || !names.has(t.list_id)) return;
      reminders.push(reminder);
      tasks.push({
        id: t.id,
        title: t.title,
        list_id: t.list_id,
        list_name: names.get(t.list_id)!,
        due_date: t.due_date,
        due_time: t.due_time,
        done: t.done,
        deleted_at: t.deleted_at,
      });
    });
    return { tasks, reminders };
  });
}
