// The Dexie side of a pure mutation (./mutations): load the rows its `reads` names, apply it,
// write what it changed. Runs inside the caller's read-write transaction; the optimistic write
// (mutators), the rebase (applyPull) and the retry of a refused change all come through here.
import type { Mutation } from '@/lib/model';
import { type DaybookDb, STATE, type TaskRow, toList, toListRow, toTask, toTaskRow } from './schema';
import { applyMutation, type Changes, type Ctx, memberKey, type Outcome, type Reads, readsOf, type Rows, type TaskRecord } from './mutations';

const toRecord = (row: TaskRow): TaskRecord => ({ ...toTask(row), deleted_with_list: row.deleted_with_list });

/** Loads what `reads` names, plus each loaded task's list and the person's role on every loaded list. */
export async function loadRows(db: DaybookDb, reads: Reads, userId: string): Promise<Rows> {
  const tasks = new Map<string, TaskRecord>();
  for (const row of await db.tasks.bulkGet(reads.tasks ?? [])) if (row) tasks.set(row.id, toRecord(row));
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
  return { lists, tasks, members };
}

export async function writeChanges(db: DaybookDb, changes: Changes): Promise<void> {
  if (changes.lists?.length) await db.lists.bulkPut(changes.lists.map(toListRow));
  if (changes.tasks?.length) await db.tasks.bulkPut(changes.tasks.map(toTaskRow));
  if (changes.members?.length) await db.members.bulkPut(changes.members);
  if (changes.removeMembers?.length) await db.members.bulkDelete(changes.removeMembers);
}

/** Applies one mutation to the stored rows: what it changed, or the refusal (nothing written). */
export async function runMutation(db: DaybookDb, m: Pick<Mutation, 'name' | 'args'>, ctx: Ctx): Promise<Outcome> {
  const rows = await loadRows(db, readsOf(m), ctx.userId);
  const outcome = applyMutation(rows, m, ctx);
  if (outcome.ok) await writeChanges(db, outcome.changes);
  return outcome;
}
