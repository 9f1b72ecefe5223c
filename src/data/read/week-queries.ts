// The week's reads (SPEC §18): the open tasks due in its days, the repeating tasks that may recur
// in them, and the open tasks whose deadline falls in them — one live read, through the date and
// deadline indexes, so a move between days changes every day in the same render.
//
// The repeating tasks are the ones due up to the week's end that have a rule. There is no index
// on `repeat`; the open tasks dated before the week are read in one getAll and the few with a
// rule kept (a Dexie `.filter()` walks a cursor instead, a round trip per row: ~4× slower here).
import Dexie from 'dexie';
import { addDays } from '@/lib/dates';
import type { Task } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, type TaskRow, toTask } from '../db/schema';

const { minKey } = Dexie;

export interface WeekRead {
  due: Task[];
  repeating: Task[];
  deadlines: Task[];
}

/** Open tasks due in [from, toExclusive), by date, time (untimed first), position. */
function openDue(db: DaybookDb, from: string | typeof minKey, toExclusive: string): Promise<TaskRow[]> {
  return db.tasks
    .where('[state+due_date+due_time_key+position]')
    .between([STATE.open, from, minKey, minKey], [STATE.open, toExclusive, minKey, minKey], true, false)
    .toArray();
}

/** Open tasks whose deadline is in [from, toExclusive). */
function deadlinesBetween(db: DaybookDb, from: string, toExclusive: string): Promise<TaskRow[]> {
  return db.tasks.where('[state+deadline]').between([STATE.open, from], [STATE.open, toExclusive], true, false).toArray();
}

const repeats = (row: TaskRow) => row.repeat !== null && row.repeat !== undefined;

export async function weekTasks(from: string, days = 7, db: DaybookDb = getDb()): Promise<WeekRead> {
  const end = addDays(from, days);
  const [before, due, deadlines] = await Promise.all([openDue(db, minKey, from), openDue(db, from, end), deadlinesBetween(db, from, end)]);
  return {
    due: due.map(toTask),
    repeating: [...before.filter(repeats), ...due.filter(repeats)].map(toTask),
    deadlines: deadlines.map(toTask),
  };
}
