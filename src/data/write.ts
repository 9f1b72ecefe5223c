// One user action = one read-write transaction: the row change, the next mutation id from
// meta, and one outbox entry. A failure anywhere rolls all of it back.
import { isQuotaError, StorageFullError } from '@/lib/errors';
import type { MutationArgs, MutationName } from '@/lib/model';
import type { DaybookDb } from './schema';
import { loadMutationCore } from './mutation-loader';
import { enqueue } from './outbox';

export type Enqueue = <N extends MutationName>(name: N, args: MutationArgs[N]) => Promise<number>;

/**
 * Runs `body` in one rw transaction over every table a user action may touch. A quota error
 * (Dexie may wrap the DOMException) becomes StorageFullError; the transaction is rolled back.
 */
export async function write<T>(db: DaybookDb, body: (enqueue: Enqueue) => Promise<T>): Promise<T> {
  await loadMutationCore(); // before the transaction: the commits inside it find it loaded
  try {
    // The scope must itself be an `async` function: Dexie detects that and keeps its zone
    // across native awaits; a plain arrow returning a promise commits too early.
    return await db.transaction('rw', [db.lists, db.members, db.tasks, db.steps, db.reminders, db.outbox, db.meta], async () =>
      body((name, args) => enqueue(db, name, args)),
    );
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}
