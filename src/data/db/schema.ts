// The Dexie database: schema versions, their upgrades, and the stored row shapes.
// IndexedDB cannot index booleans or null, so rows carry derived index keys (`state`,
// `due_time_key`) next to the public fields; `toTask`/`toList` strip them at the API boundary.
import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { AppNotification, Comment, Label, List, Member, NotifyLevel, OutboxEntry, RefusedEntry, Reminder, SavedFilter, Step, Task, TaskLabel } from '@/domain/model';

/** A notification as stored: `unread` (1 or 0) so the unread count reads index keys only. */
export type NotificationRow = AppNotification & { unread: 0 | 1 };
import { addObservationMiddleware } from '../live/add-observation';
import { liveCacheMiddleware } from '../live/cache';

/** Row state for indexes: open (or a live list), done, deleted (tombstone, hidden from reads). */
export const STATE = { open: 0, done: 1, deleted: 2 } as const;
export type RowState = (typeof STATE)[keyof typeof STATE];

export interface TaskRow extends Task {
  state: RowState;
  /** '' for no time, so dated untimed tasks stay in the date index and sort before timed ones. */
  due_time_key: string;
  /** Tombstoned by its list's delete (the server has the same column); list.restore revives these. */
  deleted_with_list?: boolean;
}
/** A step as stored: `state` as for tasks (0 open, 1 done, 2 deleted); `deleted_with_task` as on the server. */
export interface StepRow extends Step {
  state: RowState;
  deleted_with_task?: boolean;
}
/** A comment as stored: `state` 0 live, 2 deleted; `deleted_with_task` as on the server. */
export interface CommentRow extends Comment {
  state: RowState;
  deleted_with_task?: boolean;
}
export interface ListRow extends List {
  state: RowState;
}
export interface MemberRow extends Member {}
/** A reminder as stored, keyed by `task_id` (the database is one user's). */
export interface ReminderRow extends Reminder {}
/** A label as stored (the database is one user's, so every label is theirs). */
export interface LabelRow extends Label {}
/** The user's label on a task, keyed by `[task_id+label_id]`. */
export interface TaskLabelRow extends TaskLabel {}
/** A saved filter as stored (the user's own). */
export interface FilterRow extends SavedFilter {}
export interface MetaRow {
  key: string;
  value: unknown;
}

export type DaybookDb = Dexie & {
  lists: EntityTable<ListRow, 'id'>;
  members: Dexie.Table<MemberRow, [string, string]>;
  tasks: EntityTable<TaskRow, 'id'>;
  steps: EntityTable<StepRow, 'id'>;
  comments: EntityTable<CommentRow, 'id'>;
  reminders: EntityTable<ReminderRow, 'task_id'>;
  labels: EntityTable<LabelRow, 'id'>;
  task_labels: Dexie.Table<TaskLabelRow, [string, string]>;
  filters: EntityTable<FilterRow, 'id'>;
  notifications: EntityTable<NotificationRow, 'id'>;
  notify_levels: EntityTable<{ list_id: string; level: NotifyLevel }, 'list_id'>;
  outbox: EntityTable<OutboxEntry, 'id'>;
  refused: EntityTable<RefusedEntry, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
};

/** v1 (first release): plain indexes; `done` stored as a boolean only, so never indexed. */
export const SCHEMA_V1 = {
  lists: 'id, position',
  members: '[list_id+user_id], list_id',
  tasks: 'id, list_id, due_date',
  outbox: 'id',
  refused: 'id',
  meta: 'key',
} as const;

/**
 * v2: compound indexes that return rows already in display order, so live queries never
 * filter or sort: a list's tasks by state then position, open tasks by date/time/position,
 * lists by state then position. The upgrade backfills the derived keys.
 */
export const SCHEMA_V2 = {
  lists: 'id, [state+position]',
  members: '[list_id+user_id], list_id',
  tasks: 'id, [list_id+state+position], [state+due_date+due_time_key+position]',
  outbox: 'id',
  refused: 'id',
  meta: 'key',
} as const;

/**
 * v3 (SPEC §11.1, §11.3): tasks carry `repeat` and `repeat_anchor` (null on existing rows); a
 * `steps` table, read by task (`[task_id+position]`, the dialog's order) and by list (`list_id`:
 * a list's rows' step counts, and purging a list that vanished).
 */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  steps: 'id, [task_id+position], list_id',
} as const;

/**
 * v4 (SPEC §11.4): a `reminders` table keyed by task id, read by list (`list_id`: purging a list
 * that vanished). Nothing to backfill.
 */
export const SCHEMA_V4 = {
  ...SCHEMA_V3,
  reminders: 'task_id, list_id',
} as const;

/**
 * v5: "Assigned to me" (SPEC §13.2) reads a person's open tasks in every list by
 * `[assignee+state]` (rows with no assignee are not in it); Today's open tasks whose deadline has
 * come (SPEC §14.3), whatever their due date, by `[state+deadline]` (a task without one is not in
 * it). Labels (SPEC §14.1, §14.2): `labels` by id, and `task_labels` keyed by task then label (a
 * task's labels are one key range), read by list (purging a list that vanished) and by label (a
 * label's screen); saved `filters` by id. Nothing to backfill.
 */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  tasks: `${SCHEMA_V4.tasks}, [assignee+state], [state+deadline]`,
  labels: 'id',
  task_labels: '[task_id+label_id], list_id, label_id',
  filters: 'id',
} as const;

/**
 * v10 (SPEC §17): a `comments` table, read by task in the order they were written
 * (`[task_id+created_at]`, the dialog), and counted from index keys alone, never the bodies: live
 * ones per task of a list (`[list_id+state+task_id]`, the list's rows; also purging a list) and
 * per task of any set (`[task_id+state]`, Today's and Upcoming's rows). Declares only its table.
 */
export const SCHEMA_V10 = {
  comments: 'id, [task_id+created_at], [task_id+state], [list_id+state+task_id]',
} as const;

/**
 * v15 (SPEC §17): the person's `notifications`, newest first by `at`, and the unread ones counted
 * from index keys alone (`[unread+at]`, 1 while unread); `notify_levels` per list. Declares only
 * its tables.
 */
export const SCHEMA_V15 = {
  notifications: 'id, at, [unread+at]',
  notify_levels: 'list_id',
} as const;

export const CURRENT_VERSION = 15;

export function taskState(task: Pick<Task, 'done' | 'deleted_at'>): RowState {
  if (task.deleted_at) return STATE.deleted;
  return task.done ? STATE.done : STATE.open;
}

export function listState(list: Pick<List, 'deleted_at'>): RowState {
  return list.deleted_at ? STATE.deleted : STATE.open;
}

/** The stored row for a public Task; the sync engine uses this to write pulled rows too. */
export function toTaskRow({ deleted_with_list, ...task }: Task & { deleted_with_list?: boolean }): TaskRow {
  // the mark is added, never deleted: a `delete` leaves the row a slow dictionary object, which
  // every later copy (the write, the live cache) pays for
  const row: TaskRow = {
    ...task,
    repeat: task.repeat ?? null,
    repeat_anchor: task.repeat_anchor ?? null,
    deadline: task.deadline ?? null,
    steps_start_over: task.steps_start_over ?? true,
    duration_min: task.duration_min ?? null,
    state: taskState(task),
    due_time_key: task.due_time ?? '',
  };
  if (task.deleted_at && deleted_with_list !== undefined) row.deleted_with_list = deleted_with_list;
  return row;
}

export function toListRow(list: List): ListRow {
  return { ...list, state: listState(list) };
}

export function toTask(row: TaskRow): Task {
  const { state: _state, due_time_key: _key, deleted_with_list: _withList, ...task } = row;
  return {
    ...task,
    repeat: task.repeat ?? null,
    repeat_anchor: task.repeat_anchor ?? null,
    deadline: task.deadline ?? null,
    steps_start_over: task.steps_start_over ?? true,
    duration_min: task.duration_min ?? null,
  };
}

export function toStepRow(step: Step & { deleted_with_task?: boolean }): StepRow {
  const row: StepRow = { ...step, state: taskState(step) };
  if (!row.deleted_at) delete row.deleted_with_task;
  return row;
}

export function toStep(row: StepRow): Step {
  const { state: _state, deleted_with_task: _withTask, ...step } = row;
  return step;
}

export function toCommentRow(comment: Comment & { deleted_with_task?: boolean }): CommentRow {
  const row: CommentRow = { ...comment, state: comment.deleted_at ? STATE.deleted : STATE.open };
  if (!row.deleted_at) delete row.deleted_with_task;
  return row;
}

export function toComment(row: CommentRow): Comment {
  const { state: _state, deleted_with_task: _withTask, ...comment } = row;
  return comment;
}

export function toList(row: ListRow): List {
  const { state: _state, ...list } = row;
  return list;
}

async function upgradeToV2(tx: Transaction): Promise<void> {
  await tx
    .table('tasks')
    .toCollection()
    .modify((row: Partial<TaskRow> & Pick<Task, 'done' | 'deleted_at' | 'due_time'>) => {
      row.done = Boolean(row.done);
      row.state = taskState(row);
      row.due_time_key = row.due_time ?? '';
      row.version ??= 0;
    });
  await tx
    .table('lists')
    .toCollection()
    .modify((row: Partial<ListRow> & Pick<List, 'deleted_at'>) => {
      row.state = listState(row);
      row.version ??= 0;
    });
}

async function upgradeToV3(tx: Transaction): Promise<void> {
  await tx
    .table('tasks')
    .toCollection()
    .modify((row: Partial<TaskRow>) => {
      row.repeat ??= null;
      row.repeat_anchor ??= null;
    });
}

/** Opens (creating or upgrading) the database called `name`. Call `db.open()` or just query it. */
export function defineDatabase(name: string): DaybookDb {
  const db = new Dexie(name) as DaybookDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
  db.version(3).stores(SCHEMA_V3).upgrade(upgradeToV3);
  db.version(4).stores(SCHEMA_V4);
  db.version(5).stores(SCHEMA_V5);
  db.version(10).stores(SCHEMA_V10);
  db.version(15).stores(SCHEMA_V15);
  db.use(liveCacheMiddleware);
  db.use(addObservationMiddleware);
  return db;
}

/**
 * The tables a change's pure apply may read or write (src/data/mutations), in one list: every
 * write, pull, rebase and refusal transaction names these, so a table added here is in all of them.
 */
export function rowTables(db: DaybookDb) {
  return [db.lists, db.members, db.tasks, db.steps, db.comments, db.reminders, db.labels, db.task_labels, db.filters, db.notifications, db.notify_levels];
}
