// Completing one occurrence of a repeating task and its Undo (SPEC §11.1, §14.3), loaded on first
// use through ./tasks-repeat.ts (`repeatMutators`); see there and ../mutations/tasks-repeat.ts.
import { ValidationError } from '@/lib/errors';
import { todayIso } from '@/lib/dates';
import { newId } from '@/lib/ids';
import { getDb } from '../db/database';
import { type DaybookDb, STATE } from '../db/schema';
import { TASK_MISSING } from '../mutations/checks';
import { write } from './transaction';
import { commit } from './commit';
import { loadMutationCore } from './core-loader';
import { loadSeries, type OccurrenceDone } from './tasks-repeat';

/**
 * Completes the occurrence the task is due on: the due date moves to the next one (nextDue from
 * the anchor, after the later of the occurrence and `today`), or the task is done when the series
 * has ended. A task without a repeat (or a rule this app can't read) is completed like a plain one.
 */
export async function completeOccurrence(id: string, today: string = todayIso(), db: DaybookDb = getDb()): Promise<OccurrenceDone> {
  // one after the other: inside a caller's transaction each is a Dexie promise that keeps it open
  const { nextDue, parseRule } = await loadSeries();
  const { nextFromDone } = await loadMutationCore();
  return write(db, async (enqueue) => {
    const row = await db.tasks.get(id);
    if (!row || row.state === STATE.deleted) throw new ValidationError('id', TASK_MISSING);
    if (!row.due_date) throw new ValidationError('id', 'Set a date before repeating');
    const parsed = row.repeat ? parseRule(row.repeat) : null;
    const fromDone = parsed?.ok === true && parsed.rule.fromDone === true;
    const next = !parsed?.ok
      ? null
      : fromDone
        ? nextFromDone(row.repeat as string, row.due_date, today)
        : nextDue(parsed.rule, row.repeat_anchor ?? row.due_date, row.due_date, today);
    const done = { id, occurrence: row.due_date, next, completion: newId() };
    // the rule `next` comes from: a task whose rule changed meanwhile refuses it (`stale`); a
    // repeat from the day it's done carries that day, from which the server computes the same
    const rule = { repeat: row.repeat ?? null, repeat_anchor: row.repeat_anchor ?? null, ...(fromDone ? { done_on: today } : {}) };
    const { steps } = await commit(db, enqueue, 'task.complete_occurrence', { ...done, ...rule });
    return { ...done, steps: steps?.map((step) => step.id) ?? [] };
  });
}

/**
 * Undo from the toast: the occurrence is back if the task is still where this completion left it
 * (another device's completion of the same occurrence stays), with the steps it unticked ticked.
 */
export async function undoOccurrence(done: OccurrenceDone, db: DaybookDb = getDb()): Promise<void> {
  const { id, occurrence, next, completion, steps } = done;
  const args = { id, occurrence, next, completion, ...(steps?.length ? { steps } : {}) };
  await write(db, (enqueue) => commit(db, enqueue, 'task.uncomplete_occurrence', args));
}

