// task.complete_occurrence · task.uncomplete_occurrence, as pure applies (SPEC §11.1).
// One occurrence is completed once whatever the devices do: the change names the occurrence it
// completes (the due date the person saw) and the next due date the device computed (nextDue:
// the server has no RRULE expander). It advances the task only while the task is still at that
// occurrence; otherwise it is an applied no-op — another device completed it already, or the
// date was moved — since there is nothing for the person to fix. With no next occurrence
// (COUNT or UNTIL reached), or on a task whose repeat was removed meanwhile, it completes the
// task like a plain one. The undo puts the occurrence back only while the task is still where
// the completion left it.
import { isValidIsoDate } from '@/domain/validation';
import { refuse, TASK_MISSING } from './checks';
import { editableTask } from './tasks';
import type { MutationDef, TaskRecord } from './types';

interface OccurrenceArgs {
  id: string;
  occurrence: string;
  next: string | null;
}

function checkArgs(args: OccurrenceArgs): void {
  if (typeof args.occurrence !== 'string' || !isValidIsoDate(args.occurrence)) refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
  if (args.next === null) return;
  if (typeof args.next !== 'string' || !isValidIsoDate(args.next)) refuse('invalid', 'Pick a date between 1900 and 2999', 'next');
  if (args.next <= args.occurrence) refuse('invalid', 'The next occurrence must come after the one completed', 'next');
}

export const taskCompleteOccurrence: MutationDef<'task.complete_occurrence'> = {
  reads: (args) => ({ tasks: [args.id] }),
  apply(rows, args, { userId, now }) {
    const task = editableTask(rows, args.id, userId);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'id');
    checkArgs(args);
    if (task.done || task.due_date !== args.occurrence) return {};
    const next: TaskRecord =
      args.next === null || !task.repeat
        ? { ...task, done: true, done_at: task.done_at ?? now, updated_at: now }
        : { ...task, due_date: args.next, updated_at: now };
    return { tasks: [next] };
  },
};

export const taskUncompleteOccurrence: MutationDef<'task.uncomplete_occurrence'> = {
  reads: (args) => ({ tasks: [args.id] }),
  apply(rows, args, { userId, now }) {
    const task = editableTask(rows, args.id, userId);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'id');
    checkArgs(args);
    if (task.done) {
      // completed like a plain task for want of a next occurrence: reopen it
      if (args.next !== null || task.due_date !== args.occurrence) return {};
      return { tasks: [{ ...task, done: false, done_at: null, updated_at: now }] };
    }
    if (args.next === null || task.due_date !== args.next) return {};
    return { tasks: [{ ...task, due_date: args.occurrence, updated_at: now }] };
  },
};
