// Export/import as JSON (Settings). Import validates record by record with the SPEC §5
// messages and writes through the data layer's writes (write/), so every imported record is queued for sync.
//
// Id policy (SPEC §15, import-ids.ts): an imported list or task keeps its file's id only where
// the server said no one holds it, else it takes an id derived from the file's id and the
// importer (the same at every import), else a random one; a live record already on this device
// with the same content under one of those ids is skipped ("Already on this device"). The
// report counts the records that got an id other than the file's. Imported rows are
// appended at the end of their list in the file's order. The exported Inbox maps to this
// device's Inbox; tasks whose list is missing from the file go to the Inbox. A done task is
// queued as task.create followed by task.update {done: true}. Steps (SPEC §11.3) follow their
// task: an imported task's steps are appended to it in the file's order (step.create, then
// step.update {done: true} for a done one); steps of a task not imported are skipped with it.
// Reminders (SPEC §11.4) likewise: a set reminder of an exported task travels as {task_id,
// offset_minutes} (a snooze is of the moment and stays behind) and is set on the imported task.
// Labels (SPEC §14.1) travel with their rows on the exported tasks (./labels.ts), saved filters
// (SPEC §14.2) with their list and label ids mapped (./filters.ts), comments as ./comments.ts says.
import { ValidationError } from '@/lib/errors';
import { isObject } from '@/lib/is-object';
import { newId, nowIso } from '@/lib/ids';
import type { List, Step, Task } from '@/domain/model';
import { isReminderOffset } from '@/domain/reminders/offsets';
import { checkColor, LIMITS, MESSAGES, normalizeListName, normalizeStepTitle, validateTaskDraft } from '@/domain/validation';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toList, toStep, toTask } from '../db/schema';
import { readIdentity } from '../db/identity';
import { assertImportable } from './import-check';
import { ALREADY_HERE, type IdCheck, type IdPlan, keepingIds, place, planIds } from './import-ids';
import { type BackupLabel, type BackupTaskLabel, exportLabels, importLabels } from './labels';
import { type BackupFilter, exportFilters, importFilters } from './filters';
import { type BackupComment, exportComments, importComments } from './comments';
import { lists as listMutators, reminders as reminderMutators, steps as stepMutators, tasks as taskMutators } from '../write';
import { write } from '../write/transaction';

export interface BackupFile {
  format: 'daybook';
  version: 1;
  exported_at: string;
  /** Who exported it: their comments are re-posted on import (files from before comments have none). */
  user_id?: string;
  lists: List[];
  tasks: Task[];
  /** Live steps of the exported tasks (files from before steps have none). */
  steps?: Step[];
  /** The person's set reminders on the exported tasks (files from before reminders have none). */
  reminders?: BackupReminder[];
  /** The person's live labels and their labels on the exported tasks (files from before labels have none). */
  labels?: BackupLabel[];
  task_labels?: BackupTaskLabel[];
  /** The person's live saved filters (files from before filters have none). */
  filters?: BackupFilter[];
  /** Live comments on the exported tasks, everyone's (files from before comments have none). */
  comments?: BackupComment[];
}

export interface BackupReminder {
  task_id: string;
  offset_minutes: number;
}

export type { IdCheck } from './import-ids';

export interface ImportReport {
  imported: { lists: number; tasks: number; steps?: number; reminders?: number; labels?: number; task_labels?: number; filters?: number; comments?: number };
  /** Imported lists and tasks that got an id other than the file's (SPEC §15). */
  renamed: number;
  skipped: { index: number; kind: 'list' | 'task' | 'step' | 'reminder' | 'label' | 'task_label' | 'filter' | 'comment'; reason: string }[];
}

export const NOT_A_BACKUP = 'This file is not a Daybook export';
export { ALREADY_HERE };

/** Every live list and task of the current database (tombstones are left out). */
export async function exportData(db: DaybookDb = getDb()): Promise<BackupFile> {
  const identity = await readIdentity(db);
  return db.transaction('r', [db.lists, db.tasks, db.steps, db.reminders, db.labels, db.task_labels, db.filters, db.comments], async () => {
    const listRows = await db.lists.where('[state+position]').between([STATE.open, ''], [STATE.open, '\uffff']).toArray();
    const taskRows = (await db.tasks.toArray()).filter((t) => t.state !== STATE.deleted);
    const live = new Set(taskRows.map((t) => t.id));
    const stepRows = await db.steps.orderBy('[task_id+position]').toArray();
    const reminderRows = await db.reminders.toArray();
    return {
      format: 'daybook',
      version: 1,
      exported_at: nowIso(),
      ...(identity ? { user_id: identity.userId } : {}),
      lists: listRows.map(toList),
      tasks: taskRows.map(toTask),
      steps: stepRows.filter((s) => s.state !== STATE.deleted && live.has(s.task_id)).map(toStep),
      reminders: reminderRows.flatMap((r) => (r.offset_minutes !== null && live.has(r.task_id) ? [{ task_id: r.task_id, offset_minutes: r.offset_minutes }] : [])),
      ...(await exportLabels(db, live)),
      filters: await exportFilters(db),
      comments: await exportComments(db, live),
    };
  });
}

function reasonOf(err: unknown): string {
  if (err instanceof ValidationError) return err.message;
  throw err;
}

/**
 * Imports a file made by exportData. Throws ValidationError(field 'file') when the file is not
 * a Daybook export at all, StorageFullError when storage runs out (then nothing is imported).
 */
export interface ImportOptions {
  /** Asks the server which ids are taken; absent or failing, every record gets a new id. */
  idCheck?: IdCheck;
  /** The file holds records made on this device signed out (ids no server has seen): keep them. */
  keepIds?: boolean;
}

export async function importData(json: unknown, db: DaybookDb = getDb(), opts: ImportOptions = {}): Promise<ImportReport> {
  if (!isObject(json) || json.format !== 'daybook' || !Array.isArray(json.lists) || !Array.isArray(json.tasks)) {
    throw new ValidationError('file', NOT_A_BACKUP);
  }
  const fileLists: unknown[] = json.lists;
  const fileTasks: unknown[] = json.tasks;
  assertImportable(fileLists, fileTasks);
  const report: ImportReport = { imported: { lists: 0, tasks: 0 }, renamed: 0, skipped: [] };
  const importer = await readIdentity(db);
  if (!importer) throw new Error('Database has no identity yet');
  // keepIds does no work outside IndexedDB, so it may run inside a caller's transaction
  const plan = opts.keepIds ? keepingIds : await planIds(fileIdsOf(fileLists, fileTasks), importer.userId, opts.idCheck);

  // One transaction: an import lands whole or (on a storage error) not at all.
  await write(db, async () => {
    const identity = await readIdentity(db);
    if (!identity) throw new Error('Database has no identity yet');
    const listIds = new Map<string, string>();
    const taskIds = new Map<string, string>();

    for (const [index, raw] of fileLists.entries()) {
      try {
        if (!isObject(raw)) throw new ValidationError('list', 'Not a list record');
        const name = normalizeListName(raw.name);
        const color = checkColor(raw.color ?? 'grey');
        const fileId = typeof raw.id === 'string' ? raw.id : null;
        if (raw.is_inbox === true) {
          if (fileId) listIds.set(fileId, identity.inboxId);
          continue;
        }
        const placed = await placeIn(plan, fileId, (id) => db.lists.get(id), (row) => row.name === name && row.color === color);
        if (placed.kind === 'existing') {
          listIds.set(fileId as string, placed.id);
          report.skipped.push({ index, kind: 'list', reason: ALREADY_HERE });
          continue;
        }
        const list = await listMutators.create({ name, color }, db, placed.id);
        if (fileId) listIds.set(fileId, list.id);
        if (fileId && list.id !== fileId.toLowerCase()) report.renamed++;
        report.imported.lists++;
      } catch (err) {
        report.skipped.push({ index, kind: 'list', reason: reasonOf(err) });
      }
    }

    // Append each list's tasks in the file's manual order.
    const ordered = fileTasks
      .map((raw, index) => ({ raw, index }))
      .sort((a, b) => {
        const pa = isObject(a.raw) && typeof a.raw.position === 'string' ? a.raw.position : '';
        const pb = isObject(b.raw) && typeof b.raw.position === 'string' ? b.raw.position : '';
        return pa < pb ? -1 : pa > pb ? 1 : a.index - b.index;
      });
    for (const { raw, index } of ordered) {
      try {
        if (!isObject(raw)) throw new ValidationError('task', 'Not a task record');
        const draft = validateTaskDraft(raw);
        const fileList = typeof raw.list_id === 'string' ? raw.list_id : null;
        const listId = (fileList && listIds.get(fileList)) ?? identity.inboxId;
        const fileId = typeof raw.id === 'string' ? raw.id : null;
        const placed = await placeIn(plan, fileId, (id) => db.tasks.get(id), (row) => sameTask(row, draft, raw.done === true));
        if (placed.kind === 'existing') {
          report.skipped.push({ index, kind: 'task', reason: ALREADY_HERE });
          continue;
        }
        const { id } = placed;
        await taskMutators.create({ ...draft, list_id: listId }, db, id);
        if (fileId) taskIds.set(fileId, id);
        if (fileId && id !== fileId.toLowerCase()) report.renamed++;
        if (raw.done === true) await taskMutators.setDone(id, true, db);
        report.imported.tasks++;
      } catch (err) {
        report.skipped.push({ index, kind: 'task', reason: reasonOf(err) });
      }
    }
    await importSteps(db, Array.isArray(json.steps) ? json.steps : [], taskIds, report);
    await importReminders(db, Array.isArray(json.reminders) ? json.reminders : [], taskIds, report);
    const labelIds = await importLabels(db, Array.isArray(json.labels) ? json.labels : [], Array.isArray(json.task_labels) ? json.task_labels : [], taskIds, report);
    await importFilters(db, Array.isArray(json.filters) ? json.filters : [], listIds, labelIds, report);
    await importComments(db, Array.isArray(json.comments) ? json.comments : [], json.user_id, taskIds, report);
  });
  const order = { list: 0, task: 1, step: 2, reminder: 3, label: 4, task_label: 5, filter: 6, comment: 7 };
  report.skipped.sort((a, b) => order[a.kind] - order[b.kind] || a.index - b.index);
  return report;
}

/** The ids the file gives its lists (but the Inbox, which maps to this device's) and tasks. */
function fileIdsOf(fileLists: unknown[], fileTasks: unknown[]): string[] {
  const ids: string[] = [];
  for (const raw of fileLists) if (isObject(raw) && raw.is_inbox !== true && typeof raw.id === 'string') ids.push(raw.id);
  for (const raw of fileTasks) if (isObject(raw) && typeof raw.id === 'string') ids.push(raw.id);
  return ids;
}

function placeIn<Row extends { state: number }>(
  plan: IdPlan,
  fileId: string | null,
  get: (id: string) => Promise<Row | undefined>,
  same: (row: Row) => boolean,
) {
  return place(plan.candidates(fileId), get, same, STATE.deleted, newId);
}

function sameTask(row: Task, draft: ReturnType<typeof validateTaskDraft>, done: boolean): boolean {
  return (
    row.title === draft.title &&
    row.notes === draft.notes &&
    row.due_date === draft.due_date &&
    row.due_time === draft.due_time &&
    row.priority === draft.priority &&
    (row.repeat ?? null) === draft.repeat &&
    (row.repeat_anchor ?? null) === draft.repeat_anchor &&
    (row.deadline ?? null) === draft.deadline &&
    (row.steps_start_over ?? true) === draft.steps_start_over &&
    row.done === done
  );
}

/**
 * Steps of the tasks this import created, in the file's order; others are skipped, and so are
 * those past a task's 100 — counted here, since a write refused inside the import's transaction
 * would abort all of it.
 */
async function importSteps(db: DaybookDb, fileSteps: unknown[], taskIds: Map<string, string>, report: ImportReport): Promise<void> {
  const perTask = new Map<string, number>();
  for (const [index, raw] of fileSteps.entries()) {
    try {
      if (!isObject(raw)) throw new ValidationError('step', 'Not a step record');
      const taskId = typeof raw.task_id === 'string' ? taskIds.get(raw.task_id) : undefined;
      if (!taskId) throw new ValidationError('task_id', 'Its task was not imported');
      const title = normalizeStepTitle(raw.title);
      if ((perTask.get(taskId) ?? 0) >= LIMITS.steps) throw new ValidationError('task_id', MESSAGES.tooManySteps);
      const step = await stepMutators.create(taskId, title, db);
      perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
      if (raw.done === true) await stepMutators.setDone(step.id, true, db);
      report.imported.steps = (report.imported.steps ?? 0) + 1;
    } catch (err) {
      report.skipped.push({ index, kind: 'step', reason: reasonOf(err) });
    }
  }
}

/** Reminders on the tasks this import created; others are skipped. */
async function importReminders(db: DaybookDb, fileReminders: unknown[], taskIds: Map<string, string>, report: ImportReport): Promise<void> {
  for (const [index, raw] of fileReminders.entries()) {
    try {
      if (!isObject(raw)) throw new ValidationError('reminder', 'Not a reminder record');
      const taskId = typeof raw.task_id === 'string' ? taskIds.get(raw.task_id) : undefined;
      if (!taskId) throw new ValidationError('task_id', 'Its task was not imported');
      if (!isReminderOffset(raw.offset_minutes)) throw new ValidationError('offset_minutes', MESSAGES.reminderOffset);
      // checked here, not left to the write: a write refused inside the import's transaction
      // aborts it, and with it everything imported so far
      if (!(await db.tasks.get(taskId))?.due_date) throw new ValidationError('due_date', MESSAGES.reminderWithoutDate);
      await reminderMutators.set(taskId, raw.offset_minutes, db);
      report.imported.reminders = (report.imported.reminders ?? 0) + 1;
    } catch (err) {
      report.skipped.push({ index, kind: 'reminder', reason: reasonOf(err) });
    }
  }
}
