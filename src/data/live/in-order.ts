// Dexie's liveQuery, with its results handed on in the order their runs started. When a write lands
// while a run is reading, Dexie starts a new run and means to drop the old one's result; but a
// result that settles inside Dexie's promise zone is handed on in a later task, and that later
// hand-over does not look again at whether a newer run began meanwhile (dexie 4.4.7,
// `execInGlobalContext` in liveQuery). A newer run answered from memory (./cache.ts, ./holders.ts)
// can finish first, and the older result then arrives last and stays until the next write: a list
// showing a task as it was before its completion. So each run is numbered, and whatever comes from
// a run older than one already handed on is dropped.
import { liveQuery } from 'dexie';

export interface LiveObserver<T> {
  next(value: T): void;
  error(error: unknown): void;
}
interface Run<T> {
  run: number;
  value: T;
}
/** Dexie's `liveQuery`, or a stand-in for tests. */
export type LiveSource = <R>(querier: () => R | Promise<R>) => { subscribe(observer: LiveObserver<R>): { unsubscribe(): void } };

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === 'function';

/** Subscribes `observer` to `querier`'s live result, never handing on an older run's after a newer run's. */
export function liveInOrder<T>(querier: () => T | Promise<T>, observer: LiveObserver<T>, source: LiveSource = liveQuery): { unsubscribe(): void } {
  let started = 0;
  let handed = 0;
  /** Errors by the run that threw them (an error is Dexie's to read as it is: it is not wrapped). */
  const failedRuns = new WeakMap<object, number>();
  const numbered = (): Run<T> | Promise<Run<T>> => {
    const run = ++started;
    const result = querier();
    if (!isThenable(result)) return { run, value: result };
    return Promise.resolve(result).then(
      (value) => ({ run, value }),
      (error: unknown) => {
        if (typeof error === 'object' && error !== null) failedRuns.set(error, run);
        throw error;
      },
    );
  };
  return source(numbered).subscribe({
    next({ run, value }) {
      if (run < handed) return;
      handed = run;
      observer.next(value);
    },
    error(error) {
      const run = typeof error === 'object' && error !== null ? failedRuns.get(error) : undefined;
      if (run !== undefined) {
        if (run < handed) return;
        handed = run;
      }
      observer.error(error);
    },
  });
}
