// Every user edit, as `entity.verb`. Each validates its arguments first (ValidationError,
// nothing written), then in one transaction changes the rows and queues exactly one outbox
// entry whose name and args follow the API contract (ARCHITECTURE.md, MutationArgs).
import { ValidationError } from '@/lib/errors';
import { newId, nowIso } from '@/lib/ids';
import type { List, ListColor, ListPatch, Member, Priority, Role, Task, TaskPatch } from '@/lib/model';
import { positionAfter, positionBetween } from '@/lib/order';
import { checkColor, normalizeListName, validateTaskDraft, validateTaskPatch } from '@/lib/validation';
import { getDb } from './database';
import { type DaybookDb, STATE, type TaskRow, toList, toListRow, toTask, toTaskRow } from './db';
import { readIdentity } from './identity';
import { lastListPosition, lastTaskPosition, taskNeighbours } from './queries';
import { write } from './write';

/** Where to put a moved row: right after `after`, right before `before`, or between both. */
export interface MoveTarget {
  /** Id of the row that should follow the moved one; `null` = move to the end. */
  before?: string | null;
  /** Id of the row that should precede the moved one; `null` = move to the start. */
  after?: string | null;
}

export const INBOX_UNDELETABLE = "The Inbox can't be deleted";
export const LIST_MISSING = 'That list no longer exists';
export const TASK_MISSING = 'That task no longer exists';

async function requireIdentity(db: DaybookDb) {
  const identity = await readIdentity(db);
  if (!identity) throw new Error('Database has no identity yet');
  return identity;
}

async function liveList(db: DaybookDb, id: string, field = 'list_id') {
  const row = await db.lists.get(id);
  if (!row || row.state === STATE.deleted) throw new ValidationError(field, LIST_MISSING);
  return row;
}

async function liveTask(db: DaybookDb, id: string) {
  const row = await db.tasks.get(id);
  if (!row || row.state === STATE.deleted) throw new ValidationError('id', TASK_MISSING);
  return row;
}

export const VIEW_ONLY = 'You can only view this list';
export const OWNER_ONLY = "Only the list's owner can do that";

/**
 * Refuses locally what the server would refuse as `forbidden`, so a viewer's edit never sits
 * in the queue. No membership row (a list made here before its first sync) means our own list.
 */
async function requireRole(db: DaybookDb, listId: string, need: 'editor' | 'owner') {
  const { userId } = await requireIdentity(db);
  const member = await db.members.get([listId, userId]);
  if (!member || member.role === 'owner') return;
  if (need === 'owner') throw new ValidationError('list_id', member.role === 'viewer' ? VIEW_ONLY : OWNER_ONLY);
  if (member.role === 'viewer') throw new ValidationError('list_id', VIEW_ONLY);
}

function samePatchValue(a: unknown, b: unknown) {
  return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
}

// ---- lists -------------------------------------------------------------------------------

export interface NewList {
  name: string;
  color?: ListColor;
}

/** `id` is for import only: keeping an exported list's id when it is free on this device. */
async function createList(input: NewList, db: DaybookDb = getDb(), id: string = newId()): Promise<List> {
  const name = normalizeListName(input.name);
  const color = checkColor(input.color ?? 'grey');
  return write(db, async (enqueue) => {
    const { userId } = await requireIdentity(db);
    const position = positionAfter(await lastListPosition(db));
    const now = nowIso();
    const list: List = {
      id,
      owner_id: userId,
      name,
      color,
      position,
      is_inbox: false,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
    };
    await db.lists.add(toListRow(list));
    // The server adds the owner's membership itself; mirroring it lets the UI know our role now.
    await db.members.put({ list_id: list.id, user_id: userId, email: '', role: 'owner' });
    await enqueue('list.create', { id: list.id, name, color, position });
    return list;
  });
}

/** Only fields that differ from the stored row reach the patch; an empty patch writes nothing. */
async function updateList(id: string, patch: ListPatch, db: DaybookDb = getDb()): Promise<List> {
  const clean: ListPatch = {};
  if ('name' in patch) clean.name = normalizeListName(patch.name);
  if ('color' in patch) clean.color = checkColor(patch.color);
  if ('position' in patch) {
    if (typeof patch.position !== 'string' || !patch.position) throw new ValidationError('position', 'Invalid position');
    clean.position = patch.position;
  }
  return write(db, async (enqueue) => {
    const row = await liveList(db, id, 'id');
    await requireRole(db, id, 'owner');
    const changed: ListPatch = {};
    for (const [key, value] of Object.entries(clean) as [keyof ListPatch, string][]) {
      if (row[key] !== value) Object.assign(changed, { [key]: value });
    }
    if (Object.keys(changed).length === 0) return toList(row);
    const next = { ...row, ...changed, updated_at: nowIso() };
    await db.lists.put(next);
    await enqueue('list.update', { id, patch: changed });
    return toList(next);
  });
}

async function moveList(id: string, target: MoveTarget, db: DaybookDb = getDb()): Promise<List> {
  // One transaction: the nested update joins it, so the position is computed and written atomically.
  return write(db, async () => {
    const row = await liveList(db, id, 'id');
    const live = await db.lists.where('[state+position]').between([STATE.open, ''], [STATE.open, '\uffff']).toArray();
    const position = positionFor(
      live.filter((l) => l.id !== row.id),
      target,
    );
    return updateList(id, { position }, db);
  });
}

/** Tombstones the list and its live tasks, marked deleted_with_list so restore knows which go back. */
async function deleteList(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await liveList(db, id, 'id');
    if (row.is_inbox) throw new ValidationError('id', INBOX_UNDELETABLE);
    await requireRole(db, id, 'owner');
    const now = nowIso();
    await db.lists.put({ ...row, deleted_at: now, updated_at: now, state: STATE.deleted });
    const tasks = await db.tasks
      .where('[list_id+state+position]')
      .between([id, STATE.open, ''], [id, STATE.done, '\uffff'])
      .toArray();
    await db.tasks.bulkPut(
      tasks.map((t) => ({ ...t, deleted_at: now, updated_at: now, state: STATE.deleted, deleted_with_list: true })),
    );
    await enqueue('list.delete', { id });
  });
}

async function restoreList(id: string, db: DaybookDb = getDb()): Promise<List> {
  return write(db, async (enqueue) => {
    const row = await db.lists.get(id);
    if (!row) throw new ValidationError('id', LIST_MISSING);
    if (row.state !== STATE.deleted) return toList(row);
    await requireRole(db, id, 'owner');
    const now = nowIso();
    const next = toListRow({ ...toList(row), deleted_at: null, updated_at: now });
    await db.lists.put(next);
    const tombstones = await db.tasks
      .where('[list_id+state+position]')
      .between([id, STATE.deleted, ''], [id, STATE.deleted, '\uffff'])
      .toArray();
    const withList = tombstones.filter((t) => t.deleted_with_list);
    await db.tasks.bulkPut(withList.map((t) => toTaskRow({ ...toTask(t), deleted_at: null, updated_at: now })));
    await enqueue('list.restore', { id });
    return toList(next);
  });
}

async function leaveList(listId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await liveList(db, listId);
    if (row.is_inbox) throw new ValidationError('list_id', "The Inbox can't be left");
    const { userId } = await requireIdentity(db);
    if (row.owner_id === userId) throw new ValidationError('list_id', "The owner can't leave the list");
    // The list vanishes from this device when the server confirms it at the next pull.
    await enqueue('list.leave', { list_id: listId });
  });
}

function positionFor(siblings: { id: string; position: string }[], target: MoveTarget): string {
  const index = (id: string) => {
    const i = siblings.findIndex((s) => s.id === id);
    if (i < 0) throw new ValidationError('position', 'Move target not found');
    return i;
  };
  let lo: number;
  if (target.after !== undefined && target.after !== null) lo = index(target.after);
  else if (target.before !== undefined && target.before !== null) lo = index(target.before) - 1;
  else if (target.after === null) lo = -1;
  else lo = siblings.length - 1;
  const prev = siblings[lo]?.position ?? null;
  const next =
    target.before !== undefined && target.before !== null
      ? (siblings[index(target.before)]?.position ?? null)
      : (siblings[lo + 1]?.position ?? null);
  return positionBetween(prev, next);
}

export const lists = {
  create: createList,
  update: updateList,
  move: moveList,
  delete: deleteList,
  restore: restoreList,
  leave: leaveList,
};

// ---- tasks -------------------------------------------------------------------------------

export interface NewTask {
  title: string;
  list_id?: string;
  notes?: string;
  due_date?: string | null;
  due_time?: string | null;
  priority?: Priority;
}

async function createTask(input: NewTask, db: DaybookDb = getDb(), id: string = newId()): Promise<Task> {
  const draft = validateTaskDraft(input);
  return write(db, async (enqueue) => {
    const { userId, inboxId } = await requireIdentity(db);
    const listId = input.list_id ?? inboxId;
    await liveList(db, listId);
    await requireRole(db, listId, 'editor');
    const position = positionAfter(await lastTaskPosition(db, listId));
    const now = nowIso();
    const task: Task = {
      id,
      list_id: listId,
      ...draft,
      done: false,
      done_at: null,
      position,
      created_by: userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
    };
    await db.tasks.add(toTaskRow(task));
    await enqueue('task.create', { id: task.id, list_id: listId, ...draft, position });
    return task;
  });
}

/**
 * Applies only the fields that change. Completing sets done_at locally (the server sets its
 * own); moving to another list appends at the end of that list unless a position is given.
 */
async function updateTask(id: string, patch: TaskPatch, db: DaybookDb = getDb()): Promise<Task> {
  return write(db, async (enqueue) => {
    const row = await liveTask(db, id);
    await requireRole(db, row.list_id, 'editor');
    const clean = validateTaskPatch(row, patch);
    const changed: TaskPatch = {};
    for (const [key, value] of Object.entries(clean) as [keyof TaskPatch, unknown][]) {
      if (!samePatchValue(row[key], value)) Object.assign(changed, { [key]: value });
    }
    if (changed.list_id !== undefined) {
      await liveList(db, changed.list_id);
      await requireRole(db, changed.list_id, 'editor');
      if (!('position' in clean)) changed.position = positionAfter(await lastTaskPosition(db, changed.list_id));
    }
    if (Object.keys(changed).length === 0) return toTask(row);
    const now = nowIso();
    const next: Task = { ...toTask(row), ...changed, updated_at: now };
    if ('done' in changed) next.done_at = changed.done ? now : null;
    await db.tasks.put(toTaskRow(next));
    await enqueue('task.update', { id, patch: changed });
    return next;
  });
}

function setTaskDone(id: string, done: boolean, db: DaybookDb = getDb()): Promise<Task> {
  return updateTask(id, { done }, db);
}

/** Reorders within the task's list, or moves into `list_id` at the given spot (end by default). */
async function moveTask(id: string, target: MoveTarget & { list_id?: string }, db: DaybookDb = getDb()): Promise<Task> {
  return write(db, async () => {
    const row = await liveTask(db, id);
    const listId = target.list_id ?? row.list_id;
    const neighbour = async (neighbourId: string) => {
      const n = await liveTask(db, neighbourId);
      if (n.list_id !== listId) throw new ValidationError('position', 'Move target is in another list');
      return n;
    };
    let position: string;
    if (target.after && target.before) {
      position = positionBetween((await neighbour(target.after)).position, (await neighbour(target.before)).position);
    } else if (target.after) {
      const prev = await neighbour(target.after);
      const { next } = await taskNeighbours(db, listId, prev.position, id);
      position = positionBetween(prev.position, next);
    } else if (target.before) {
      const next = await neighbour(target.before);
      const { prev } = await taskNeighbours(db, listId, next.position, id);
      position = positionBetween(prev, next.position);
    } else if (target.after === null) {
      const { next } = await taskNeighbours(db, listId, '', id);
      position = positionBetween(null, next);
    } else {
      position = positionAfter(await lastTaskPositionExcept(db, listId, id));
    }
    const patch: TaskPatch = { position };
    if (listId !== row.list_id) patch.list_id = listId;
    return updateTask(id, patch, db);
  });
}

async function lastTaskPositionExcept(db: DaybookDb, listId: string, id: string): Promise<string | null> {
  const row = await db.tasks.get(id);
  const last = await lastTaskPosition(db, listId);
  if (!row || row.list_id !== listId || row.position !== last) return last;
  return (await taskNeighbours(db, listId, row.position, id)).prev;
}

async function deleteTask(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await liveTask(db, id);
    await requireRole(db, row.list_id, 'editor');
    const now = nowIso();
    await db.tasks.put({ ...row, deleted_at: now, updated_at: now, state: STATE.deleted, deleted_with_list: false });
    await enqueue('task.delete', { id });
  });
}

async function restoreTask(id: string, db: DaybookDb = getDb()): Promise<Task> {
  return write(db, async (enqueue) => {
    const row = await db.tasks.get(id);
    if (!row) throw new ValidationError('id', TASK_MISSING);
    if (row.state !== STATE.deleted) return toTask(row);
    await liveList(db, row.list_id);
    await requireRole(db, row.list_id, 'editor');
    const next: Task = { ...toTask(row), deleted_at: null, updated_at: nowIso() };
    await db.tasks.put(toTaskRow(next));
    await enqueue('task.restore', { id });
    return next;
  });
}

export const tasks = {
  create: createTask,
  update: updateTask,
  setDone: setTaskDone,
  move: moveTask,
  delete: deleteTask,
  restore: restoreTask,
};

// ---- members -----------------------------------------------------------------------------

type SharedRole = Exclude<Role, 'owner'>;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkSharedRole(role: unknown): SharedRole {
  if (role === 'editor' || role === 'viewer') return role;
  throw new ValidationError('role', 'Role must be editor or viewer');
}

/** Queues the invite; the member row arrives with the next pull (the server resolves the e-mail). */
async function inviteMember(listId: string, email: string, role: SharedRole, db: DaybookDb = getDb()): Promise<void> {
  const address = email.trim();
  if (!EMAIL.test(address)) throw new ValidationError('email', 'Enter an e-mail address');
  const checkedRole = checkSharedRole(role);
  await write(db, async (enqueue) => {
    const list = await liveList(db, listId);
    if (list.is_inbox) throw new ValidationError('list_id', "The Inbox can't be shared");
    await requireRole(db, listId, 'owner');
    await enqueue('member.invite', { list_id: listId, email: address, role: checkedRole });
  });
}

async function setMemberRole(listId: string, userId: string, role: SharedRole, db: DaybookDb = getDb()): Promise<void> {
  const checkedRole = checkSharedRole(role);
  await write(db, async (enqueue) => {
    await liveList(db, listId);
    await requireRole(db, listId, 'owner');
    const member = await db.members.get([listId, userId]);
    if (member?.role === 'owner') throw new ValidationError('role', "The owner's role can't be changed");
    if (member) await db.members.put({ ...member, role: checkedRole });
    await enqueue('member.set_role', { list_id: listId, user_id: userId, role: checkedRole });
  });
}

async function removeMember(listId: string, userId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    await liveList(db, listId);
    await requireRole(db, listId, 'owner');
    const member: Member | undefined = await db.members.get([listId, userId]);
    if (member?.role === 'owner') throw new ValidationError('user_id', "The owner can't be removed");
    await db.members.delete([listId, userId]);
    await enqueue('member.remove', { list_id: listId, user_id: userId });
  });
}

export const members = {
  invite: inviteMember,
  setRole: setMemberRole,
  remove: removeMember,
};

export type { TaskRow };
