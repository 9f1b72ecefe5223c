// The Dexie side of a pure mutation (./mutations): load the rows its `reads` names, apply it,
// write what it changed. Runs inside the caller's read-write transaction; the optimistic write
// (mutators), the rebase (applyPull) and the retry of a refused change all come through here.
import type { Mutation } from '@/lib/model';
import { type DaybookDb, STATE, type StepRow, type TaskRow, toList, toListRow, toStep, toStepRow, toTask, toTaskRow } from './schema';
import { applyMutation, type Changes, type Ctx, memberKey, type Outcome, type Reads, readsOf, type Rows, type StepRecord, type TaskRecord } from './mutations';

const toRecord = (row: TaskRow): TaskRecord => ({ ...toTask(row), deleted_with_list: row.deleted_with_list });
const toStepRecord = (row: StepRow): StepRecord => ({ ...toStep(row), deleted_with_task: row.deleted_with_task });
const inState = (row: StepRow, state: 'live' | 'deleted' | 'all') =>
  state === 'all' || (state === 'live' ? row.state !== STATE.deleted : row.state === STATE.deleted);

/** Steps named by `reads` (none asked: no read at all, so task and list changes pay nothing). */
async function loadSteps(db: DaybookDb, reads: Reads): Promise<Map<string, StepRecord>> {
  const steps = new Map<string, StepRecord>();
  if (reads.steps?.length) for (const row of await db.steps.bulkGet(reads.steps)) if (row) steps.set(row.id, toStepRecord(row));
  for (const { taskId, state } of reads.taskSteps ?? []) {
    const rows = await db.steps.where('[task_id+position]').between([taskId, ''], [taskId, '\uffff']).toArray();
    for (const row of rows) if (inState(row, state)) steps.set(row.id, toStepRecord(row));
  }
  for (const { listId, state } of reads.listSteps ?? []) {
    for (const row of await db.steps.where('list_id').equals(listId).toArray()) if (inState(row, state)) steps.set(row.id, toStepRecord(row));
  }
  return steps;
}

/** Loads what `reads` names, plus each loaded task's list and the person's role on every loaded list. */
export async function loadRows(db: DaybookDb, reads: Reads, userId: string): Promise<Rows> {
  const steps = await loadSteps(db, reads);
  const taskIds = new Set([...(reads.tasks ?? []), ...[...steps.values()].map((s) => s.task_id)]);
  const tasks = new Map<string, TaskRecord>();
  for (const row of await db.tasks.bulkGet([...taskIds])) if (row) tasks.set(row.id, toRecord(row));
  for (const { listId, state } of reads.listTasks ?? []) {
    const [lo, hi] = state === 'live' ? [STATE.open, STATE.done] : [STATE.deleted, STATE.deleted];
    const rows = await db.tasks.where('[list_id+state+position]').between([listId, lo, ''], [listId, hi, '\uffff']).toArray();
    for (const row of rows) tasks.set(row.id, toRecord(row));
  }
  const listIds = new Set([...(reads.lists ?? []), ...(reads.listTasks ?? []).map((r) => r.listId)]);
  for (const task of tasks.values()) listIds.add(task.list_id);
  const lists = new Map((await db.lists.bulkGet([...listIds])).flatMap((row) => (row ? [[row.id, toList(row)] as const] : [])));
  const memberKeys: [string, string][] = [...(reads.members ?? []), ...[...lists.keys()].map((id): [string, string] => [id, userId])];
  const members = new Map((await db.members.bulkGet(memberKeys)).flatMap((m) => (m ? [[memberKey(m.list_id, m.user_id), m] as const] : [])));
  const reminders = new Map((reads.reminders?.length ? await db.reminders.bulkGet(reads.reminders) : []).flatMap((r) => (r ? [[r.task_id, r] as const] : [])));
  return { lists, tasks, members, steps, reminders };
}

/** Dexie tracks the index keys of at most this many rows per write; past it, everything re-runs. */
const TRACKED_ROWS = 50;

/**
 * Task rows written so that live queries re-run only where an index key moved. bulkPut hands
 * Dexie the new rows only, so every index range holding one counts as changed (a title edit
 * re-ran the sidebar's open counts); bulkUpdate first reads the stored rows into the
 * transaction's cache, where Dexie finds them and compares keys. Each changed row's fields are
 * all restated, the ones it no longer has as undefined (removed), so the stored row is the new one.
 */
async function writeTasks(db: DaybookDb, rows: TaskRow[]): Promise<void> {
  if (rows.length >= TRACKED_ROWS) {
    await db.tasks.bulkPut(rows);
    return;
  }
  const stored = await db.tasks.bulkGet(rows.map((r) => r.id));
  const added: TaskRow[] = [];
  const updated: { key: string; changes: Record<string, unknown> }[] = [];
  rows.forEach((row, i) => {
    const old = stored[i];
    if (!old) {
      added.push(row);
      return;
    }
    const changes: Record<string, unknown> = { ...row };
    for (const key of Object.keys(old)) if (!(key in row)) changes[key] = undefined;
    updated.push({ key: row.id, changes });
  });
  if (updated.length) await db.tasks.bulkUpdate(updated);
  if (added.length) await db.tasks.bulkAdd(added);
}

export async function writeChanges(db: DaybookDb, changes: Changes): Promise<void> {
  if (changes.lists?.length) await db.lists.bulkPut(changes.lists.map(toListRow));
  if (changes.tasks?.length) await writeTasks(db, changes.tasks.map(toTaskRow));
  if (changes.members?.length) await db.members.bulkPut(changes.members);
  if (changes.steps?.length) await db.steps.bulkPut(changes.steps.map(toStepRow));
  if (changes.reminders?.length) await db.reminders.bulkPut(changes.reminders);
  if (changes.removeMembers?.length) await db.members.bulkDelete(changes.removeMembers);
}

/** Applies one mutation to the stored rows: what it changed, or the refusal (nothing written). */
export async function runMutation(db: DaybookDb, m: Pick<Mutation, 'name' | 'args'>, ctx: Ctx): Promise<Outcome> {
  const rows = await loadRows(db, readsOf(m), ctx.userId);
  const outcome = applyMutation(rows, m, ctx);
  if (outcome.ok) await writeChanges(db, outcome.changes);
  return outcome;
}
