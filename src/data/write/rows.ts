// The Dexie side of a pure mutation (./mutations): load the rows its `reads` names, apply it,
// write what it changed. Runs inside the caller's read-write transaction; the optimistic write
// (the writes in this folder), the rebase (applyPull) and the retry of a refused change all come through here.
import Dexie from 'dexie';
import type { Mutation } from '@/domain/model';
import { type CommentRow, type DaybookDb, type MemberRow, STATE, type StepRow, type TaskRow, toComment, toCommentRow, toList, toListRow, toStep, toStepRow, toTask, toTaskRow } from '../db/schema';
import type { Label, TaskLabel } from '@/domain/model';
import { readInvitations, writeInvitations } from '../db/invitations';
import { readLinks, writeLinks } from '../db/links';
import { readProfile, writeProfile } from '../db/profile';
import { readFeeds, writeFeeds } from '../db/feeds';
import { applyMutation, type Changes, type CommentRecord, type Ctx, keyOfInvitation, memberKey, type Outcome, type Reads, readsOf, type Rows, type StepRecord, type TaskRecord, taskLabelKey } from '../mutations';

const toRecord = (row: TaskRow): TaskRecord => ({ ...toTask(row), deleted_with_list: row.deleted_with_list });
const toStepRecord = (row: StepRow): StepRecord => ({ ...toStep(row), deleted_with_task: row.deleted_with_task });
const inState = (row: { state: StepRow['state'] }, state: 'live' | 'deleted' | 'all') =>
  state === 'all' || (state === 'live' ? row.state !== STATE.deleted : row.state === STATE.deleted);

/** Steps named by `reads` (none asked: no read at all, so task and list changes pay nothing). */
async function loadSteps(db: DaybookDb, reads: Reads): Promise<Map<string, StepRecord>> {
  const steps = new Map<string, StepRecord>();
  if (reads.steps?.length) for (const row of await db.steps.bulkGet(reads.steps)) if (row) steps.set(row.id, toStepRecord(row));
  const siblingsOf = reads.stepSiblings?.length ? await db.steps.bulkGet(reads.stepSiblings) : [];
  const taskSteps = [...(reads.taskSteps ?? []), ...siblingsOf.flatMap((row) => (row ? [{ taskId: row.task_id, state: 'live' as const }] : []))];
  for (const { taskId, state } of taskSteps) {
    const rows = await db.steps.where('[task_id+position]').between([taskId, ''], [taskId, '\uffff']).toArray();
    for (const row of rows) if (inState(row, state)) steps.set(row.id, toStepRecord(row));
  }
  for (const { listId, state } of reads.listSteps ?? []) {
    for (const row of await db.steps.where('list_id').equals(listId).toArray()) if (inState(row, state)) steps.set(row.id, toStepRecord(row));
  }
  return steps;
}

const toCommentRecord = (row: CommentRow): CommentRecord => ({ ...toComment(row), deleted_with_task: row.deleted_with_task });

/** Comments named by `reads` (none asked: no read at all). */
async function loadComments(db: DaybookDb, reads: Reads): Promise<Map<string, CommentRecord>> {
  const comments = new Map<string, CommentRecord>();
  if (reads.comments?.length) for (const row of await db.comments.bulkGet(reads.comments)) if (row) comments.set(row.id, toCommentRecord(row));
  for (const { taskId, state } of reads.taskComments ?? []) {
    const rows = await db.comments.where('[task_id+created_at]').between([taskId, ''], [taskId, '\uffff']).toArray();
    for (const row of rows) if (inState(row, state)) comments.set(row.id, toCommentRecord(row));
  }
  return comments;
}

/** The person's labels `reads` names (or all of them), and their rows on the tasks it names with the labels those name. */
async function loadLabels(db: DaybookDb, reads: Reads): Promise<Pick<Rows, 'labels' | 'taskLabels'>> {
  if (!reads.labels?.length && !reads.allLabels && !reads.taskLabels?.length) return {};
  const taskLabels = new Map<string, TaskLabel>();
  for (const taskId of reads.taskLabels ?? []) {
    const rows = await db.task_labels.where('[task_id+label_id]').between([taskId, ''], [taskId, '\uffff']).toArray();
    for (const row of rows) taskLabels.set(taskLabelKey(row.task_id, row.label_id), row);
  }
  const labels = new Map<string, Label>();
  if (reads.allLabels) for (const row of await db.labels.toArray()) labels.set(row.id, row);
  const ids = [...new Set([...(reads.labels ?? []), ...[...taskLabels.values()].map((tl) => tl.label_id)])].filter((id) => !labels.has(id));
  for (const row of ids.length ? await db.labels.bulkGet(ids) : []) if (row) labels.set(row.id, row);
  return { labels, taskLabels };
}

/** The person's filters `reads` names (or all of them). */
async function loadFilters(db: DaybookDb, reads: Reads): Promise<Pick<Rows, 'filters'>> {
  if (!reads.filters?.length && !reads.allFilters) return {};
  const rows = reads.allFilters ? await db.filters.toArray() : await db.filters.bulkGet(reads.filters ?? []);
  return { filters: new Map(rows.flatMap((f) => (f ? [[f.id, f] as const] : []))) };
}

/** The stored task rows a `loadRows` read (undefined: asked for and absent), so its write need not read them again. */
const storedTaskRows = new WeakMap<Rows, Map<string, TaskRow | undefined>>();

/**
 * Rows a caller put together itself (a create from the write memory, src/data/write/tasks.ts),
 * with the task rows it knows to be stored or absent: its write then asks IndexedDB nothing first.
 */
export function knownRows(rows: Rows, stored: ReadonlyMap<string, TaskRow | undefined>): Rows {
  storedTaskRows.set(rows, new Map(stored));
  return rows;
}

/**
 * Loads what `reads` names, plus each loaded task's list and the person's role on every loaded
 * list. What `reads` names up front (tasks, list ranges, lists and the role on them, steps,
 * reminders) is asked for at once; only lists known from a loaded task, and a step's task, take a
 * second round.
 */
export async function loadRows(db: DaybookDb, reads: Reads, userId: string): Promise<Rows> {
  const named = [...new Set(reads.tasks ?? [])];
  const namedLists = [...new Set([...(reads.lists ?? []), ...(reads.listTasks ?? []).map((r) => r.listId)])];
  const roleKey = (id: string): [string, string] => [id, userId];
  const [steps, comments, namedRows, rangeRows, namedListRows, namedMembers, reminderRows, listMemberRows, labelRows, filterRows] = await Promise.all([
    loadSteps(db, reads),
    loadComments(db, reads),
    db.tasks.bulkGet(named),
    Promise.all(
      (reads.listTasks ?? []).map(({ listId, state }) => {
        const [lo, hi] = state === 'live' ? [STATE.open, STATE.done] : [STATE.deleted, STATE.deleted];
        return db.tasks.where('[list_id+state+position]').between([listId, lo, ''], [listId, hi, '\uffff']).toArray();
      }),
    ),
    db.lists.bulkGet(namedLists),
    db.members.bulkGet([...(reads.members ?? []), ...namedLists.map(roleKey)]),
    reads.reminders?.length ? db.reminders.bulkGet(reads.reminders) : [],
    reads.listMembers?.length ? db.members.where('list_id').anyOf(reads.listMembers).toArray() : [],
    loadLabels(db, reads),
    loadFilters(db, reads),
  ]);
  const stored = new Map<string, TaskRow | undefined>();
  named.forEach((id, i) => {
    stored.set(id, namedRows[i]);
  });
  // a step's or a comment's task that was not named
  const stepTasks = [...new Set([...steps.values(), ...comments.values()].map((s) => s.task_id))].filter((id) => !stored.has(id));
  if (stepTasks.length) {
    const rows = await db.tasks.bulkGet(stepTasks);
    stepTasks.forEach((id, i) => {
      stored.set(id, rows[i]);
    });
  }
  const taskIds = new Set([...(reads.tasks ?? []), ...[...steps.values(), ...comments.values()].map((s) => s.task_id)]);
  const tasks = new Map<string, TaskRecord>();
  for (const id of taskIds) {
    const row = stored.get(id);
    if (row) tasks.set(row.id, toRecord(row));
  }
  for (const rows of rangeRows) {
    for (const row of rows) {
      tasks.set(row.id, toRecord(row));
      stored.set(row.id, row);
    }
  }
  // lists known only from a loaded task, and the person's role on them
  const listIds = new Set(namedLists);
  for (const task of tasks.values()) listIds.add(task.list_id);
  const moreLists = [...listIds].filter((id) => !namedLists.includes(id));
  const [moreListRows, moreMembers] = moreLists.length
    ? await Promise.all([db.lists.bulkGet(moreLists), db.members.bulkGet(moreLists.map(roleKey))])
    : [[], []];
  const taskListMembers = reads.taskListMembers && listIds.size ? await db.members.where('list_id').anyOf([...listIds]).toArray() : [];
  const listRows = [...namedListRows, ...moreListRows];
  const lists = new Map(listRows.flatMap((row) => (row ? [[row.id, toList(row)] as const] : [])));
  // the members asked for, then the person's row on each list that loaded (as one bulkGet would give them)
  const askedMembers = reads.members?.length ?? 0;
  const roleRows = new Map<string, MemberRow | undefined>();
  namedLists.forEach((id, i) => {
    roleRows.set(id, namedMembers[askedMembers + i]);
  });
  moreLists.forEach((id, i) => {
    roleRows.set(id, moreMembers[i]);
  });
  const memberRows = [...namedMembers.slice(0, askedMembers), ...[...lists.keys()].map((id) => roleRows.get(id))];
  const members = new Map([...memberRows, ...listMemberRows, ...taskListMembers].flatMap((m) => (m ? [[memberKey(m.list_id, m.user_id), m] as const] : [])));
  const reminders = new Map(reminderRows.flatMap((r) => (r ? [[r.task_id, r] as const] : [])));
  const rows: Rows = { lists, tasks, members, steps, comments, reminders, ...labelRows, ...filterRows };
  if (reads.invitations) rows.invitations = new Map((await readInvitations(db)).map((i) => [keyOfInvitation(i), i]));
  if (reads.links) rows.links = new Map((await readLinks(db)).map((l) => [l.id, l]));
  if (reads.profile) rows.profile = await readProfile(db);
  if (reads.myMembers) {
    // a person is on few lists; the table has no index by user, and a rename is rare
    const own = await db.members.filter((m) => m.user_id === userId).toArray();
    rows.members = new Map([...rows.members, ...own.map((m) => [memberKey(m.list_id, m.user_id), m] as const)]);
  }
  if (reads.feeds) rows.feeds = new Map((await readFeeds(db)).map((f) => [f.id, f]));
  if (reads.notifications || reads.unreadNotifications) {
    const found = reads.unreadNotifications
      ? await db.notifications.where('[unread+at]').between([1, Dexie.minKey], [1, Dexie.maxKey]).toArray()
      : (await db.notifications.bulkGet(reads.notifications ?? [])).flatMap((n) => (n ? [n] : []));
    rows.notifications = new Map(found.map(({ unread: _, ...n }) => [n.id, n]));
  }
  storedTaskRows.set(rows, stored);
  return rows;
}

/** Dexie tracks the index keys of at most this many rows per write; past it, everything re-runs. */
const TRACKED_ROWS = 50;

/**
 * Task rows written so that live queries re-run only where an index key moved. bulkPut hands
 * Dexie the new rows only, so every index range holding one counts as changed (a title edit
 * would re-run the sidebar's open counts); bulkUpdate first reads the stored rows into the
 * transaction's cache, where Dexie finds them and compares keys. Each changed row's fields are
 * all restated, the ones it no longer has as undefined (removed), so the stored row is the new one.
 */
async function writeTasks(db: DaybookDb, rows: TaskRow[], known?: Map<string, TaskRow | undefined>): Promise<void> {
  if (rows.length >= TRACKED_ROWS) {
    await db.tasks.bulkPut(rows);
    return;
  }
  // whether each row is stored yet: known from the mutation's own read, else read now
  const stored = known && rows.every((r) => known.has(r.id)) ? rows.map((r) => known.get(r.id)) : await db.tasks.bulkGet(rows.map((r) => r.id));
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

/** Writes what a mutation changed; `loaded` (the rows it was applied to) spares re-reading the stored tasks. */
export async function writeChanges(db: DaybookDb, changes: Changes, loaded?: Rows): Promise<void> {
  if (changes.lists?.length) await db.lists.bulkPut(changes.lists.map(toListRow));
  if (changes.tasks?.length) await writeTasks(db, changes.tasks.map(toTaskRow), loaded && storedTaskRows.get(loaded));
  if (changes.members?.length) await db.members.bulkPut(changes.members);
  if (changes.steps?.length) await db.steps.bulkPut(changes.steps.map(toStepRow));
  if (changes.comments?.length) await db.comments.bulkPut(changes.comments.map(toCommentRow));
  if (changes.reminders?.length) await db.reminders.bulkPut(changes.reminders);
  if (changes.labels?.length) await db.labels.bulkPut(changes.labels);
  if (changes.taskLabels?.length) await db.task_labels.bulkPut(changes.taskLabels);
  if (changes.filters?.length) await db.filters.bulkPut(changes.filters);
  if (changes.removeMembers?.length) await db.members.bulkDelete(changes.removeMembers);
  if (changes.removeInvitations?.length) {
    const gone = new Set(changes.removeInvitations);
    await writeInvitations(db, (await readInvitations(db)).filter((i) => !gone.has(keyOfInvitation(i))));
  }
  if (changes.links?.length || changes.removeLinks?.length) {
    const replaced = new Set([...(changes.removeLinks ?? []), ...(changes.links ?? []).map((l) => l.id)]);
    await writeLinks(db, [...(await readLinks(db)).filter((l) => !replaced.has(l.id)), ...(changes.links ?? [])]);
  }
  if (changes.profile) await writeProfile(db, changes.profile);
  if (changes.feeds?.length || changes.removeFeeds?.length) {
    const replaced = new Set([...(changes.removeFeeds ?? []), ...(changes.feeds ?? []).map((f) => f.id)]);
    await writeFeeds(db, [...(await readFeeds(db)).filter((f) => !replaced.has(f.id)), ...(changes.feeds ?? [])]);
  }
  if (changes.notifications?.length) await db.notifications.bulkPut(changes.notifications.map((n) => ({ ...n, unread: n.read_at === null ? 1 : 0 })));
  if (changes.notifyLevels?.length) await db.notify_levels.bulkPut(changes.notifyLevels);
}

/** Applies one mutation to the stored rows: what it changed, or the refusal (nothing written). */
export async function runMutation(db: DaybookDb, m: Pick<Mutation, 'name' | 'args'>, ctx: Ctx): Promise<Outcome> {
  const rows = await loadRows(db, readsOf(m), ctx.userId);
  const outcome = applyMutation(rows, m, ctx);
  if (outcome.ok) await writeChanges(db, outcome.changes, rows);
  return outcome;
}
