// Reads. Every query that runs live walks a compound index whose order is the display order,
// so a change re-reads only a key range and nothing is filtered or sorted in memory.
// Tombstones (deleted_at set) are never returned.
import Dexie from 'dexie';
import { addDays } from '@/lib/dates';
import { localizeMessage } from '@/lib/i18n/catalogue';
import type { Invitation, List, Member, RefusedEntry, Role, Task } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, type TaskRow, toTask } from '../db/schema';
import { shownList } from './shown-list';
import { type Identity, readIdentity } from '../db/identity';
import { readInvitations } from '../db/invitations';
import { readProfile } from '../db/profile';
import type { Profile } from '@/domain/people';
import { heldRows } from '../live/cache';

const { minKey, maxKey } = Dexie;

export type Show = 'open' | 'done' | 'all';

export const SEARCH_LIMIT = 200;

export function getIdentity(db: DaybookDb = getDb()): Promise<Identity | undefined> {
  return readIdentity(db);
}

/** Live lists by position, with the Inbox first wherever its position sorts. */
export async function listLists(db: DaybookDb = getDb()): Promise<List[]> {
  const rows = await db.lists.where('[state+position]').between([STATE.open, minKey], [STATE.open, maxKey]).toArray();
  const lists = rows.map(shownList);
  const inbox = lists.findIndex((l) => l.is_inbox);
  if (inbox > 0) lists.unshift(...lists.splice(inbox, 1));
  return lists;
}

export async function getList(id: string, db: DaybookDb = getDb()): Promise<List | null> {
  const row = await db.lists.get(id);
  return row && row.state !== STATE.deleted ? shownList(row) : null;
}

function tasksInState(db: DaybookDb, listId: string, state: number) {
  return db.tasks.where('[list_id+state+position]').between([listId, state, minKey], [listId, state, maxKey]);
}

/**
 * The public Task of a stored row, the same object each time for the same row object: rows held
 * in memory keep their object until a write replaces them, so a screen re-rendered after a write
 * gets the unchanged tasks as the objects it had (rows read from IndexedDB are new objects anyway).
 */
const publicTasks = new WeakMap<TaskRow, Task>();
function heldTask(row: TaskRow): Task {
  let task = publicTasks.get(row);
  if (!task) {
    task = toTask(row);
    publicTasks.set(row, task);
  }
  return task;
}

/** A list's rows in one state: from the live cache's memory inside a live query that holds them, else read. */
function rowsInState(db: DaybookDb, listId: string, state: number): Promise<readonly TaskRow[]> | readonly TaskRow[] {
  const held = heldRows(db, 'tasks', '[list_id+state+position]', [listId, state, minKey], [listId, state, maxKey]);
  return (held as readonly TaskRow[] | undefined) ?? tasksInState(db, listId, state).toArray();
}

/**
 * One list's tasks in manual order; 'all' merges the open and done ranges, both already sorted.
 * Answered at once (not a promise) when the live cache holds the rows, so the live query that
 * runs it after a write hands its result on without waiting a turn.
 */
export function listTasks(listId: string, show: Show = 'open', db: DaybookDb = getDb()): Task[] | Promise<Task[]> {
  if (show !== 'all') {
    const rows = rowsInState(db, listId, show === 'open' ? STATE.open : STATE.done);
    return isHeld(rows) ? rows.map(heldTask) : rows.then((read) => read.map(heldTask));
  }
  const open = rowsInState(db, listId, STATE.open);
  const done = rowsInState(db, listId, STATE.done);
  if (isHeld(open) && isHeld(done)) return mergeByPosition(open, done).map(heldTask);
  return Promise.all([open, done]).then(([o, d]) => mergeByPosition(o, d).map(heldTask));
}

const isHeld = (rows: Promise<readonly TaskRow[]> | readonly TaskRow[]): rows is readonly TaskRow[] => Array.isArray(rows);

function mergeByPosition(a: readonly TaskRow[], b: readonly TaskRow[]): TaskRow[] {
  const out: TaskRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as TaskRow;
    const y = b[j] as TaskRow;
    if (y.position < x.position) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
    }
  }
  return out.concat(a.slice(i), b.slice(j));
}

/** The live lists' ids, by position. */
export function openListIds(db: DaybookDb = getDb()): Promise<string[]> {
  return db.lists.where('[state+position]').between([STATE.open, minKey], [STATE.open, maxKey]).primaryKeys();
}

/** One list's open tasks (an index count). */
export function countOpenTasks(db: DaybookDb, listId: string): Promise<number> {
  return tasksInState(db, listId, STATE.open).count();
}

/** Open tasks per live list (index counts, no rows read), in one read; the app's screens watch each list's count on its own (open-counts.ts). */
export async function openTaskCounts(db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const lists = await openListIds(db);
  const counts = await Promise.all(lists.map((id) => countOpenTasks(db, id)));
  return Object.fromEntries(lists.map((id, i) => [id, counts[i] ?? 0]));
}

/** Open tasks with a due date in [from, toExclusive), by date, time (untimed first), position. */
function openDueBetween(db: DaybookDb, from: string | typeof minKey, toExclusive: string) {
  return db.tasks
    .where('[state+due_date+due_time_key+position]')
    .between([STATE.open, from, minKey, minKey], [STATE.open, toExclusive, minKey, minKey], true, false);
}

/** openDueBetween's rows: from the live cache's memory inside a live query that holds them, else read. */
function openDueRows(db: DaybookDb, from: string | typeof minKey, toExclusive: string): Promise<readonly TaskRow[]> | readonly TaskRow[] {
  const held = heldRows(db, 'tasks', '[state+due_date+due_time_key+position]', [STATE.open, from, minKey, minKey], [STATE.open, toExclusive, minKey, minKey]);
  return (held as readonly TaskRow[] | undefined) ?? openDueBetween(db, from, toExclusive).toArray();
}

export interface TodayGroups {
  overdue: Task[];
  today: Task[];
  /** SPEC §14.3: open tasks whose deadline is today or past and that are not due by today, by deadline. */
  deadline: Task[];
}

export async function todayTasks(today: string, db: DaybookDb = getDb()): Promise<TodayGroups> {
  const [overdue, due, byDeadline] = await Promise.all([
    openDueRows(db, minKey, today),
    openDueRows(db, today, addDays(today, 1)),
    db.tasks.where('[state+deadline]').between([STATE.open, minKey], [STATE.open, today], true, true).toArray(),
  ]);
  const deadline = byDeadline.filter((row) => row.due_date === null || row.due_date > today);
  return { overdue: overdue.map(heldTask), today: due.map(heldTask), deadline: deadline.map(heldTask) };
}

/**
 * Open tasks assigned to `userId` in every list (SPEC §13.2), by due date (undated last), time
 * and position. Few per person: sorted here rather than by an index of their own.
 */
export async function assignedTasks(userId: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const rows = await db.tasks.where('[assignee+state]').equals([userId, STATE.open]).toArray();
  const key = (r: TaskRow) => `${r.due_date ?? '~'} ${r.due_time_key} ${r.position}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map(heldTask);
}

export async function upcomingTasks(from: string, days = 14, db: DaybookDb = getDb()): Promise<Task[]> {
  const rows = await openDueBetween(db, from, addDays(from, days)).toArray();
  return rows.map(toTask);
}

/** Open tasks per due date in [fromDate, toDate] inclusive, from index keys only. */
export async function dayCounts(fromDate: string, toDate: string, db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const keys = await openDueBetween(db, fromDate, addDays(toDate, 1)).keys();
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const date = (key as unknown[])[1] as string;
    counts[date] = (counts[date] ?? 0) + 1;
  }
  return counts;
}

/**
 * Open repeating tasks due on or before `through`: the only ones that can have later occurrences
 * up to that day (Upcoming and its calendar expand them with laterOccurrences). Walks the date
 * index up to `through` and keeps rows with a rule: there is no index on `repeat`, and open dated
 * tasks up to a few weeks ahead are few.
 */
export async function repeatingTasks(through: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const rows = await openDueBetween(db, minKey, addDays(through, 1))
    .filter((row) => row.repeat !== null && row.repeat !== undefined)
    .toArray();
  return rows.map(toTask);
}

/** A run of days on Upcoming: open tasks due in [from, from + days) and the repeating ones that may recur in it, read together so they change together. */
export async function upcomingWithRepeats(from: string, days: number, db: DaybookDb = getDb()): Promise<{ due: Task[]; repeating: Task[] }> {
  const [due, repeating] = await Promise.all([upcomingTasks(from, days, db), repeatingTasks(addDays(from, days - 1), db)]);
  return { due, repeating };
}

/** The calendar's plain counts in [fromDate, toDate] and the repeating tasks that may recur in it, read together. */
export async function dayCountsWithRepeats(
  fromDate: string,
  toDate: string,
  db: DaybookDb = getDb(),
): Promise<{ counts: Record<string, number>; repeating: Task[] }> {
  const [counts, repeating] = await Promise.all([dayCounts(fromDate, toDate, db), repeatingTasks(toDate, db)]);
  return { counts, repeating };
}

export async function getTask(id: string, db: DaybookDb = getDb()): Promise<Task | null> {
  const row = await db.tasks.get(id);
  return row && row.state !== STATE.deleted ? toTask(row) : null;
}

/**
 * Case-insensitive substring search over titles, notes and step titles (a task matches when one
 * of its live steps does). It scans (search runs on demand, not on every write); results: open
 * before done, title hits before notes- or step-only hits.
 */
export async function searchTasks(query: string, db: DaybookDb = getDb(), limit = SEARCH_LIMIT): Promise<Task[]> {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const byStep = new Set<string>();
  await db.steps.each((step) => {
    if (step.state !== STATE.deleted && step.title.toLocaleLowerCase().includes(needle)) byStep.add(step.task_id);
  });
  const hits: { row: TaskRow; rank: number }[] = [];
  await db.tasks.each((row) => {
    if (row.state === STATE.deleted) return;
    const inTitle = row.title.toLocaleLowerCase().includes(needle);
    if (!inTitle && !row.notes.toLocaleLowerCase().includes(needle) && !byStep.has(row.id)) return;
    hits.push({ row, rank: row.state * 2 + (inTitle ? 0 : 1) });
  });
  hits.sort((a, b) => a.rank - b.rank || a.row.title.localeCompare(b.row.title));
  return hits.slice(0, limit).map((h) => toTask(h.row));
}

export async function listMembers(listId: string, db: DaybookDb = getDb()): Promise<Member[]> {
  return db.members.where('list_id').equals(listId).toArray();
}

/** How a live list is shared: its member count and this user's role (null: no row, our own list). */
export interface ListSharing {
  members: number;
  role: Role | null;
}

/**
 * Per live list: members counted on the `list_id` index and this user's row fetched by its
 * primary key, so a write to one membership re-reads keys, never the whole table.
 */
export async function listSharing(db: DaybookDb = getDb()): Promise<Record<string, ListSharing>> {
  const [ids, identity] = await Promise.all([
    db.lists.where('[state+position]').between([STATE.open, minKey], [STATE.open, maxKey]).primaryKeys(),
    readIdentity(db),
  ]);
  const [counts, mine] = await Promise.all([
    Promise.all(ids.map((id) => db.members.where('list_id').equals(id).count())),
    identity ? db.members.bulkGet(ids.map((id) => [id, identity.userId] as [string, string])) : [],
  ]);
  return Object.fromEntries(ids.map((id, i) => [id, { members: counts[i] ?? 0, role: mine[i]?.role ?? null }]));
}

/**
 * The invitations the last pull brought that no queued answer has taken off this device:
 * incoming ones (to the person) first, then those on lists they own.
 */
export async function myInvitations(db: DaybookDb = getDb()): Promise<Invitation[]> {
  return readInvitations(db);
}

/** The person's own profile as this device holds it (null: none pulled or changed here yet). */
export async function myProfile(db: DaybookDb = getDb()): Promise<Profile | null> {
  return readProfile(db);
}

/** An invite queued on this device that the server has not confirmed yet. */
export interface PendingInvite {
  mutationId: number;
  email: string;
  role: Exclude<Role, 'owner'>;
}

/** One list's sharing changes queued on this device that the server has not confirmed yet. */
export interface PendingMemberChanges {
  /** Queued `member.invite`s, oldest first. */
  invites: PendingInvite[];
  /** Members whose role change (`member.set_role`) is queued. */
  roleChanges: string[];
}

/**
 * Queued invites and role changes for one list. The outbox has no index on the change's name,
 * so this reads it whole: only the share dialog asks, and the queue is short when online.
 */
export async function pendingMemberChanges(listId: string, db: DaybookDb = getDb()): Promise<PendingMemberChanges> {
  const entries = await db.outbox.toArray();
  const out: PendingMemberChanges = { invites: [], roleChanges: [] };
  for (const entry of entries) {
    if (entry.name === 'member.invite' && entry.args.list_id === listId) {
      out.invites.push({ mutationId: entry.id, email: entry.args.email, role: entry.args.role });
    } else if (entry.name === 'member.set_role' && entry.args.list_id === listId && !out.roleChanges.includes(entry.args.user_id)) {
      out.roleChanges.push(entry.args.user_id);
    }
  }
  return out;
}

export function outboxCount(db: DaybookDb = getDb()): Promise<number> {
  return db.outbox.count();
}

/** The refused changes, their reasons (kept in English, as the server gave them) in the person's language. */
export async function refusedEntries(db: DaybookDb = getDb()): Promise<RefusedEntry[]> {
  const entries = await db.refused.orderBy('id').toArray();
  return entries.map((entry) => {
    const said = localizeMessage(entry.error.message);
    return said === entry.error.message ? entry : { ...entry, error: { ...entry.error, message: said } };
  });
}

/** The highest position among a list's live tasks, open or done, for appending at the end. */
export async function lastTaskPosition(db: DaybookDb, listId: string): Promise<string | null> {
  const [open, done] = await Promise.all([
    tasksInState(db, listId, STATE.open).last(),
    tasksInState(db, listId, STATE.done).last(),
  ]);
  const positions = [open?.position, done?.position].filter((p): p is string => p !== undefined);
  return positions.length ? (positions.sort().at(-1) as string) : null;
}

export async function lastListPosition(db: DaybookDb): Promise<string | null> {
  const last = await db.lists.where('[state+position]').between([STATE.open, minKey], [STATE.open, maxKey]).last();
  return last?.position ?? null;
}

/** Neighbours of `position` among a list's live tasks (open and done), for moves given one side. */
export async function taskNeighbours(
  db: DaybookDb,
  listId: string,
  position: string,
  excludeId: string,
): Promise<{ prev: string | null; next: string | null }> {
  let prev: string | null = null;
  let next: string | null = null;
  for (const state of [STATE.open, STATE.done]) {
    const before = await db.tasks
      .where('[list_id+state+position]')
      .between([listId, state, minKey], [listId, state, position], true, false)
      .filter((t) => t.id !== excludeId)
      .last();
    const after = await db.tasks
      .where('[list_id+state+position]')
      .between([listId, state, position], [listId, state, maxKey], false, true)
      .filter((t) => t.id !== excludeId)
      .first();
    if (before && (prev === null || before.position > prev)) prev = before.position;
    if (after && (next === null || after.position < next)) next = after.position;
  }
  return { prev, next };
}
