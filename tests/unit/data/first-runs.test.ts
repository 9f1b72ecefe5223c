// While the app starts, the live queries the first screen subscribes in one commit do not all run
// in that task, nor all at once when a first visit's database becomes ready: each first run waits
// for the database (its schema and identity made) and for a turn of its own, and its first result
// is handed over through the start's `first` (React's startTransition). Outside the start a query
// runs at once, as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferFirstRuns, endDeferredFirstRuns, getDb, getIdentity, resetDatabaseForTests } from '@/data';
import { queuedLiveQuery } from '@/data/live/first-runs';

beforeEach(async () => {
  await resetDatabaseForTests();
});
afterEach(() => endDeferredFirstRuns());

function watch(name: string, log: string[], first?: (deliver: () => void) => void) {
  const db = getDb();
  const values: unknown[] = [];
  const subscription = queuedLiveQuery(
    db,
    async () => {
      log.push(`${name} runs${db.isOpen() ? ' on an open database' : ''}`);
      return (await getIdentity(db))?.inboxId ?? null;
    },
    first,
  ).subscribe((value) => values.push(value));
  return { values, subscription };
}

describe('live queries’ first runs', () => {
  it('while the start defers them: not in the subscribing task, each after the database is ready, the first result through `first`', async () => {
    deferFirstRuns();
    const log: string[] = [];
    const handed: string[] = [];
    const a = watch('a', log, (deliver) => {
      handed.push('a');
      deliver();
    });
    const b = watch('b', log);
    const cancelled = watch('c', log);
    cancelled.subscription.unsubscribe(); // gone before its turn: never runs
    expect(log).toEqual([]);
    await Promise.resolve();
    expect(log).toEqual([]);

    await expect.poll(() => a.values.length + b.values.length).toBe(2);
    expect(log).toEqual(['a runs on an open database', 'b runs on an open database']);
    expect(handed).toEqual(['a']);
    const inbox = (await getIdentity(getDb()))?.inboxId;
    expect(a.values).toEqual([inbox]);
    expect(b.values).toEqual([inbox]);
    a.subscription.unsubscribe();
    b.subscription.unsubscribe();
  });

  it('outside the start: run at once, not waiting for the database, the first result handed over as it comes', async () => {
    endDeferredFirstRuns();
    const log: string[] = [];
    const handed: string[] = [];
    const a = watch('a', log, (deliver) => {
      handed.push('a');
      deliver();
    });
    await expect.poll(() => a.values.length).toBe(1);
    expect(log[0]).toBe('a runs'); // Dexie opens the database for it
    expect(handed).toEqual([]);
    a.subscription.unsubscribe();
  });
});
