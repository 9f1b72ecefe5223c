// One user action = one read-write transaction: the row change, the next mutation ids from
// meta (./counter.ts), and its outbox entries. A failure anywhere rolls all of it back.
import Dexie from 'dexie';
import { isQuotaError, StorageFullError } from '@/lib/errors';
import type { Mutation, MutationArgs, MutationName } from '@/domain/model';
import { type DaybookDb, rowTables } from '../db/schema';
import { loadMutationCore, mutationCore } from './core-loader';
import { txCounter } from './counter';

export type Enqueue = <N extends MutationName>(name: N, args: MutationArgs[N]) => Promise<void>;
/** Queues many changes in order: their ids follow one another, written with one counter update. */
export type EnqueueAll = (entries: readonly Pick<Mutation, 'name' | 'args'>[]) => Promise<void>;

/**
 * Runs `body` in one rw transaction over every table a user action may touch. A quota error
 * (Dexie may wrap the DOMException) becomes StorageFullError; the transaction is rolled back.
 */
export async function write<T>(db: DaybookDb, body: (enqueue: Enqueue, enqueueAll: EnqueueAll) => Promise<T>): Promise<T> {
  if (!mutationCore()) await loadMutationCore(); // before the transaction: the commits inside it find it loaded
  try {
    // The scope must itself be an `async` function: Dexie detects that and keeps its zone
    // across native awaits; a plain arrow returning a promise commits too early.
    return await db.transaction('rw', [...rowTables(db), db.outbox, db.meta], async () => {
      const counter = txCounter(db);
      const enqueue: Enqueue = (name, args) => counter.queue([{ name, args } as Pick<Mutation, 'name' | 'args'>]);
      const enqueueAll: EnqueueAll = (entries) => counter.queue(entries);
      // Chained on a Dexie promise, not awaited: after the body's own native awaits, a further one
      // here can resume outside the transaction's zone, and settle()'s writes would not be in it.
      return Dexie.Promise.resolve(body(enqueue, enqueueAll)).then((result) => counter.settle().then(() => result));
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}
