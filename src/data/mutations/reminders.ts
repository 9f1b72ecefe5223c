// reminder.set · reminder.clear · reminder.snooze, as pure applies (SPEC §11.4). A reminder is
// the acting person's own, on a task they can see (viewers too: it changes nothing others see).
// The device holds only its user's reminders, keyed by task id; the server keys them by task and
// user. `list_id` follows the task's list (the version space). A cleared reminder stays as a row
// with offset_minutes null, so the clear syncs to the person's other devices.
import { REMINDER_OFFSETS } from '@/domain/model';
import { isValidIsoDate, MESSAGES } from '@/domain/validation';
import { refuse, TASK_MISSING } from './checks';
import type { MutationDef, ReminderRecord, Rows, TaskRecord } from './types';

/** The task, if this person can see it (any role: a reminder is private to its owner). */
function visibleTask(rows: Rows, taskId: string): TaskRecord {
  const task = rows.tasks.get(taskId);
  if (!task || !rows.lists.has(task.list_id)) refuse('not_found', TASK_MISSING, 'task_id');
  return task;
}

function liveTask(rows: Rows, taskId: string): TaskRecord {
  const task = visibleTask(rows, taskId);
  if (task.deleted_at) refuse('deleted', TASK_MISSING, 'task_id');
  return task;
}

// An ISO timestamp with a zone, as the server's timestamptz reads it without guessing a zone.
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The instant `value` names, normalised to UTC with milliseconds, or null if it is not one. */
export function checkInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = ISO_INSTANT.exec(value);
  if (!m || !isValidIsoDate(m[1]!)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const reads = (args: { task_id: string }) => ({ tasks: [args.task_id], reminders: [args.task_id] });

function existing(rows: Rows, task: TaskRecord, now: string): ReminderRecord {
  return (
    rows.reminders?.get(task.id) ?? {
      task_id: task.id,
      list_id: task.list_id,
      offset_minutes: null,
      snoozed_until: null,
      snoozed_occurrence: null,
      updated_at: now,
      version: 0,
    }
  );
}

/** A new offset ends any snooze (it was for the old reminder time). */
export const reminderSet: MutationDef<'reminder.set'> = {
  reads,
  apply(rows, { task_id, offset_minutes }, { now }) {
    const task = liveTask(rows, task_id);
    if (!(REMINDER_OFFSETS as readonly unknown[]).includes(offset_minutes)) {
      refuse('invalid', MESSAGES.reminderOffset, 'offset_minutes');
    }
    if (!task.due_date) refuse('invalid', MESSAGES.reminderWithoutDate, 'due_date');
    const prev = existing(rows, task, now);
    return { reminders: [{ ...prev, list_id: task.list_id, offset_minutes, snoozed_until: null, snoozed_occurrence: null, updated_at: now }] };
  },
};

/** Clearing what is not set is an applied no-op; a deleted task's reminder can still be cleared. */
export const reminderClear: MutationDef<'reminder.clear'> = {
  reads,
  apply(rows, { task_id }, { now }) {
    const task = visibleTask(rows, task_id);
    const prev = rows.reminders?.get(task_id);
    if (!prev || prev.offset_minutes === null) return {};
    return { reminders: [{ ...prev, list_id: task.list_id, offset_minutes: null, snoozed_until: null, snoozed_occurrence: null, updated_at: now }] };
  },
};

/**
 * Snoozes the occurrence `occurrence` until `until`. A reminder cleared meanwhile (on another
 * device, before this change arrived) has nothing to snooze: an applied no-op, not a refusal.
 */
export const reminderSnooze: MutationDef<'reminder.snooze'> = {
  reads,
  apply(rows, { task_id, occurrence, until }, { now }) {
    const task = liveTask(rows, task_id);
    if (typeof occurrence !== 'string' || !isValidIsoDate(occurrence)) refuse('invalid', MESSAGES.dateRange, 'occurrence');
    const at = checkInstant(until);
    if (at === null) refuse('invalid', 'Pick a valid time to snooze until', 'until');
    const prev = rows.reminders?.get(task_id);
    if (!prev || prev.offset_minutes === null) return {};
    return { reminders: [{ ...prev, list_id: task.list_id, snoozed_until: at, snoozed_occurrence: occurrence, updated_at: now }] };
  },
};
