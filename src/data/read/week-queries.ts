// The week's reads (SPEC §18): the open tasks due in its days, the repeating tasks that may recur
// in them, and the open tasks whose deadline falls in them — one live read, through the date and
// deadline indexes, so a move between days changes every day in the same render.
import { addDays } from '@/lib/dates';
import type { Task } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toTask } from '../db/schema';
import { upcomingWithRepeats } from './queries';

export interface WeekRead {
  due: Task[];
  repeating: Task[];
  deadlines: Task[];
}

/** Open tasks whose deadline is in [from, from + days). */
async function deadlinesBetween(from: string, days: number, db: DaybookDb): Promise<Task[]> {
  const rows = await db.tasks
    .where('[state+deadline]')
    .between([STATE.open, from], [STATE.open, addDays(from, days)], true, false)
    .toArray();
  return rows.map(toTask);
}

export async function weekTasks(from: string, days = 7, db: DaybookDb = getDb()): Promise<WeekRead> {
  const [{ due, repeating }, deadlines] = await Promise.all([upcomingWithRepeats(from, days, db), deadlinesBetween(from, days, db)]);
  return { due, repeating, deadlines };
}
