// Label reads (SPEC §14.1): the person's live labels by name, and which are on which task. A
// label deleted (here or on another device) hides its rows on tasks without removing them.
import type { Label, Task } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toTask } from '../db/schema';

const byName = (a: Label, b: Label) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The person's live labels, by name. */
export async function listLabels(db: DaybookDb = getDb()): Promise<Label[]> {
  return (await db.labels.toArray()).filter((l) => !l.deleted_at).sort(byName);
}

export async function getLabel(id: string, db: DaybookDb = getDb()): Promise<Label | null> {
  const row = await db.labels.get(id);
  return row && !row.deleted_at ? row : null;
}

/** Every live label on each task that has one, by name: what rows show as chips and filters read. */
export async function labelsByTask(db: DaybookDb = getDb()): Promise<Map<string, Label[]>> {
  const [labels, rows] = await Promise.all([db.labels.toArray(), db.task_labels.toArray()]);
  const live = new Map(labels.filter((l) => !l.deleted_at).map((l) => [l.id, l]));
  const out = new Map<string, Label[]>();
  for (const row of rows) {
    const label = row.deleted_at ? undefined : live.get(row.label_id);
    if (!label) continue;
    const on = out.get(row.task_id);
    if (on) on.push(label);
    else out.set(row.task_id, [label]);
  }
  for (const on of out.values()) on.sort(byName);
  return out;
}

/** The live label's tasks that are not deleted (open first, then done), in their lists' order. */
export async function labelTasks(labelId: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const rows = await db.task_labels.where('label_id').equals(labelId).toArray();
  const ids = rows.filter((r) => !r.deleted_at).map((r) => r.task_id);
  const tasks = (await db.tasks.bulkGet(ids)).flatMap((t) => (t && t.state !== STATE.deleted ? [t] : []));
  return tasks.sort((a, b) => a.state - b.state || a.position.localeCompare(b.position)).map(toTask);
}
