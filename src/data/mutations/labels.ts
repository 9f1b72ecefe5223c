// label.create · label.update · label.delete · task_label.add · task_label.remove, as pure applies
// (SPEC §14.1). Labels are the acting person's own: a device holds only its user's, so a label it
// does not hold is `not_found`, as the server answers for anyone else's. A label on a task is a
// per-person record in the task's list (like a reminder): anyone who can see the task may add one
// (viewers too). Each add or remove is its own change, so two devices' different labels both stay;
// a removal keeps the row (deleted_at) so it syncs.
import { LABEL_LIMITS, LABEL_MESSAGES, normalizeLabelName } from '@/domain/labels';
import type { Label, TaskLabel } from '@/domain/model';
import { checkColor } from '@/domain/validation';
import { refuse, TASK_MISSING, valid } from './checks';
import type { MutationDef, Rows, TaskRecord } from './types';

export const taskLabelKey = (taskId: string, labelId: string) => `${taskId}/${labelId}`;

const labelsOf = (rows: Rows): ReadonlyMap<string, Label> => rows.labels ?? new Map();
const taskLabelsOf = (rows: Rows): ReadonlyMap<string, TaskLabel> => rows.taskLabels ?? new Map();

function ownLabel(rows: Rows, id: string, field = 'id'): Label {
  const label = labelsOf(rows).get(id);
  if (!label) refuse('not_found', LABEL_MESSAGES.missing, field);
  return label;
}

export const labelCreate: MutationDef<'label.create'> = {
  reads: () => ({ allLabels: true }),
  apply(rows, args, { now }) {
    if (labelsOf(rows).has(args.id)) refuse('invalid', LABEL_MESSAGES.idTaken, 'id');
    let live = 0;
    for (const l of labelsOf(rows).values()) if (!l.deleted_at) live++;
    if (live >= LABEL_LIMITS.perPerson) refuse('invalid', LABEL_MESSAGES.tooMany, 'id');
    const name = valid(() => normalizeLabelName(args.name));
    const color = valid(() => checkColor(args.color));
    return { labels: [{ id: args.id, name, color, created_at: now, updated_at: now, deleted_at: null, version: 0 }] };
  },
};

export const labelUpdate: MutationDef<'label.update'> = {
  reads: (args) => ({ labels: [args.id] }),
  apply(rows, { id, patch }, { now }) {
    const label = ownLabel(rows, id);
    if (label.deleted_at) refuse('deleted', LABEL_MESSAGES.deleted, 'id');
    if (!patch || typeof patch !== 'object' || Array.isArray(patch)) refuse('invalid', 'patch must be an object', 'patch');
    const next = { ...label, updated_at: now };
    if ('name' in patch) next.name = valid(() => normalizeLabelName(patch.name));
    if ('color' in patch) next.color = valid(() => checkColor(patch.color));
    return { labels: [next] };
  },
};

/** Deleting twice is harmless; the label's rows on tasks stay, hidden while it is deleted. */
export const labelDelete: MutationDef<'label.delete'> = {
  reads: (args) => ({ labels: [args.id] }),
  apply(rows, { id }, { now }) {
    const label = ownLabel(rows, id);
    if (label.deleted_at) return {};
    return { labels: [{ ...label, deleted_at: now, updated_at: now }] };
  },
};

/** The task, if this person can see it (any role: a label is private to its owner). */
function visibleTask(rows: Rows, taskId: string): TaskRecord {
  const task = rows.tasks.get(taskId);
  if (!task || !rows.lists.has(task.list_id)) refuse('not_found', TASK_MISSING, 'task_id');
  return task;
}

const taskLabelReads = (args: { task_id: string; label_id: string }) => ({ tasks: [args.task_id], labels: [args.label_id], taskLabels: [args.task_id] });

export const taskLabelAdd: MutationDef<'task_label.add'> = {
  reads: taskLabelReads,
  apply(rows, { task_id, label_id }, { now }) {
    const task = visibleTask(rows, task_id);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'task_id');
    const label = ownLabel(rows, label_id, 'label_id');
    if (label.deleted_at) refuse('deleted', LABEL_MESSAGES.deleted, 'label_id');
    const prev = taskLabelsOf(rows).get(taskLabelKey(task_id, label_id));
    if (prev && !prev.deleted_at) return {};
    let on = 0;
    for (const tl of taskLabelsOf(rows).values()) {
      if (tl.task_id === task_id && !tl.deleted_at && labelsOf(rows).get(tl.label_id)?.deleted_at === null) on++;
    }
    if (on >= LABEL_LIMITS.perTask) refuse('invalid', LABEL_MESSAGES.tooManyOnTask, 'label_id');
    return { taskLabels: [{ task_id, label_id, list_id: task.list_id, updated_at: now, deleted_at: null, version: prev?.version ?? 0 }] };
  },
};

/** Removing what is not on is an applied no-op; a deleted task's label can still be removed. */
export const taskLabelRemove: MutationDef<'task_label.remove'> = {
  reads: taskLabelReads,
  apply(rows, { task_id, label_id }, { now }) {
    const task = visibleTask(rows, task_id);
    const prev = taskLabelsOf(rows).get(taskLabelKey(task_id, label_id));
    if (!prev || prev.deleted_at) return {};
    return { taskLabels: [{ ...prev, list_id: task.list_id, deleted_at: now, updated_at: now }] };
  },
};
