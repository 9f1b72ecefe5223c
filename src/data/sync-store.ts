// The data side of sync: what the engine (src/sync) reads and writes in IndexedDB. Pulled
// pages are acknowledged and rebased in ONE transaction (ARCHITECTURE.md "Acknowledge from
// pull, not from push"); a push response alone changes nothing here.
import { nowIso } from '@/lib/ids';
import { type List, MUTATION_NAMES, type Mutation, type MutationError, type OutboxEntry, type PullResult, type RefusedEntry, type Task } from '@/lib/model';
import { exportData, type ImportReport, importData } from './backup';
import { getDb } from './database';
import { type DaybookDb, defineDatabase, type TaskRow, toList, toListRow, toTask, toTaskRow } from './db';
import { LOCAL_DATABASE, META, readIdentity } from './identity';
import { applyToList, applyToTask, targetOf } from './replay';
import { enqueue } from './write';

export const PUSH_BATCH = 200;

/** The oldest queued changes with ids above `after`, as sync_push takes them (created_at stripped). */
export async function pendingMutations(limit = PUSH_BATCH, db: DaybookDb = getDb(), after = 0): Promise<Mutation[]> {
  const entries = await db.outbox.where('id').above(after).limit(limit).toArray();
  return entries.map(({ created_at: _created, ...m }) => m as Mutation);
}

export async function getClientId(db: DaybookDb = getDb()): Promise<string> {
  const identity = await readIdentity(db);
  if (!identity) throw new Error('Database has no identity yet');
  return identity.clientId;
}

export async function getCursors(db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const value = (await db.meta.get(META.cursors))?.value;
  return value && typeof value === 'object' ? { ...(value as Record<string, number>) } : {};
}

export async function getLastSyncedAt(db: DaybookDb = getDb()): Promise<string | null> {
  const value = (await db.meta.get(META.lastSyncedAt))?.value;
  return typeof value === 'string' ? value : null;
}

export async function setLastSyncedAt(iso: string, db: DaybookDb = getDb()): Promise<void> {
  await db.meta.put({ key: META.lastSyncedAt, value: iso });
}

/**
 * Whether "Saved offline" was shown in the offline spell still running: kept in the database so
 * a reload (or a new leader tab) during the spell does not say it again, and the first sync after
 * it still says "Synced N changes".
 */
export async function getOfflineSavedShown(db: DaybookDb = getDb()): Promise<boolean> {
  return (await db.meta.get(META.offlineSavedShown))?.value === true;
}

export async function setOfflineSavedShown(shown: boolean, db: DaybookDb = getDb()): Promise<void> {
  if (shown) await db.meta.put({ key: META.offlineSavedShown, value: true });
  else await db.meta.delete(META.offlineSavedShown);
}

export interface PullOutcome {
  /** Outbox entries removed because the server has seen them (applied, duplicate or refused). */
  acknowledged: number;
  /** Entries the server refused in this page, now in the `refused` table. */
  refused: RefusedEntry[];
  /** Lists that vanished for this user (unshared or gone) and were purged with their tasks;
   *  the name is read before the purge so the user can be told which list went. `left`: this
   *  device asked to leave it and the server has now seen that (the user knows why it went). */
  purgedLists: { id: string; name: string; left: boolean }[];
}

/**
 * Applies one sync_pull page: refusals move from the outbox to `refused`; entries up to
 * last_mutation_id leave the outbox; pulled rows replace local ones; departed tasks and
 * lists no longer visible are dropped; pending entries are replayed over the rows this page
 * touched; cursors advance. All in one transaction.
 */
export async function applyPull(page: PullResult, db: DaybookDb = getDb()): Promise<PullOutcome> {
  return db.transaction('rw', [db.lists, db.members, db.tasks, db.outbox, db.refused, db.meta], async () => {
    const now = nowIso();
    const cursors = { ...(await getCursors(db)), ...page.cursors };

    // 1. Refusals. A refused create leaves no server row, so its local row goes (the text
    //    stays in the sync centre); for other refusals the list is pulled again from scratch
    //    so the local row returns to the server's version. A refusal of an id this device has
    //    not issued yet is of a change sent with its client id from elsewhere (past the app):
    //    it is kept as the server describes it, so the user sees what was refused.
    const next = await nextMutationId(db);
    const refused = await moveToRefused(db, page.refused, cursors, now, next);

    // 2. Acknowledge. Lists this device asked to leave are noted first, if anything is about to
    //    vanish (rare, so the acknowledged entries are read whole only then).
    const localLists = await db.lists.toCollection().primaryKeys();
    const vanishing = localLists.some((id) => !page.visible_lists.includes(id));
    const left = new Set<string>();
    const ackedRange = db.outbox.where('id').belowOrEqual(page.last_mutation_id);
    for (const m of [...(vanishing ? await ackedRange.toArray() : []), ...refused]) if (m.name === 'list.leave') left.add(m.args.list_id);
    const acked = await ackedRange.primaryKeys();
    await db.outbox.bulkDelete(acked);
    // The server has seen every id up to last_mutation_id for this client id. They are this
    // device's own, unless a change was sent with its client id from elsewhere: then the
    // counter moves past it, or this device's next change would be answered `duplicate` and
    // dropped unapplied.
    if (page.last_mutation_id >= next) await db.meta.put({ key: META.nextMutationId, value: page.last_mutation_id + 1 });

    // 3. Server rows.
    const deletedLists = new Map(page.lists.filter((l) => l.deleted_at).map((l) => [l.id, l.deleted_at]));
    await db.lists.bulkPut(page.lists.map((l) => toListRow(stripList(l))));
    for (const m of page.members as (PullResult['members'][number] & { deleted_at?: string | null })[]) {
      if (m.deleted_at) await db.members.delete([m.list_id, m.user_id]);
      else await db.members.put({ list_id: m.list_id, user_id: m.user_id, email: m.email, role: m.role });
    }
    const taskRows: TaskRow[] = [];
    for (const t of page.tasks) {
      const task = stripTask(t);
      // A tombstone carries deleted_with_list. A server from before that field was sent: a task
      // tombstoned in the same statement as its list has its timestamp — a guess, wrong for a
      // task deleted on its own in the same push as its list. Only tombstones need the list
      // (reading it for every live row made a first sync of 50,000 tasks take 4.2 s instead of
      // 3.5 s: bench/sync-first-sync.ts).
      let withList = false;
      if (task.deleted_at !== null) {
        if (typeof t.deleted_with_list === 'boolean') withList = t.deleted_with_list;
        else {
          const listDeletedAt = deletedLists.get(task.list_id) ?? (await db.lists.get(task.list_id))?.deleted_at ?? null;
          withList = listDeletedAt !== null && task.deleted_at === listDeletedAt;
        }
      }
      taskRows.push(toTaskRow({ ...task, deleted_with_list: withList }));
    }
    await db.tasks.bulkPut(taskRows);

    // 4. Departures: a task that moved to a list this user cannot see.
    for (const { list_id, task_id } of page.departed) {
      const row = await db.tasks.get(task_id);
      if (row && row.list_id === list_id) await db.tasks.delete(task_id);
    }

    // 5. Lists no longer visible, unless this device is still creating them.
    const pending = await db.outbox.orderBy('id').toArray();
    const creating = new Set(pending.filter((m) => m.name === 'list.create').map((m) => m.args.id));
    const visible = new Set(page.visible_lists);
    const purgedLists: PullOutcome['purgedLists'] = [];
    for (const id of vanishing ? await db.lists.toCollection().primaryKeys() : []) {
      if (visible.has(id) || creating.has(id)) continue;
      purgedLists.push({ id, name: (await db.lists.get(id))?.name ?? '', left: left.has(id) });
      await db.lists.delete(id);
      await db.members.where('list_id').equals(id).delete();
      const taskIds = await db.tasks.where('[list_id+state+position]').between([id, 0, ''], [id, 2, '\uffff']).primaryKeys();
      await db.tasks.bulkDelete(taskIds);
      delete cursors[id];
    }

    // 6. Rebase: replay what is still queued over the rows this page replaced.
    const pulledTasks = new Set(page.tasks.map((t) => t.id));
    const pulledLists = new Set(page.lists.map((l) => l.id));
    for (const m of pending) {
      const target = targetOf(m);
      if (target?.kind === 'task' && pulledTasks.has(target.id)) {
        const row = await db.tasks.get(target.id);
        if (row) await db.tasks.put(toTaskRow(applyToTask({ ...toTask(row), deleted_with_list: row.deleted_with_list }, m, now)));
      } else if (target?.kind === 'list') {
        const row = await db.lists.get(target.id);
        if (row && pulledLists.has(target.id)) await db.lists.put(toListRow(applyToList(toList(row), m, now)));
        if (m.name === 'list.delete') await tombstonePulledTasks(db, target.id, pulledTasks, now);
      }
    }

    await db.meta.put({ key: META.cursors, value: cursors });
    return { acknowledged: acked.length, refused, purgedLists };
  });
}

async function nextMutationId(db: DaybookDb): Promise<number> {
  const stored = (await db.meta.get(META.nextMutationId))?.value;
  return typeof stored === 'number' ? stored : 1;
}

/**
 * Moves still-queued entries to `refused` and undoes their local effect. Ids no longer queued
 * were handled before (refused, retried or discarded) and are skipped — except ids at or above
 * `unissued` (the device's next mutation id), which this device never used: those are recorded
 * from the server's name and args when they describe a change this app can show.
 */
async function moveToRefused(
  db: DaybookDb,
  items: PullResult['refused'],
  cursors: Record<string, number>,
  now: string,
  unissued = Number.POSITIVE_INFINITY,
) {
  const refused: RefusedEntry[] = [];
  for (const { id, error, name, args } of items) {
    const entry = await db.outbox.get(id);
    if (!entry) {
      const foreign = id >= unissued ? asMutation(id, name, args) : null;
      if (foreign && !(await db.refused.get(id))) {
        // nothing of it was ever applied here, so there is nothing to undo
        const record = { ...foreign, created_at: now, error, refused_at: now } as RefusedEntry;
        await db.refused.put(record);
        refused.push(record);
      }
      continue;
    }
    const record = { ...entry, error, refused_at: now } as RefusedEntry;
    await db.refused.put(record);
    await db.outbox.delete(id);
    refused.push(record);
    await undoRefused(db, entry, cursors);
  }
  return refused;
}

const STRINGS: Record<Mutation['name'], string[]> = {
  'list.create': ['id', 'name', 'color', 'position'],
  'list.update': ['id'],
  'list.delete': ['id'],
  'list.restore': ['id'],
  'task.create': ['id', 'list_id', 'title', 'position'],
  'task.update': ['id'],
  'task.delete': ['id'],
  'task.restore': ['id'],
  'member.invite': ['list_id', 'email', 'role'],
  'member.set_role': ['list_id', 'user_id', 'role'],
  'member.remove': ['list_id', 'user_id'],
  'list.leave': ['list_id'],
};
const TEXT_FIELDS = ['title', 'notes', 'name', 'list_id'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A change as the server recorded it, if it has the fields the sync centre reads (the server
 * checked only that args is an object: one sent past the app may lack anything). Else null.
 */
function asMutation(id: number, name: unknown, args: unknown): Mutation | null {
  if (typeof name !== 'string' || !(MUTATION_NAMES as readonly string[]).includes(name) || !isObject(args)) return null;
  const fields = STRINGS[name as Mutation['name']];
  if (!fields.every((f) => typeof args[f] === 'string')) return null;
  if (name === 'task.create' && args.notes !== undefined && typeof args.notes !== 'string') return null;
  if (name === 'task.update' || name === 'list.update') {
    const patch = args.patch;
    if (!isObject(patch) || TEXT_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== null && typeof patch[f] !== 'string')) return null;
  }
  return { id, name, args } as Mutation;
}

async function tombstonePulledTasks(db: DaybookDb, listId: string, pulled: Set<string>, now: string) {
  const live = await db.tasks.where('[list_id+state+position]').between([listId, 0, ''], [listId, 1, '\uffff']).toArray();
  const hit = live.filter((t) => pulled.has(t.id));
  await db.tasks.bulkPut(hit.map((t) => toTaskRow({ ...toTask(t), deleted_at: now, updated_at: now, deleted_with_list: true })));
}

async function undoRefused(db: DaybookDb, entry: OutboxEntry, cursors: Record<string, number>) {
  if (entry.name === 'task.create') {
    await db.tasks.delete(entry.args.id);
    return;
  }
  if (entry.name === 'list.create') {
    await db.lists.delete(entry.args.id);
    await db.members.where('list_id').equals(entry.args.id).delete();
    return;
  }
  const target = targetOf(entry);
  if (entry.name === 'task.update' && entry.args.patch.list_id) {
    // The server still has the task in its old list, which the outbox entry doesn't name: drop
    // the local copy (it sits in the target list now) and pull everything again, which brings
    // the task back where the server has it — or not at all if this user can't see that list.
    await db.tasks.delete(entry.args.id);
    for (const key of Object.keys(cursors)) cursors[key] = 0;
    return;
  }
  const listId =
    target?.kind === 'list'
      ? target.id
      : target?.kind === 'task'
        ? (await db.tasks.get(target.id))?.list_id
        : 'list_id' in entry.args
          ? entry.args.list_id
          : undefined;
  if (listId) cursors[listId] = 0;
}

/** Rows from the server carry `version` and every column; keep exactly the public shape. */
function stripList(l: List): List {
  return {
    id: l.id,
    owner_id: l.owner_id,
    name: l.name,
    color: l.color,
    position: l.position,
    is_inbox: l.is_inbox,
    created_at: l.created_at,
    updated_at: l.updated_at,
    deleted_at: l.deleted_at ?? null,
    version: Number(l.version ?? 0),
  };
}

function stripTask(t: Task): Task {
  return {
    id: t.id,
    list_id: t.list_id,
    title: t.title,
    notes: t.notes ?? '',
    due_date: t.due_date ?? null,
    due_time: t.due_time ?? null,
    priority: t.priority,
    done: t.done,
    done_at: t.done_at ?? null,
    position: t.position,
    created_by: t.created_by,
    created_at: t.created_at,
    updated_at: t.updated_at,
    deleted_at: t.deleted_at ?? null,
    version: Number(t.version ?? 0),
  };
}

/**
 * The names of what changes touch, for the sync centre to describe them: task titles and list
 * names by id (tombstones too: a deleted task still has a title to show), member e-mails by
 * `${listId}/${userId}`. Records this device doesn't have are left out.
 */
export async function changeSubjects(changes: Mutation[], db: DaybookDb = getDb()): Promise<Record<string, string>> {
  const taskIds = new Set<string>();
  const listIds = new Set<string>();
  const memberKeys: [string, string][] = [];
  for (const m of changes) {
    if (m.name === 'task.update' || m.name === 'task.delete' || m.name === 'task.restore') {
      taskIds.add(m.args.id);
      if (m.name === 'task.update' && m.args.patch.list_id) listIds.add(m.args.patch.list_id);
    } else if (m.name === 'list.update' || m.name === 'list.delete' || m.name === 'list.restore') listIds.add(m.args.id);
    else if (m.name === 'member.set_role' || m.name === 'member.remove') {
      listIds.add(m.args.list_id);
      memberKeys.push([m.args.list_id, m.args.user_id]);
    } else if (m.name === 'list.leave' || m.name === 'member.invite') listIds.add(m.args.list_id);
  }
  const subjects: Record<string, string> = {};
  for (const row of await db.tasks.bulkGet([...taskIds])) if (row) subjects[row.id] = row.title;
  for (const row of await db.lists.bulkGet([...listIds])) if (row) subjects[row.id] = row.name;
  for (const row of await db.members.bulkGet(memberKeys)) if (row) subjects[`${row.list_id}/${row.user_id}`] = row.email;
  return subjects;
}

/** Queues a refused change again with a fresh mutation id and re-applies it locally. */
export async function retryRefused(id: number, db: DaybookDb = getDb()): Promise<void> {
  await db.transaction('rw', [db.lists, db.members, db.tasks, db.outbox, db.refused, db.meta], async () => {
    const entry = await db.refused.get(id);
    if (!entry) return;
    await db.refused.delete(id);
    const { error: _error, refused_at: _at, created_at: _created, id: _id, ...mutation } = entry;
    await enqueue(db, mutation.name, mutation.args as never);
    const now = nowIso();
    const target = targetOf(entry);
    if (target?.kind === 'task') {
      const row = await db.tasks.get(target.id);
      if (row) await db.tasks.put(toTaskRow(applyToTask({ ...toTask(row), deleted_with_list: row.deleted_with_list }, entry, now)));
    } else if (target?.kind === 'list') {
      const row = await db.lists.get(target.id);
      if (row) await db.lists.put(toListRow(applyToList(toList(row), entry, now)));
    }
  });
}

/**
 * Refuses queued changes on the device, as applyPull does for the server's refusals: for a
 * change the server can never take (a request it rejects as a whole, or one over the size limit).
 */
export async function refuseLocally(items: { id: number; error: MutationError }[], db: DaybookDb = getDb()): Promise<RefusedEntry[]> {
  return db.transaction('rw', [db.lists, db.members, db.tasks, db.outbox, db.refused, db.meta], async () => {
    const cursors = await getCursors(db);
    const refused = await moveToRefused(db, items, cursors, nowIso());
    await db.meta.put({ key: META.cursors, value: cursors });
    return refused;
  });
}

/** Forgets a refused change; the rows already show the server's version (or will after the next pull). */
export async function discardRefused(id: number, db: DaybookDb = getDb()): Promise<void> {
  await db.refused.delete(id);
}

/**
 * Signing in: moves what was made while signed out (daybook-local) into the user's database
 * through the import path (so it is queued for upload; the local Inbox's tasks go to the
 * user's Inbox), then deletes daybook-local. Safe to repeat after a crash: the import commits
 * together with a marker naming daybook-local's client id, so a second run after a crash
 * before the delete imports nothing (even if the moved rows were edited or synced since).
 */
export async function adoptLocalData(target: DaybookDb): Promise<ImportReport | null> {
  if (target.name === LOCAL_DATABASE) return null;
  const names = await indexedDB.databases?.().catch(() => null);
  if (names && !names.some((d) => d.name === LOCAL_DATABASE)) return null;
  const local = defineDatabase(LOCAL_DATABASE);
  await local.open();
  const file = await exportData(local);
  const localClient = (await readIdentity(local))?.clientId;
  local.close();
  const hasData = file.tasks.length > 0 || file.lists.some((l) => !l.is_inbox);
  let report: ImportReport | null = { imported: { lists: 0, tasks: 0 }, skipped: [] };
  if (hasData) {
    const marker = `adopted:${localClient ?? 'unknown'}`;
    report = await target.transaction('rw', [target.lists, target.members, target.tasks, target.outbox, target.refused, target.meta], async () => {
      if (await target.meta.get(marker)) return null;
      const imported = await importData(file, target);
      await target.meta.put({ key: marker, value: nowIso() });
      return imported;
    });
  }
  await deleteDatabase(LOCAL_DATABASE);
  return report;
}

/** Signing out: removes a user's database from this device. */
export async function deleteDatabase(name: string): Promise<void> {
  await defineDatabase(name).delete();
}
