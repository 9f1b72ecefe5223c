// task.create · task.update · task.delete · task.restore, as pure applies.
import type { TaskPatch } from '@/domain/model';
import { validateTaskDraft, validateTaskPatch } from '@/domain/validation';
import { assignedFields, checkAssignee } from './assignees';
import { checkPosition, LIST_MISSING, refuse, requireList, requireRole, roleOn, TASK_ID_TAKEN, TASK_MISSING, valid } from './checks';
import { commentsOfTask } from './comments';
import type { Rows, StepRecord, TaskRecord } from './types';
import type { MutationDef } from './types';

export const taskCreate: MutationDef<'task.create'> = {
  // an assignee is checked against the list's members
  reads: (args) => ({ lists: [args.list_id], tasks: [args.id], ...(args.assignee ? { listMembers: [args.list_id] } : {}) }),
  apply(rows, args, { userId, now }) {
    requireList(rows, args.list_id, userId, 'editor');
    if (rows.tasks.has(args.id)) refuse('invalid', TASK_ID_TAKEN, 'id');
    const draft = valid(() => validateTaskDraft(args));
    const task: TaskRecord = {
      id: args.id,
      list_id: args.list_id,
      ...draft,
      assignee: checkAssignee(rows, args.assignee, args.list_id, userId),
      turns: null,
      done: false,
      done_at: null,
      position: checkPosition(args.position),
      created_by: userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
    };
    return { tasks: [task] };
  },
};

/** The task, after the checks the server makes first: can this person see it, and edit it. */
export function editableTask(rows: Rows, id: string, userId: string): TaskRecord {
  const task = rows.tasks.get(id);
  if (!task || !rows.lists.has(task.list_id)) refuse('not_found', TASK_MISSING, 'id');
  requireRole(roleOn(rows, task.list_id, userId), 'editor');
  return task;
}

/**
 * Applies the fields the patch carries. Clearing the date clears the time; completing keeps an
 * earlier done_at (the server's `coalesce`); a move needs the right to edit the target list.
 */
export const taskUpdate: MutationDef<'task.update'> = {
  // a move reads the task's steps too (they follow it) and the new list's members (who may stay
  // assigned); naming who does it reads the members of the task's list
  reads: (args) =>
    typeof args.patch?.list_id === 'string'
      ? {
          tasks: [args.id],
          lists: [args.patch.list_id],
          taskSteps: [{ taskId: args.id, state: 'all' }],
          reminders: [args.id],
          listMembers: [args.patch.list_id],
          taskLabels: [args.id],
          taskComments: [{ taskId: args.id, state: 'all' }],
        }
      : { tasks: [args.id], ...(args.patch && ('assignee' in args.patch || 'turns' in args.patch) ? { taskListMembers: true } : {}) },
  apply(rows, { id, patch }, { userId, now }) {
    const task = editableTask(rows, id, userId);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'id');
    if (typeof patch !== 'object' || patch === null) refuse('invalid', 'patch must be an object', 'patch');
    const clean: TaskPatch = valid(() => validateTaskPatch(task, patch));
    if (clean.list_id !== undefined && clean.list_id !== task.list_id) requireList(rows, clean.list_id, userId, 'editor');
    const next: TaskRecord = { ...task, ...clean, ...assignedFields(rows, task, patch as Record<string, unknown>, clean.list_id ?? task.list_id, userId), updated_at: now };
    if ('done' in clean) next.done_at = clean.done ? (task.done_at ?? now) : null;
    if (next.list_id === task.list_id) return { tasks: [next] };
    // its steps and the person's reminder and labels move with it: they are versioned in the task's list
    const steps = stepsOfTask(rows, id, 'all').map((s) => ({ ...s, list_id: next.list_id, updated_at: now }));
    const reminder = rows.reminders?.get(id);
    const taskLabels = [...(rows.taskLabels?.values() ?? [])].filter((tl) => tl.task_id === id).map((tl) => ({ ...tl, list_id: next.list_id, updated_at: now }));
    const comments = commentsOfTask(rows, id, 'all').map((c) => ({ ...c, list_id: next.list_id, updated_at: now }));
    return { tasks: [next], steps, taskLabels, comments, ...(reminder ? { reminders: [{ ...reminder, list_id: next.list_id, updated_at: now }] } : {}) };
  },
};

export const taskDelete: MutationDef<'task.delete'> = {
  reads: (args) => ({ tasks: [args.id], taskSteps: [{ taskId: args.id, state: 'live' }], taskComments: [{ taskId: args.id, state: 'live' }] }),
  apply(rows, { id }, { userId, now }) {
    const task = editableTask(rows, id, userId);
    // Deleting twice keeps the first delete (deletes win). A task its list's delete took becomes
    // deleted on its own, as on the server, so restoring the list leaves it deleted.
    if (task.deleted_at) return task.deleted_with_list ? { tasks: [{ ...task, updated_at: now, deleted_with_list: false }] } : {};
    // its live steps go with it, marked so task.restore brings back exactly those
    const steps = stepsOfTask(rows, id, 'live').map((s) => ({ ...s, deleted_at: now, updated_at: now, deleted_with_task: true }));
    const comments = commentsOfTask(rows, id, 'live').map((c) => ({ ...c, deleted_at: now, updated_at: now, deleted_with_task: true }));
    return { tasks: [{ ...task, deleted_at: now, updated_at: now, deleted_with_list: false }], steps, comments };
  },
};

/** Undo of a delete: the only way back from a tombstone, refused while its list is deleted. */
export const taskRestore: MutationDef<'task.restore'> = {
  reads: (args) => ({ tasks: [args.id], taskSteps: [{ taskId: args.id, state: 'deleted' }], taskComments: [{ taskId: args.id, state: 'deleted' }] }),
  apply(rows, { id }, { userId, now }) {
    const task = editableTask(rows, id, userId);
    if (rows.lists.get(task.list_id)?.deleted_at) refuse('deleted', LIST_MISSING, 'list_id');
    if (!task.deleted_at) return {};
    const comments = commentsOfTask(rows, id, 'deleted')
      .filter((c) => c.deleted_with_task)
      .map((c) => ({ ...c, deleted_at: null, updated_at: now, deleted_with_task: false }));
    return { tasks: [{ ...task, deleted_at: null, updated_at: now, deleted_with_list: false }], steps: revivedSteps(rows, [id], now), comments };
  },
};

/** The task's steps in the rows, live, tombstoned or all. */
export function stepsOfTask(rows: Rows, taskId: string, state: 'live' | 'deleted' | 'all'): StepRecord[] {
  return [...(rows.steps?.values() ?? [])].filter(
    (s) => s.task_id === taskId && (state === 'all' || (state === 'live') === (s.deleted_at === null)),
  );
}

/** The steps the deletes of these tasks took with them, live again. */
export function revivedSteps(rows: Rows, taskIds: string[], now: string): StepRecord[] {
  const ids = new Set(taskIds);
  return [...(rows.steps?.values() ?? [])]
    .filter((s) => ids.has(s.task_id) && s.deleted_at && s.deleted_with_task)
    .map((s) => ({ ...s, deleted_at: null, updated_at: now, deleted_with_task: false }));
}
