// Changes the server refused (or the device found it can never send): moved from the outbox to
// `refused` with their local effect undone, kept until the user retries or discards them.
import { isObject } from '@/lib/is-object';
import { nowIso } from '@/lib/ids';
import { MUTATION_NAMES, type Mutation, type MutationError, type OutboxEntry, type PullResult, type RefusedEntry } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, rowTables } from '../db/schema';
import { META, readIdentity } from '../db/identity';
import { readFeeds, writeFeeds } from '../db/feeds';
import { runMutation } from '../write/rows';
import { readsOf } from '../mutations';
import { enqueue } from '../write/outbox';
import { rewindLists } from './cursors';
import { getCursors, setCursors } from './meta';

/**
 * Moves still-queued entries to `refused` and undoes their local effect. Ids no longer queued
 * were handled before (refused, retried or discarded) and are skipped — except two kinds, which
 * are recorded from the server's name and args when they describe a change this app can show:
 * ids at or above `unissued` (the device's next mutation id), which this device never used, and
 * ids in `ahead`: changes a pull acknowledged before the page that brought their refusal (a
 * server from before refusal pages, pull-apply.ts), whose local effect is then undone as a
 * queued one's would be. Those recorded are taken out of `ahead`.
 */
export async function moveToRefused(
  db: DaybookDb,
  items: PullResult['refused'],
  cursors: Record<string, number>,
  now: string,
  unissued = Number.POSITIVE_INFINITY,
  ahead: Set<number> = new Set(),
): Promise<RefusedEntry[]> {
  const refused: RefusedEntry[] = [];
  for (const { id, error, name, args } of items) {
    const entry = await db.outbox.get(id);
    if (!entry) {
      const acked = id < unissued && ahead.has(id) && name !== undefined;
      const described = id >= unissued || acked ? asMutation(id, name, args) : null;
      if (acked) {
        ahead.delete(id);
        // not one this app can describe: at least the rows go back to the server's
        if (!described) {
          console.warn(`Change ${id} was refused (${error.code}: ${error.message}) after it was acknowledged, and cannot be shown`);
          rewindLists(cursors);
        }
      }
      if (described && !(await db.refused.get(id))) {
        const record = { ...described, created_at: now, error, refused_at: now } as RefusedEntry;
        await db.refused.put(record);
        refused.push(record);
        // a foreign change was never applied here, so there is nothing to undo; one
        // acknowledged early was applied here like any queued change
        if (acked) await undoRefused(db, { ...described, created_at: now } as OutboxEntry, cursors);
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
  'task.complete_occurrence': ['id', 'occurrence'],
  'task.uncomplete_occurrence': ['id', 'occurrence'],
  'step.create': ['id', 'task_id', 'title', 'position'],
  'step.update': ['id'],
  'step.delete': ['id'],
  'step.restore': ['id'],
  'reminder.set': ['task_id'],
  'reminder.clear': ['task_id'],
  'reminder.snooze': ['task_id', 'occurrence', 'until'],
  'label.create': ['id', 'name', 'color'],
  'label.update': ['id'],
  'label.delete': ['id'],
  'task_label.add': ['task_id', 'label_id'],
  'task_label.remove': ['task_id', 'label_id'],
  'filter.create': ['id', 'name'],
  'filter.update': ['id'],
  'filter.delete': ['id'],
  'member.invite': ['list_id', 'email', 'role'],
  'member.set_role': ['list_id', 'user_id', 'role'],
  'member.remove': ['list_id', 'user_id'],
  'list.leave': ['list_id'],
  'invitation.accept': ['list_id'],
  'invitation.decline': ['list_id'],
  'invitation.cancel': ['list_id', 'email'],
  'link.create': ['id', 'list_id', 'role', 'token_hash'],
  'link.revoke': ['id', 'list_id'],
  'profile.update': [],
  'feed.create': ['id', 'kind', 'name', 'token_hash'],
  'feed.revoke': ['id'],
  'comment.create': ['id', 'task_id', 'body'],
  'comment.update': ['id', 'body'],
  'comment.delete': ['id'],
  'notification.read': [],
  'notification.read_all': ['before'],
  'list.notify': ['list_id', 'level'],
};
const TEXT_FIELDS = ['title', 'notes', 'name', 'list_id'];

/**
 * A change as the server recorded it, if it has the fields the sync centre reads (the server
 * checked only that args is an object: one sent past the app may lack anything). Else null.
 */
function asMutation(id: number, name: unknown, args: unknown): Mutation | null {
  if (typeof name !== 'string' || !(MUTATION_NAMES as readonly string[]).includes(name) || !isObject(args)) return null;
  const fields = STRINGS[name as Mutation['name']];
  if (!fields.every((f) => typeof args[f] === 'string')) return null;
  if (name === 'task.create' && args.notes !== undefined && typeof args.notes !== 'string') return null;
  if (name === 'task.update' || name === 'list.update' || name === 'step.update' || name === 'label.update' || name === 'filter.update') {
    const patch = args.patch;
    if (!isObject(patch) || TEXT_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== null && typeof patch[f] !== 'string')) return null;
  }
  return { id, name, args } as Mutation;
}

/** Takes back a refused change's local effect: a create's row goes; otherwise its list is pulled again. */
async function undoRefused(db: DaybookDb, entry: OutboxEntry, cursors: Record<string, number>) {
  if (entry.name === 'task.create') {
    await db.tasks.delete(entry.args.id);
    return;
  }
  if (entry.name === 'step.create') {
    await db.steps.delete(entry.args.id);
    return;
  }
  if (entry.name === 'comment.create') {
    // the text stays in the sync centre, with the change
    await db.comments.delete(entry.args.id);
    return;
  }
  if (entry.name === 'list.create') {
    await db.lists.delete(entry.args.id);
    await db.members.where('list_id').equals(entry.args.id).delete();
    return;
  }
  if (entry.name === 'task.update' && entry.args.patch.list_id) {
    // The server still has the task in its old list, which the outbox entry doesn't name: drop
    // the local copy (it sits in the target list now) and pull everything again, which brings
    // the task back where the server has it — or not at all if this user can't see that list.
    await db.tasks.delete(entry.args.id);
    await db.steps.where('[task_id+position]').between([entry.args.id, ''], [entry.args.id, '\uffff']).delete();
    await db.comments.where('[task_id+created_at]').between([entry.args.id, ''], [entry.args.id, '\uffff']).delete();
    await db.reminders.delete(entry.args.id);
    rewindLists(cursors);
    return;
  }
  if (entry.name === 'reminder.set' || entry.name === 'reminder.clear' || entry.name === 'reminder.snooze') {
    // The server may hold no row for it (a first set it refused): drop the local one; the list's
    // pull from scratch brings back the server's, if any.
    const taskId = entry.args.task_id;
    const listId = (await db.reminders.get(taskId))?.list_id ?? (await db.tasks.get(taskId))?.list_id;
    await db.reminders.delete(taskId);
    if (listId) cursors[listId] = 0;
    return;
  }
  if (entry.name === 'label.create') {
    await db.labels.delete(entry.args.id);
    return;
  }
  if (entry.name === 'filter.create') {
    await db.filters.delete(entry.args.id);
    return;
  }
  if (entry.name === 'feed.create') {
    const id = entry.args.id;
    await writeFeeds(db, (await readFeeds(db)).filter((f) => f.id !== id));
    return;
  }
  if (entry.name === 'label.update' || entry.name === 'label.delete' || entry.name === 'filter.update' || entry.name === 'filter.delete') {
    // a person's labels and filters are in their Inbox's space, whose id is theirs
    const identity = await readIdentity(db);
    if (identity) cursors[identity.userId] = 0;
    return;
  }
  if (entry.name === 'profile.update') {
    // the next pull brings the server's profile whole, and the person's member rows again
    await db.meta.delete(META.profileDigest);
    const identity = await readIdentity(db);
    if (identity) for (const m of await db.members.filter((row) => row.user_id === identity.userId).toArray()) cursors[m.list_id] = 0;
    return;
  }
  if (entry.name === 'task_label.add' || entry.name === 'task_label.remove') {
    // as for reminders: the server may hold no row (a first add it refused)
    const { task_id, label_id } = entry.args;
    const listId = (await db.task_labels.get([task_id, label_id]))?.list_id ?? (await db.tasks.get(task_id))?.list_id;
    await db.task_labels.delete([task_id, label_id]);
    if (listId) cursors[listId] = 0;
    return;
  }
  const reads = readsOf(entry);
  const stepId = reads.steps?.[0];
  const commentId = reads.comments?.[0];
  const taskId =
    reads.tasks?.[0] ??
    (stepId ? (await db.steps.get(stepId))?.task_id : undefined) ??
    (commentId ? (await db.comments.get(commentId))?.task_id : undefined);
  const listId = taskId ? (await db.tasks.get(taskId))?.list_id : reads.lists?.[0];
  if (listId) cursors[listId] = 0;
}

/** Queues a refused change again with a fresh mutation id and re-applies it locally. */
export async function retryRefused(id: number, db: DaybookDb = getDb()): Promise<void> {
  await db.transaction('rw', [...rowTables(db), db.outbox, db.refused, db.meta], async () => {
    const entry = await db.refused.get(id);
    if (!entry) return;
    await db.refused.delete(id);
    const { error: _error, refused_at: _at, created_at: _created, id: _id, ...mutation } = entry;
    await enqueue(db, mutation.name, mutation.args as never);
    const identity = await readIdentity(db);
    // If it is refused here again, the rows stay as they are; the server will answer it.
    if (identity) await runMutation(db, mutation, { userId: identity.userId, now: nowIso() });
  });
}

/**
 * Refuses queued changes on the device, as applyPull does for the server's refusals: for a
 * change the server can never take (a request it rejects as a whole, or one over the size limit).
 */
export async function refuseLocally(items: { id: number; error: MutationError }[], db: DaybookDb = getDb()): Promise<RefusedEntry[]> {
  return db.transaction('rw', [...rowTables(db), db.outbox, db.refused, db.meta], async () => {
    const cursors = await getCursors(db);
    const refused = await moveToRefused(db, items, cursors, nowIso());
    await setCursors(cursors, db);
    return refused;
  });
}

/** Forgets a refused change; the rows already show the server's version (or will after the next pull). */
export async function discardRefused(id: number, db: DaybookDb = getDb()): Promise<void> {
  await db.refused.delete(id);
}
