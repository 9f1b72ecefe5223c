// Labels in export and import (SPEC §14.1, §15 "Imports never vanish"). A file carries the
// person's live labels ({id, name, color}) and their labels on the exported tasks ({task_id,
// label_id}). An imported label joins a live label of the same name (case-insensitive) or is made
// with a new id, so no label is ever refused for its id; its rows follow the imported tasks.
// Limits are counted here, not left to the write: a write refused inside the import's
// transaction would abort all of it.
import { ValidationError } from '@/lib/errors';
import { isObject } from '@/lib/is-object';
import { LABEL_LIMITS, LABEL_MESSAGES, normalizeLabelName } from '@/domain/labels';
import type { ListColor } from '@/domain/model';
import { checkColor } from '@/domain/validation';
import type { DaybookDb } from '../db/schema';
import type { ImportReport } from './index';
import { addLabel, createLabel } from '../write/label-writes';

export interface BackupLabel {
  id: string;
  name: string;
  color: ListColor;
}

export interface BackupTaskLabel {
  task_id: string;
  label_id: string;
}

/** The live labels, and the live ones on the tasks `live` names. */
export async function exportLabels(db: DaybookDb, live: Set<string>): Promise<{ labels: BackupLabel[]; task_labels: BackupTaskLabel[] }> {
  const labelRows = (await db.labels.toArray()).filter((l) => !l.deleted_at);
  const kept = new Set(labelRows.map((l) => l.id));
  const rows = await db.task_labels.toArray();
  return {
    labels: labelRows.map((l) => ({ id: l.id, name: l.name, color: l.color })),
    task_labels: rows.flatMap((r) => (!r.deleted_at && kept.has(r.label_id) && live.has(r.task_id) ? [{ task_id: r.task_id, label_id: r.label_id }] : [])),
  };
}

/** Returns the id each of the file's labels got here, for what names them (filters). */
export async function importLabels(db: DaybookDb, fileLabels: unknown[], fileTaskLabels: unknown[], taskIds: Map<string, string>, report: ImportReport): Promise<Map<string, string>> {
  const live = (await db.labels.toArray()).filter((l) => !l.deleted_at);
  const byName = new Map(live.map((l) => [l.name.toLowerCase(), l.id]));
  const labelIds = new Map<string, string>();
  let count = live.length;
  for (const [index, raw] of fileLabels.entries()) {
    try {
      if (!isObject(raw)) throw new ValidationError('label', 'Not a label record');
      const name = normalizeLabelName(raw.name);
      const color = checkColor(raw.color ?? 'grey');
      const fileId = typeof raw.id === 'string' ? raw.id : null;
      let id = byName.get(name.toLowerCase());
      if (!id) {
        if (count >= LABEL_LIMITS.perPerson) throw new ValidationError('id', LABEL_MESSAGES.tooMany);
        id = (await createLabel(name, color, db)).id;
        byName.set(name.toLowerCase(), id);
        count++;
        report.imported.labels = (report.imported.labels ?? 0) + 1;
      }
      if (fileId) labelIds.set(fileId, id);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      report.skipped.push({ index, kind: 'label', reason: err.message });
    }
  }
  const perTask = new Map<string, number>();
  for (const [index, raw] of fileTaskLabels.entries()) {
    try {
      if (!isObject(raw)) throw new ValidationError('task_label', 'Not a label on a task');
      const taskId = typeof raw.task_id === 'string' ? taskIds.get(raw.task_id) : undefined;
      if (!taskId) throw new ValidationError('task_id', 'Its task was not imported');
      const labelId = typeof raw.label_id === 'string' ? labelIds.get(raw.label_id) : undefined;
      if (!labelId) throw new ValidationError('label_id', 'Its label was not imported');
      const on = await db.task_labels.get([taskId, labelId]);
      if (on && !on.deleted_at) continue;
      if ((perTask.get(taskId) ?? 0) >= LABEL_LIMITS.perTask) throw new ValidationError('label_id', LABEL_MESSAGES.tooManyOnTask);
      await addLabel(taskId, labelId, db);
      perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
      report.imported.task_labels = (report.imported.task_labels ?? 0) + 1;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      report.skipped.push({ index, kind: 'task_label', reason: err.message });
    }
  }
  return labelIds;
}
