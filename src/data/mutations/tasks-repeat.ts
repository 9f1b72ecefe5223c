// task.complete_occurrence · task.uncomplete_occurrence, as pure applies (SPEC §11.1, §15).
// One occurrence is completed once whatever the devices do: the change names the occurrence it
// completes (the due date the person saw) and the next due date the device computed (nextDue:
// the server has no RRULE expander). It advances the task only while the task is still at that
// occurrence; otherwise it is an applied no-op — another device completed it already, or the
// date was moved — since there is nothing for the person to fix. With no next occurrence
// (COUNT or UNTIL reached), or on a task whose repeat was removed meanwhile, it completes the
// task like a plain one. A `next` computed from a rule the task no longer has would put the task
// on a day its rule never names, so that completion is refused `stale` (the person completes it
// again, with the rule their device now has). The undo puts the occurrence back only while the
// task is still where the completion left it and that completion is the last that moved it
// (`last_completion`): a device that ticked and undid offline takes back nothing another device did.
// A task taking turns (SPEC §13.2) hands the turn on as it moves to the next occurrence, so the
// turn too moves once per occurrence; its Undo hands it back.
// Moving on to the next occurrence moves the deadline by as many days as the due date, and
// unticks the steps when the task starts them over (SPEC §14.3), as the server does in the
// completion's transaction. The completion records what it did (`last_completion_did`: the
// steps it unticked, whose turn it was before and after), and its Undo takes back exactly that
// (SPEC §21): it moves the deadline back, ticks again those steps still live and unticked — a
// step ticked or deleted since is left as it is — and hands the task back only while it is still
// with the person the completion handed it to. The server's record wins once pulled: it names
// the steps the server unticked, which may be more than this device knew were ticked. A
// completion recorded before there were records takes back the steps the Undo names and hands
// the turn back. A completion that would move the deadline (or the next date) past 2999 is
// refused in words.
// A repeat from the day it's done takes its next date from the day the completion carries
// (`done_on`, the completing device's calendar day), as the server computes it.
import { addDays, daysBetween } from '@/lib/dates';
import { isFromDone, nextFromDone } from '@/domain/recurrence/from-done';
import { isValidIsoDate } from '@/domain/validation';
import { isUuid } from '@/lib/ids';
import type { CompletionRecord, MutationArgs } from '@/domain/model';
import { turnAfter } from './assignees';
import { refuse, TASK_MISSING } from './checks';
import { editableTask, stepsOfTask } from './tasks';
import type { MutationDef, Rows, StepRecord, TaskRecord } from './types';

export const STALE_RULE = 'The repeat was changed on another device — complete it again';

type OccurrenceArgs = MutationArgs['task.uncomplete_occurrence'];

function checkArgs(args: OccurrenceArgs): void {
  if (typeof args.occurrence !== 'string' || !isValidIsoDate(args.occurrence)) refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
  if (args.completion !== undefined && (typeof args.completion !== 'string' || !isUuid(args.completion))) {
    refuse('invalid', 'completion must be a UUID', 'completion');
  }
  if (args.next === null) return;
  if (typeof args.next !== 'string' || !isValidIsoDate(args.next)) refuse('invalid', 'Pick a date between 1900 and 2999', 'next');
  if (args.next <= args.occurrence) refuse('invalid', 'The next occurrence must come after the one completed', 'next');
}

/** The completion's id as stored: lower case (the server's uuid), null for a change that sent none. */
const completionId = (args: OccurrenceArgs): string | null => args.completion?.toLowerCase() ?? null;

function checkRuleArgs(args: MutationArgs['task.complete_occurrence']): void {
  if (args.repeat !== undefined && args.repeat !== null && typeof args.repeat !== 'string') refuse('invalid', 'Repeat must be a rule', 'repeat');
  const anchor = args.repeat_anchor;
  if (anchor !== undefined && anchor !== null && (typeof anchor !== 'string' || !isValidIsoDate(anchor))) {
    refuse('invalid', 'Pick a date between 1900 and 2999', 'repeat_anchor');
  }
}

/** The completing device's day: a date, no later than tomorrow in UTC (today somewhere on Earth). */
function checkDoneOn(doneOn: unknown, now: string): void {
  if (doneOn === undefined || doneOn === null) return;
  if (typeof doneOn !== 'string' || !isValidIsoDate(doneOn)) refuse('invalid', 'Pick a date between 1900 and 2999', 'done_on');
  if (doneOn > addDays(now.slice(0, 10), 1)) refuse('invalid', 'The day it was done can’t be in the future', 'done_on');
}

/** Was `next` computed from a rule other than the task's? Changes that carry no rule are trusted. */
function staleRule(task: TaskRecord, args: MutationArgs['task.complete_occurrence']): boolean {
  // a repeat removed meanwhile: completing it as a plain task is what the person asked for
  if (args.repeat === undefined || !task.repeat) return false;
  const anchor = args.repeat_anchor;
  return args.repeat !== task.repeat || (anchor !== undefined && anchor !== (task.repeat_anchor ?? null));
}

export const DEADLINE_PAST_2999 = 'This would move the deadline past 2999 — set an earlier deadline first';

/** The task's deadline moved by the days its due date moves from `from` to `to`, refused out of 1900–2999. */
function movedDeadline(task: TaskRecord, from: string, to: string): string | null {
  if (!task.deadline) return task.deadline ?? null;
  const moved = addDays(task.deadline, daysBetween(from, to));
  if (moved > '2999-12-31') refuse('invalid', DEADLINE_PAST_2999, 'deadline');
  if (moved < '1900-01-01') refuse('invalid', 'This would move the deadline before 1900 — set a later deadline first', 'deadline');
  return moved;
}

/** The task's ticked live steps, unticked for its next occurrence (none when it keeps them). */
function stepsStartingOver(rows: Rows, task: TaskRecord, now: string): StepRecord[] {
  if (task.steps_start_over === false) return [];
  return stepsOfTask(rows, task.id, 'live')
    .filter((s) => s.done)
    .map((s) => ({ ...s, done: false, updated_at: now }));
}

export const taskCompleteOccurrence: MutationDef<'task.complete_occurrence'> = {
  reads: (args) => ({ tasks: [args.id], taskSteps: [{ taskId: args.id, state: 'live' }] }),
  apply(rows, args, { userId, now }) {
    const task = editableTask(rows, args.id, userId);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'id');
    checkArgs(args);
    checkRuleArgs(args);
    checkDoneOn(args.done_on, now);
    if (task.done || task.due_date !== args.occurrence) return {};
    if (staleRule(task, args)) refuse('stale', STALE_RULE, 'repeat');
    const moved = { last_completion: completionId(args), updated_at: now };
    const nextDate = args.done_on && isFromDone(task.repeat) ? nextFromDone(task.repeat as string, args.occurrence, args.done_on) : args.next;
    if (nextDate === null || !task.repeat) return { tasks: [{ ...task, ...moved, last_completion_did: null, done: true, done_at: task.done_at ?? now }] };
    if (nextDate > '2999-12-31') refuse('invalid', 'The next occurrence would fall after 2999', 'next');
    const deadline = movedDeadline(task, args.occurrence, nextDate);
    const unticked = stepsStartingOver(rows, task, now);
    const assignee = turnAfter(task.turns, task.assignee, 1);
    const did: CompletionRecord = { steps: unticked.map((s) => s.id.toLowerCase()).sort(), assignee_before: task.assignee ?? null, assignee_after: assignee };
    const next: TaskRecord = { ...task, ...moved, due_date: nextDate, deadline, assignee, last_completion_did: did };
    return { tasks: [next], steps: unticked };
  },
};

/** The steps an Undo ticks again: at most a task's 100, each an id. */
function checkSteps(steps: unknown): void {
  if (steps === undefined) return;
  if (!Array.isArray(steps) || steps.length > 100 || !steps.every((s) => typeof s === 'string')) refuse('invalid', 'steps must be a list of step ids', 'steps');
}

/** The named steps of the task that are live and unticked, ticked again. */
function stepsTickedAgain(rows: Rows, task: TaskRecord, ids: readonly string[] | undefined, now: string): StepRecord[] {
  if (!ids?.length) return [];
  const named = new Set(ids.map((id) => id.toLowerCase()));
  return stepsOfTask(rows, task.id, 'live')
    .filter((s) => !s.done && named.has(s.id.toLowerCase()))
    .map((s) => ({ ...s, done: true, updated_at: now }));
}

/** The assignee an Undo leaves (completion_undo.sql assignee_undone): the one before, only while the task is still with the one after. */
function assigneeUndone(did: CompletionRecord | null | undefined, task: TaskRecord): string | null {
  const now = task.assignee ?? null;
  if (!did) return turnAfter(task.turns, now, -1);
  if (now !== did.assignee_after) return now;
  const before = did.assignee_before;
  return before === null || before === did.assignee_after || (task.turns ?? []).includes(before) ? before : now;
}

export const taskUncompleteOccurrence: MutationDef<'task.uncomplete_occurrence'> = {
  reads: (args) => ({ tasks: [args.id], taskSteps: [{ taskId: args.id, state: 'live' }] }),
  apply(rows, args, { userId, now }) {
    const task = editableTask(rows, args.id, userId);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'id');
    checkArgs(args);
    checkSteps(args.steps);
    if ((task.last_completion ?? null) !== completionId(args)) return {};
    const undone = { last_completion: null, last_completion_did: null, updated_at: now };
    if (task.done) {
      // completed like a plain task for want of a next occurrence: reopen it
      if (args.next !== null || task.due_date !== args.occurrence) return {};
      return { tasks: [{ ...task, ...undone, done: false, done_at: null }] };
    }
    if (args.next === null || task.due_date !== args.next) return {};
    const did = task.last_completion_did;
    return {
      tasks: [{ ...task, ...undone, due_date: args.occurrence, deadline: movedDeadline(task, args.next, args.occurrence), assignee: assigneeUndone(did, task) }],
      steps: stepsTickedAgain(rows, task, did ? did.steps : args.steps, now),
    };
  },
};
