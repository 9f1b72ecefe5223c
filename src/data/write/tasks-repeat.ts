// Repeating tasks' edits (SPEC §11.1): completing one occurrence, its undo, and what a due date
// moved by hand does to the series. The device computes the next date (src/domain/recurrence); the
// change carries it, so the server needs no RRULE expander and decides only "is the task still at
// that occurrence?" (../mutations/tasks-repeat.ts).
import Dexie from 'dexie';
import { ValidationError } from '@/lib/errors';
import { todayIso } from '@/lib/dates';
import { newId } from '@/lib/ids';
import type { TaskPatch } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, type TaskRow } from '../db/schema';
import { TASK_MISSING } from '../mutations/checks';
import { write } from './transaction';
import { commit } from './commit';
import { loadMutationCore } from './core-loader';

type Series = typeof import('./repeat-series');
let series: Promise<Series> | null = null;

/**
 * The rule arithmetic (src/domain/recurrence), loaded on first use. Callers await it before their
 * own transaction; one that already runs inside a caller's (a reminder's Complete) is kept alive
 * by Dexie.waitFor while the chunk loads, since awaiting anything but Dexie would commit it early.
 */
export function loadSeries(): Promise<Series> {
  series ??= import('./repeat-series').catch((err: unknown) => {
    series = null; // offline before the chunk was cached: try again next time
    throw err;
  });
  return Dexie.currentTransaction ? Dexie.waitFor(series) : series;
}

/** What completing an occurrence did, for the toast and its Undo. */
export interface OccurrenceDone {
  id: string;
  occurrence: string;
  /** The new due date; null = the series ended and the task is done. */
  next: string | null;
  /** This completion's id: its Undo takes back this completion only. */
  completion: string;
  /** The steps it unticked, the task starting them over: its Undo ticks them again. */
  steps?: string[];
}

/**
 * Completes the occurrence the task is due on: the due date moves to the next one (nextDue from
 * the anchor, after the later of the occurrence and `today`), or the task is done when the series
 * has ended. A task without a repeat (or a rule this app can't read) is completed like a plain one.
 */
async function completeOccurrence(id: string, today: string = todayIso(), db: DaybookDb = getDb()): Promise<OccurrenceDone> {
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
async function undoOccurrence(done: OccurrenceDone, db: DaybookDb = getDb()): Promise<void> {
  const { id, occurrence, next, completion, steps } = done;
  const args = { id, occurrence, next, completion, ...(steps?.length ? { steps } : {}) };
  await write(db, (enqueue) => commit(db, enqueue, 'task.uncomplete_occurrence', args));
}

/**
 * A repeating task's due date moved by hand (a patch that sets a date and says nothing of the
 * repeat): the series restarts there (restartAt: new anchor, a COUNT keeps the occurrences left).
 * Plain tasks and patches without a date are left as they are, with no extra work. `math` is
 * loadSeries()'s module, loaded by the caller before its transaction for any patch with a date.
 */
export function restartPatch(row: TaskRow, changed: TaskPatch, math: Series | null): void {
  if (!row.repeat || !row.due_date || !changed.due_date || 'repeat' in changed || 'repeat_anchor' in changed) return;
  if (!math) throw new Error('restartPatch needs loadSeries() for a patch with a date');
  const { formatRule, parseRule, restartAt } = math;
  const parsed = parseRule(row.repeat);
  if (!parsed.ok) return;
  const restarted = restartAt(parsed.rule, row.repeat_anchor ?? row.due_date, row.due_date, changed.due_date);
  const text = formatRule(restarted.rule);
  if (text !== row.repeat) changed.repeat = text;
  changed.repeat_anchor = restarted.anchor;
}

export const repeatMutators = { completeOccurrence, undoOccurrence };
