// Task edits: build the change's args from what the user asked (the list's end, neighbours'
// positions, only the fields that change), then commit it through its pure apply
// (../mutations/tasks.ts).
import Dexie from 'dexie';
import { hasErrorNamed, ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { Member, Priority, Task, TaskPatch } from '@/domain/model';
import { positionAfter, positionBetween } from '@/lib/order';
import { getDb } from '../db/database';
import { type DaybookDb, type ListRow, STATE, toList, toTask } from '../db/schema';
import { knownIdentity } from '../db/identity';
import { TASK_ID_TAKEN, TASK_MISSING } from '../mutations/checks';
import { lastTaskPosition, taskNeighbours } from '../read/queries';
import { loadMutationCore, mutationCore } from './core-loader';
import { writeMemory } from '../live/cache';
import type { Rows } from '../mutations';
import { memberKey } from '../mutations/types';
import { write } from './transaction';
import { check, commit, requireIdentity } from './commit';
import type { MoveTarget } from './move-target';
import { loadSeries, repeatMutators } from './tasks-repeat';

export interface NewTask {
  title: string;
  list_id?: string;
  notes?: string;
  due_date?: string | null;
  due_time?: string | null;
  priority?: Priority;
  /** RRULE text (src/domain/recurrence formatRule); needs a due date. */
  repeat?: string | null;
  /** The series' first date; the due date when left out. */
  repeat_anchor?: string | null;
  /** Who does it (SPEC §13.2): a member of the list. */
  assignee?: string | null;
  deadline?: string | null;
  steps_start_over?: boolean;
}

async function liveTask(db: DaybookDb, id: string) {
  const row = await db.tasks.get(id);
  if (!row || row.state === STATE.deleted) throw new ValidationError('id', TASK_MISSING);
  return row;
}

function samePatchValue(a: unknown, b: unknown) {
  if (Array.isArray(a) && Array.isArray(b)) return a.join() === b.join();
  return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
}

/**
 * `id` is for import only: keeping an exported task's id when it is free on this device.
 *
 * What the change reads besides the new task — its list's row, the person's membership row there
 * — and the list's last position come from this handle's write memory (src/data/live/cache.ts)
 * once a create in that list has read them; the transaction then reads only the mutation counter.
 * The position is taken in memory before any await, so two creates in flight get two positions.
 */
async function createTask(input: NewTask, db: DaybookDb = getDb(), id?: string): Promise<Task> {
  const { knownRows, loadRows, readsOf, validateTaskDraft } = mutationCore() ?? (await loadMutationCore());
  const draft = validateTaskDraft(input);
  const taskId = id ?? newId();
  return idTaken(id, write(db, async (enqueue) => {
    const { userId, inboxId } = knownIdentity(db) ?? (await requireIdentity(db));
    const listId = input.list_id ?? inboxId;
    // a plain task's change carries no repeat keys, and none for a deadline or steps left as they start
    const { repeat, repeat_anchor, deadline, steps_start_over, ...plain } = draft;
    const args = {
      id: taskId,
      list_id: listId,
      ...plain,
      position: '',
      ...(repeat ? { repeat, repeat_anchor } : {}),
      ...(input.assignee ? { assignee: input.assignee } : {}),
      ...(deadline ? { deadline } : {}),
      ...(steps_start_over ? {} : { steps_start_over }),
    };
    const memory = writeMemory(db);
    const role = memberKey(listId, userId);
    const last = memory?.lastPosition.get(listId);
    const list = memory?.lists.get(listId);
    const member = memory?.members.get(role);
    let loaded: Rows | Promise<Rows>;
    // (an assignee is checked against the list's members, which the memory does not hold)
    if (memory && last !== undefined && list !== undefined && member !== undefined && !input.assignee) {
      args.position = positionAfter(last);
      memory.lastPosition.set(listId, args.position);
      // The id is taken as free: a fresh one is (a uuid), and a given one (an import's, the peer
      // bench's) that is not makes the add fail, and the transaction with it (idTaken below).
      loaded = knownRows(
        {
          lists: new Map(list ? [[listId, toList(list as ListRow)]] : []),
          members: new Map(member ? [[role, member as Member]] : []),
          tasks: new Map(),
          steps: new Map(),
          reminders: new Map(),
        },
        new Map([[taskId, undefined]]), // so the write adds without looking first
      );
    } else {
      // the change's reads (its id, its list, the person's role there; not the position) beside
      // the list's last position: one round. A Dexie promise: awaited later in the transaction,
      // a native one would lose its zone.
      const generation = memory?.generation;
      loaded = Dexie.Promise.resolve(loadRows(db, readsOf({ name: 'task.create', args }), userId));
      loaded.catch(() => {}); // awaited by commit; a failed position read ends the transaction first
      const stored = await lastTaskPosition(db, listId);
      args.position = positionAfter(stored);
      const rows = await loaded;
      loaded = rows;
      if (memory && memory.generation === generation) {
        const known = memory.lastPosition.get(listId);
        // a create in flight in the same list may have taken a later position meanwhile
        if (known === undefined || known === null || args.position > known) memory.lastPosition.set(listId, args.position);
        memory.lists.set(listId, rows.lists.get(listId) ?? null);
        memory.members.set(role, rows.members.get(role) ?? null);
      }
    }
    const { tasks } = await commit(db, enqueue, 'task.create', args, loaded);
    return toPublic(tasks![0]!);
  }));
}

/** A given id found taken by the add itself, told as the change's own check tells it when it read the row. */
async function idTaken<T>(id: string | undefined, writing: Promise<T>): Promise<T> {
  try {
    return await writing;
  } catch (err) {
    if (id !== undefined && hasErrorNamed(err, 'ConstraintError')) throw new ValidationError('id', TASK_ID_TAKEN);
    throw err;
  }
}

/**
 * Sends only the fields that change. Moving to another list appends at the end of that list
 * unless a position is given.
 */
async function updateTask(id: string, patch: TaskPatch, db: DaybookDb = getDb()): Promise<Task> {
  // a date may restart a repeating task's series: the rule code first, outside the transaction
  const math = patch.due_date ? await loadSeries() : null;
  const { validateTaskPatch } = await loadMutationCore();
  return write(db, async (enqueue) => {
    const row = await liveTask(db, id);
    const clean = validateTaskPatch(row, patch);
    const changed: TaskPatch = {};
    for (const [key, value] of Object.entries(clean) as [keyof TaskPatch, unknown][]) {
      if (!samePatchValue(row[key], value)) Object.assign(changed, { [key]: value });
    }
    math?.restartPatch(row, changed);
    if (changed.list_id !== undefined && !('position' in clean)) {
      changed.position = positionAfter(await lastTaskPosition(db, changed.list_id));
    }
    if (Object.keys(changed).length === 0) {
      // nothing to send, but a viewer still hears that they can't
      await check(db, 'task.update', { id, patch: {} });
      return toTask(row);
    }
    const { tasks } = await commit(db, enqueue, 'task.update', { id, patch: changed });
    return toPublic(tasks![0]!);
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
    await liveTask(db, id);
    await commit(db, enqueue, 'task.delete', { id });
  });
}

async function restoreTask(id: string, db: DaybookDb = getDb()): Promise<Task> {
  return write(db, async (enqueue) => {
    const row = await db.tasks.get(id);
    if (!row) throw new ValidationError('id', TASK_MISSING);
    if (row.state !== STATE.deleted) return toTask(row);
    const { tasks } = await commit(db, enqueue, 'task.restore', { id });
    return toPublic(tasks![0]!);
  });
}

/** The public Task shape, without the local deleted_with_list flag. */
function toPublic({ deleted_with_list: _withList, ...task }: Task & { deleted_with_list?: boolean }): Task {
  return task;
}

export const tasks = {
  create: createTask,
  update: updateTask,
  setDone: setTaskDone,
  move: moveTask,
  delete: deleteTask,
  restore: restoreTask,
  ...repeatMutators,
};
