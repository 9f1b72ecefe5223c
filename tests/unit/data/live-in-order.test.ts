// Dexie can hand on an older run's result after a newer run's (src/data/live/in-order.ts); a live
// query must end on its newest run's result. A stand-in for Dexie's liveQuery delivers runs out of
// order here, as the race does.
import { describe, expect, it } from 'vitest';
import { type LiveObserver, liveInOrder, type LiveSource } from '@/data/live/in-order';

/** A stand-in liveQuery: the test runs the querier and settles each run when it chooses. */
function standIn() {
  let querier: (() => unknown) | undefined;
  let observer: LiveObserver<unknown> | undefined;
  const source: LiveSource = (q) => ({
    subscribe(o) {
      querier = q;
      observer = o as LiveObserver<unknown>;
      return { unsubscribe() {} };
    },
  });
  return {
    source,
    /** Starts a run, as a write would; its settled result goes to the observer when `deliver` is called. */
    run() {
      const result = Promise.resolve((querier as () => unknown)());
      return {
        deliver: async () => (observer as LiveObserver<unknown>).next(await result),
        fail: async () => {
          try {
            await result;
          } catch (error) {
            (observer as LiveObserver<unknown>).error(error);
          }
        },
      };
    },
  };
}

function collect<T>(querier: () => T | Promise<T>) {
  const dexie = standIn();
  const seen: unknown[] = [];
  liveInOrder(querier, { next: (v) => seen.push(v), error: (e) => seen.push(`error: ${(e as Error).message}`) }, dexie.source);
  return { dexie, seen };
}

/** A querier that answers `rows`, or fails while `closed` is set. */
function closing(rows: string) {
  const db = {
    closed: false,
    querier: async () => {
      if (db.closed) throw new Error('the database closed');
      return rows;
    },
  };
  return db;
}

describe('a live query with runs settling out of order', () => {
  it("drops an older run's result that arrives after a newer one's", async () => {
    let state = 'before the write';
    const { dexie, seen } = collect(async () => state);
    const older = dexie.run();
    state = 'after the write';
    const newer = dexie.run();
    await newer.deliver();
    await older.deliver();
    expect(seen).toEqual(['after the write']);
  });

  it('hands on every result that arrives in order, also from a querier that is not async', async () => {
    let n = 0;
    const { dexie, seen } = collect(() => ++n);
    const first = dexie.run();
    const second = dexie.run();
    await first.deliver();
    await second.deliver();
    expect(seen).toEqual([1, 2]);
  });

  it("drops an older run's error after a newer run's result, and passes a newer run's error on", async () => {
    const db = closing('rows');
    const { dexie, seen } = collect(db.querier);
    db.closed = true;
    const older = dexie.run();
    db.closed = false;
    const newer = dexie.run();
    await newer.deliver();
    await older.fail();
    expect(seen).toEqual(['rows']);
    db.closed = true;
    await dexie.run().fail();
    expect(seen).toEqual(['rows', 'error: the database closed']);
  });

  it("drops an older run's result after a newer run's error", async () => {
    const db = closing('stale rows');
    const { dexie, seen } = collect(db.querier);
    const older = dexie.run();
    db.closed = true;
    await dexie.run().fail();
    await older.deliver();
    expect(seen).toEqual(['error: the database closed']);
  });
});
