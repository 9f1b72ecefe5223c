// One user action = one read-write transaction: the row change, the next mutation id from
// meta, and one outbox entry. A failure anywhere rolls all of it back.
import { isQuotaError, StorageFullError } from '@/lib/errors';
import type { Mutation, MutationArgs, MutationName } from '@/domain/model';
import { type DaybookDb, rowTables } from '../db/schema';
import { loadMutationCore } from './core-loader';
import { nextMutationId, queueAll, queueAs } from './outbox';

export type Enqueue = <N extends MutationName>(name: N, args: MutationArgs[N]) => Promise<number>;
/** Queues many changes in order: their ids follow one another, written with one counter update. */
export type EnqueueAll = (entries: readonly Pick<Mutation, 'name' | 'args'>[]) => Promise<number[]>;

/**
 * Runs `body` in one rw transaction over every table a user action may touch. A quota error
 * (Dexie may wrap the DOMException) becomes StorageFullError; the transaction is rolled back.
 */
export async function write<T>(db: DaybookDb, body: (enqueue: Enqueue, enqueueAll: EnqueueAll) => Promise<T>): Promise<T> {
  await loadMutationCore(); // before the transaction: the commits inside it find it loaded
  try {
    // The scope must itself be an `async` function: Dexie detects that and keeps its zone
    // across native awaits; a plain arrow returning a promise commits too early.
    return await db.transaction('rw', [...rowTables(db), db.outbox, db.meta], async () => {
      // The counter is read now, beside the body's own reads, not after them; each entry the
      // body queues takes the next value (nothing else writes the counter inside this transaction).
      let counter = nextMutationId(db);
      counter.catch(() => {}); // handled: a body that refuses before queueing never awaits it
      const enqueue: Enqueue = async (name, args) => {
        const mine = counter;
        counter = mine.then((id) => id + 1);
        counter.catch(() => {});
        const id = await mine;
        await queueAs(db, id, name, args);
        return id;
      };
      const enqueueAll: EnqueueAll = async (entries) => {
        const mine = counter;
        counter = mine.then((id) => id + entries.length);
        counter.catch(() => {});
        const first = await mine;
        await queueAll(db, first, entries);
        return entries.map((_, i) => first + i);
      };
      return body(enqueue, enqueueAll);
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}
