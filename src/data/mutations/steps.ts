// step.create · step.update · step.delete · step.restore, as pure applies (SPEC §11.3). A step
// belongs to a task and takes its rights from the task's list: editors and owners change steps,
// viewers are refused, strangers get not_found. A step of a deleted task is deleted too (the
// task's delete tombstoned it, marked deleted_with_task, and task.restore brings it back), so
// edits to it are refused `deleted` like edits to its task. Fields merge one by one, as tasks do.
import type { StepPatch } from '@/domain/model';
import { LIMITS, MESSAGES, normalizeStepTitle } from '@/domain/validation';
import { checkPosition, refuse, STEP_MISSING, TASK_MISSING, valid } from './checks';
import { editableTask } from './tasks';
import type { MutationDef, Rows, StepRecord, TaskRecord } from './types';


function stepsOf(rows: Rows): ReadonlyMap<string, StepRecord> {
  return rows.steps ?? new Map();
}

/** The live task a step change acts in, after the checks the server makes first. */
function liveTask(rows: Rows, taskId: string, userId: string): TaskRecord {
  const task = editableTask(rows, taskId, userId);
  if (task.deleted_at) refuse('deleted', TASK_MISSING, 'task_id');
  return task;
}

/** The step, its task visible and editable by this person. */
function editableStep(rows: Rows, id: string, userId: string): { step: StepRecord; task: TaskRecord } {
  const step = stepsOf(rows).get(id);
  if (!step || !rows.tasks.has(step.task_id)) refuse('not_found', STEP_MISSING, 'id');
  return { step, task: editableTask(rows, step.task_id, userId) };
}

function liveCount(rows: Rows, taskId: string): number {
  let n = 0;
  for (const s of stepsOf(rows).values()) if (s.task_id === taskId && !s.deleted_at) n++;
  return n;
}

export const stepCreate: MutationDef<'step.create'> = {
  reads: (args) => ({ tasks: [args.task_id], steps: [args.id], taskSteps: [{ taskId: args.task_id, state: 'live' }] }),
  apply(rows, args, { userId, now }) {
    const task = liveTask(rows, args.task_id, userId);
    if (stepsOf(rows).has(args.id)) refuse('invalid', 'That step id is already in use', 'id');
    const title = valid(() => normalizeStepTitle(args.title));
    const position = checkPosition(args.position);
    if (liveCount(rows, task.id) >= LIMITS.steps) refuse('invalid', MESSAGES.tooManySteps, 'task_id');
    const step: StepRecord = {
      id: args.id,
      task_id: task.id,
      list_id: task.list_id,
      title,
      done: false,
      position,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
    };
    return { steps: [step] };
  },
};

export const stepUpdate: MutationDef<'step.update'> = {
  reads: (args) => ({ steps: [args.id] }),
  apply(rows, { id, patch }, { userId, now }) {
    const { step, task } = editableStep(rows, id, userId);
    if (step.deleted_at || task.deleted_at) refuse('deleted', STEP_MISSING, 'id');
    if (typeof patch !== 'object' || patch === null) refuse('invalid', 'patch must be an object', 'patch');
    const clean: StepPatch = {};
    if ('title' in patch) clean.title = valid(() => normalizeStepTitle(patch.title));
    if ('done' in patch) {
      if (typeof patch.done !== 'boolean') refuse('invalid', 'Done must be true or false', 'done');
      clean.done = patch.done;
    }
    if ('position' in patch) clean.position = checkPosition(patch.position);
    return { steps: [{ ...step, ...clean, updated_at: now }] };
  },
};

/** Deleting twice keeps the first delete; a step its task's delete took becomes deleted on its own. */
export const stepDelete: MutationDef<'step.delete'> = {
  reads: (args) => ({ steps: [args.id] }),
  apply(rows, { id }, { userId, now }) {
    const { step } = editableStep(rows, id, userId);
    if (step.deleted_at) return step.deleted_with_task ? { steps: [{ ...step, updated_at: now, deleted_with_task: false }] } : {};
    return { steps: [{ ...step, deleted_at: now, updated_at: now, deleted_with_task: false }] };
  },
};

/** Undo of a step's delete; refused while its task is deleted, and past the 100 live steps. */
export const stepRestore: MutationDef<'step.restore'> = {
  reads: (args) => ({ steps: [args.id], stepSiblings: [args.id] }),
  apply(rows, { id }, { userId, now }) {
    const { step, task } = editableStep(rows, id, userId);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'task_id');
    if (!step.deleted_at) return {};
    if (liveCount(rows, task.id) >= LIMITS.steps) refuse('invalid', MESSAGES.tooManySteps, 'task_id');
    return { steps: [{ ...step, deleted_at: null, updated_at: now, deleted_with_task: false }] };
  },
};
