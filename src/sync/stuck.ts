// One change that keeps failing must not hide the rest of the queue (SPEC §12: "a change that
// cannot succeed is refused, never retried for ever"). Mutation ids are sequential, so the queue
// cannot skip a change; instead, when a push fails transiently while the server still answers
// pulls (so it is up, and this batch is the trouble), the batch is halved until the change
// that fails stands alone, and after a few more failures alone that change is refused on the
// device with the server's reason — kept in the sync centre, where the user can retry it. Pure.

/**
 * Failures of one change pushed alone (the server answering pulls each time) before it is
 * refused. With the backoff between runs (1 s doubling), that is about half a minute of a
 * server that answers everything but this change — a short lock wait elsewhere does not do it.
 */
export const REFUSE_AFTER = 5;

export interface StuckState {
  /** The first change of the batches that failed. */
  headId: number | null;
  /** How often it failed pushed alone while the server answered pulls. */
  failures: number;
  /** The batch size to try while isolating the change (null: the normal limit). */
  limit: number | null;
}

export const initialStuck = (): StuckState => ({ headId: null, failures: 0, limit: null });

export type StuckAction = 'retry' | 'refuse';

/**
 * A push of `size` changes starting at `headId` failed transiently. `serverAnswers`: a pull made
 * right after succeeded. Only then does the batch count as the trouble.
 */
export function pushFailed(s: StuckState, headId: number, size: number, serverAnswers: boolean): { state: StuckState; action: StuckAction } {
  if (!serverAnswers) return { state: s, action: 'retry' };
  const failures = (s.headId === headId ? s.failures : 0) + (size <= 1 ? 1 : 0);
  if (failures >= REFUSE_AFTER) return { state: initialStuck(), action: 'refuse' };
  return { state: { headId, failures, limit: Math.max(1, Math.floor(size / 2)) }, action: 'retry' };
}

/** A push went through: the limit grows back (doubling) up to the normal one. */
export function pushSucceeded(s: StuckState, maxChanges: number): StuckState {
  if (s.limit === null) return s.headId === null ? s : initialStuck();
  const limit = s.limit * 2 >= maxChanges ? null : s.limit * 2;
  return { headId: null, failures: 0, limit };
}
