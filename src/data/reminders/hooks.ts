// Live reminder reads for React (SPEC §11.4), beside hooks.ts.
import { useLive } from '../live/use-live';
import type { Reminder } from '@/domain/model';
import { getReminder, loadReminderInputs, type ReminderInputs } from './queries';
import { useDb } from '../db/use-db';

/** The person's reminder on the task; null when none is set. */
export function useReminder(taskId: string): Reminder | null | undefined {
  const db = useDb();
  return useLive(db, () => getReminder(taskId, db), [db, taskId]);
}

/** Every set reminder with its task and list name: the schedule's input, live. */
export function useReminderSchedule(): ReminderInputs | undefined {
  const db = useDb();
  return useLive(db, () => loadReminderInputs(db), [db]);
}
