// Label edits (SPEC §14.1): make, rename, recolour and delete a label; put one on a task or take it
// off. Each is one transaction and one outbox entry per label through its pure apply
// (../mutations/labels.ts), so two devices' different labels on one task both stay. Putting on
// what is on, or taking off what is not, writes nothing. Loaded with the first label edit
// (./labels.ts); the import, already inside its transaction, calls these directly.
import { ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { normalizeLabelName } from '@/domain/labels';
import type { Label, LabelPatch, ListColor } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { write } from './transaction';
import { commit } from './commit';

export async function createLabel(name: string, color: ListColor = 'grey', db: DaybookDb = getDb(), id: string = newId()): Promise<Label> {
  const clean = normalizeLabelName(name);
  return write(db, async (enqueue) => {
    const { labels } = await commit(db, enqueue, 'label.create', { id, name: clean, color });
    return labels![0]!;
  });
}

/** Only fields that differ reach the patch; a patch that changes nothing writes nothing. */
export async function updateLabel(id: string, patch: LabelPatch, db: DaybookDb = getDb()): Promise<void> {
  const clean: LabelPatch = {};
  await write(db, async (enqueue) => {
    const row = await db.labels.get(id);
    if (!row || row.deleted_at) throw new ValidationError('id', 'That label no longer exists');
    if (patch.name !== undefined && normalizeLabelName(patch.name) !== row.name) clean.name = normalizeLabelName(patch.name);
    if (patch.color !== undefined && patch.color !== row.color) clean.color = patch.color;
    if (Object.keys(clean).length === 0) return;
    await commit(db, enqueue, 'label.update', { id, patch: clean });
  });
}

export async function deleteLabel(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.labels.get(id);
    if (!row || row.deleted_at) return;
    await commit(db, enqueue, 'label.delete', { id });
  });
}

export async function addLabel(taskId: string, labelId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.task_labels.get([taskId, labelId]);
    if (row && !row.deleted_at) return;
    await commit(db, enqueue, 'task_label.add', { task_id: taskId, label_id: labelId });
  });
}

export async function removeLabel(taskId: string, labelId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.task_labels.get([taskId, labelId]);
    if (!row || row.deleted_at) return;
    await commit(db, enqueue, 'task_label.remove', { task_id: taskId, label_id: labelId });
  });
}

/**
 * Puts the labels called `names` on the task, making those that do not exist yet (quick add's
 * "@name", the dialog's "make"): one change per label made and one per label put on.
 */
export async function labelTaskByName(taskId: string, names: string[], db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const live = (await db.labels.toArray()).filter((l) => !l.deleted_at);
    for (const raw of names) {
      const name = normalizeLabelName(raw);
      let label = live.find((l) => l.name.toLowerCase() === name.toLowerCase());
      if (!label) {
        label = (await commit(db, enqueue, 'label.create', { id: newId(), name, color: 'grey' })).labels![0]!;
        live.push(label);
      }
      const row = await db.task_labels.get([taskId, label.id]);
      if (!row || row.deleted_at) await commit(db, enqueue, 'task_label.add', { task_id: taskId, label_id: label.id });
    }
  });
}
