// A label's screen (SPEC §14.1): the label and its tasks, live. Apart from ./hooks.ts so that they
// load with the screen, not with the first one.
import { useLive } from '../live/use-live';
import type { Label, Task } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toTask } from '../db/schema';
import { useDb } from '../db/use-db';

export async function getLabel(id: string, db: DaybookDb = getDb()): Promise<Label | null> {
  const row = await db.labels.get(id);
  return row && !row.deleted_at ? row : null;
}

/** The live label's tasks that are not deleted (open first, then done), in their lists' order. */
export async function labelTasks(labelId: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const rows = await db.task_labels.where('label_id').equals(labelId).toArray();
  const ids = rows.filter((r) => !r.deleted_at).map((r) => r.task_id);
  const tasks = (await db.tasks.bulkGet(ids)).flatMap((t) => (t && t.state !== STATE.deleted ? [t] : []));
  return tasks.sort((a, b) => a.state - b.state || a.position.localeCompare(b.position)).map(toTask);
}

export function useLabel(id: string): Label | null | undefined {
  const db = useDb();
  return useLive(db, () => getLabel(id, db), [db, id]);
}

export function useLabelTasks(labelId: string): Task[] | undefined {
  const db = useDb();
  return useLive(db, () => labelTasks(labelId, db), [db, labelId]);
}
