// Step edits (SPEC §11.3): build the change's args (a new step goes to the end, only fields that
// change), then commit it through its pure apply (../mutations/steps.ts).
import { ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { Step, StepPatch } from '@/domain/model';
import { positionAfter } from '@/lib/order';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toStep } from '../db/schema';
import { STEP_MISSING } from '../mutations/checks';
import { lastStepPosition, taskSteps } from '../read/step-queries';
import { loadMutationCore } from './core-loader';
import { write } from './transaction';
import { commit } from './commit';
import { type MoveTarget, placementFor } from './move-target';

async function liveStep(db: DaybookDb, id: string) {
  const row = await db.steps.get(id);
  if (!row || row.state === STATE.deleted) throw new ValidationError('id', STEP_MISSING);
  return row;
}

async function createStep(taskId: string, title: string, db: DaybookDb = getDb(), id: string = newId()): Promise<Step> {
  const { normalizeStepTitle } = await loadMutationCore();
  const clean = normalizeStepTitle(title);
  return write(db, async (enqueue) => {
    const position = positionAfter(await lastStepPosition(db, taskId));
    const { steps } = await commit(db, enqueue, 'step.create', { id, task_id: taskId, title: clean, position });
    return toStep({ ...steps![0]!, state: STATE.open });
  });
}

/** Only fields that differ reach the patch; a patch that changes nothing writes nothing. */
async function updateStep(id: string, patch: StepPatch, db: DaybookDb = getDb()): Promise<void> {
  const { normalizeStepTitle } = await loadMutationCore();
  const clean: StepPatch = {};
  if ('title' in patch) clean.title = normalizeStepTitle(patch.title);
  if ('done' in patch) clean.done = patch.done === true;
  if ('position' in patch && patch.position) clean.position = patch.position;
  await write(db, async (enqueue) => {
    const row = await liveStep(db, id);
    const changed: StepPatch = {};
    for (const [key, value] of Object.entries(clean) as [keyof StepPatch, unknown][]) {
      if (row[key] !== value) Object.assign(changed, { [key]: value });
    }
    if (Object.keys(changed).length > 0) await commit(db, enqueue, 'step.update', { id, patch: changed });
  });
}

/**
 * Reorders within its task: `{ after }` or `{ before }`, as for tasks and lists. Steps that share
 * a position around the target are re-spaced in the same transaction (placementFor), each one a
 * step.update of its position like the move itself.
 */
async function moveStep(id: string, target: MoveTarget, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async () => {
    const row = await liveStep(db, id);
    const siblings = (await taskSteps(row.task_id, db)).filter((s) => s.id !== id);
    const { position, respaced } = placementFor(siblings, target);
    for (const step of respaced) await updateStep(step.id, { position: step.position }, db);
    await updateStep(id, { position }, db);
  });
}

async function deleteStep(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    await liveStep(db, id);
    await commit(db, enqueue, 'step.delete', { id });
  });
}

async function restoreStep(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.steps.get(id);
    if (!row) throw new ValidationError('id', STEP_MISSING);
    if (row.state === STATE.deleted) await commit(db, enqueue, 'step.restore', { id });
  });
}

export const steps = {
  create: createStep,
  update: updateStep,
  setDone: (id: string, done: boolean, db?: DaybookDb) => updateStep(id, { done }, db),
  move: moveStep,
  delete: deleteStep,
  restore: restoreStep,
};
