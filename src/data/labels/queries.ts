// Label reads (SPEC §14.1): the person's live labels by name, and which are on which task. A
// label deleted (here or on another device) hides its rows on tasks without removing them.
import type { Label } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';

const byName = (a: Label, b: Label) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The person's live labels, by name. */
export async function listLabels(db: DaybookDb = getDb()): Promise<Label[]> {
  return (await db.labels.toArray()).filter((l) => !l.deleted_at).sort(byName);
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
