// Live queries' first runs while the app starts: one a task, once their database is ready. The
// first screen's render subscribes every live query it reads in one commit: run there, their
// first executions (each a transaction through Dexie's and our middlewares, hundreds of promise
// steps for a screen) are one long task; and while the database is still opening (a first visit
// builds the schema, then makes the identity) Dexie holds them all and releases them in one burst
// when it is ready. So from deferFirstRuns until endDeferredFirstRuns a first run waits for the
// database to be ready and then for a task of its own, and React draws its first result as a
// transition. Outside the start (and in tests) a query runs at once, as Dexie's hooks do; re-runs
// after a write are always Dexie's own, at once: they are what paints a change.
import { nextTask } from '@/lib/next-task';
import type { DaybookDb } from '../db/schema';
import { liveInOrder } from './in-order';

interface Waiting {
  db: DaybookDb;
  run: () => void;
  cancelled: boolean;
}

const waiting: Waiting[] = [];
let draining = false;
let deferring = false;

/** The start begins: first runs wait their turn (above) until endDeferredFirstRuns. */
export function deferFirstRuns(): void {
  deferring = true;
}

/** The first screen is up: first runs go at once again (those already waiting keep their turn). */
export function endDeferredFirstRuns(): void {
  deferring = false;
}

/** Resolves once `db` has opened (or failed to); null when there is nothing to wait for. */
function opening(db: DaybookDb): Promise<unknown> | null {
  // A database closed on purpose (a sign-out's switch) is not opened again here: the query
  // reports what it reports.
  if (db.isOpen() || db.hasBeenClosed() || db.hasFailed()) return null;
  return db.open().catch(() => {}); // the query reports the failure
}

async function drain(): Promise<void> {
  draining = true;
  try {
    while (waiting.length > 0) {
      const next = waiting.shift() as Waiting;
      if (next.cancelled) continue;
      const ready = opening(next.db);
      if (ready) await ready;
      await nextTask();
      if (next.cancelled) continue;
      try {
        next.run();
      } catch (err) {
        console.error(err);
      }
    }
  } finally {
    draining = false;
  }
}

/**
 * While the start defers first runs, runs `run` in a task of its own once `db` is ready, after the
 * runs queued before it; else now. Returns what cancels a run still waiting.
 */
export function queueFirstRun(db: DaybookDb, run: () => void): () => void {
  if (!deferring) {
    run();
    return () => {};
  }
  const item: Waiting = { db, run, cancelled: false };
  waiting.push(item);
  if (!draining) void drain();
  return () => {
    item.cancelled = true;
  };
}

export interface QueuedLiveQuery<T> {
  subscribe(onValue: (value: T) => void, onError?: (error: unknown) => void): { unsubscribe(): void };
  /** No value before the first run (useObservable then does not subscribe to look for one). */
  hasValue(): boolean;
}

/**
 * Dexie's `liveQuery(querier)` on `db` (its results in order: ./in-order.ts), started through
 * the queue above. A first result that waited its turn is handed over inside `first` (the React
 * hook passes startTransition, so the screen the first results fill renders in slices); later
 * ones, and all outside the start, as they come.
 */
export function queuedLiveQuery<T>(db: DaybookDb, querier: () => T | Promise<T>, first: (deliver: () => void) => void = (d) => d()): QueuedLiveQuery<T> {
  return {
    hasValue: () => false,
    subscribe(onValue, onError) {
      let inner: { unsubscribe(): void } | null = null;
      let delivered = !deferring;
      const cancel = queueFirstRun(db, () => {
        inner = liveInOrder(querier, {
          next: (value) => {
            if (delivered) return onValue(value);
            delivered = true;
            first(() => onValue(value));
          },
          error: (error) => (onError ? onError(error) : console.error(error)),
        });
      });
      return {
        unsubscribe() {
          cancel();
          inner?.unsubscribe();
        },
      };
    },
  };
}

/** observe() (./observe.ts) with the first run queued: for the live sources React hooks share. */
export function observeQueued<T>(db: DaybookDb, query: () => Promise<T>, onValue: (value: T) => void, onError?: (error: unknown) => void): () => void {
  const subscription = queuedLiveQuery(db, query).subscribe(onValue, onError);
  return () => subscription.unsubscribe();
}
