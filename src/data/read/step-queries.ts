// Reads of steps (SPEC §11.3): a task's steps in their manual order, and "done/total" per task
// for the rows of a list. Tombstones never appear.
import type { Step } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, type StepRow, toStep } from '../db/schema';

/** The task's live steps in manual order (the task dialog's checklist). */
export async function taskSteps(taskId: string, db: DaybookDb = getDb()): Promise<Step[]> {
  const rows = await db.steps.where('[task_id+position]').between([taskId, ''], [taskId, '\uffff']).toArray();
  return rows.filter((r) => r.state !== STATE.deleted).map(toStep);
}

export interface StepCount {
  done: number;
  total: number;
}

/** Per task of the list that has live steps: how many are done of how many. */
export async function listStepCounts(listId: string, db: DaybookDb = getDb()): Promise<Record<string, StepCount>> {
  return countLive(db.steps.where('list_id').equals(listId));
}

/** done/total per task over the steps a query finds, tombstones skipped. */
async function countLive(steps: { each(fn: (row: StepRow) => void): Promise<unknown> }): Promise<Record<string, StepCount>> {
  const counts: Record<string, StepCount> = {};
  await steps.each((row) => {
    if (row.state === STATE.deleted) return;
    const count = counts[row.task_id] ?? { done: 0, total: 0 };
    counts[row.task_id] = count;
    count.total++;
    if (row.state === STATE.done) count.done++;
  });
  return counts;
}

/**
 * done/total per task for any set of tasks (Today's and Upcoming's rows, which mix lists): one
 * cursor over the `task_id` part of the `[task_id+position]` index, not one query per row. Tasks
 * without live steps are absent.
 */
export async function stepCounts(taskIds: readonly string[], db: DaybookDb = getDb()): Promise<Record<string, StepCount>> {
  if (taskIds.length === 0) return {};
  return countLive(db.steps.where('task_id').anyOf([...taskIds]));
}

/** The position after the task's last step, live or not (a new step goes to the end). */
export async function lastStepPosition(db: DaybookDb, taskId: string): Promise<string | null> {
  const last = await db.steps.where('[task_id+position]').between([taskId, ''], [taskId, '\uffff']).last();
  return last?.position ?? null;
}
