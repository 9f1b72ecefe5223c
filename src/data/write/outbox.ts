// The queue of local changes waiting for the server, and the device's mutation counter — its
// one home: ids are sequential per client id (ARCHITECTURE.md "Exactly once").
import { nowIso } from '@/lib/ids';
import type { Mutation, MutationArgs, MutationName, OutboxEntry } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { META } from '../db/identity';

export const PUSH_BATCH = 200;

/**
 * The id the next queued change gets. A Dexie promise, not an async function's: write() reads it
 * before its body runs and awaits it later, and only a Dexie promise keeps the transaction's zone then.
 */
export function nextMutationId(db: DaybookDb): Promise<number> {
  return db.meta.get(META.nextMutationId).then((row) => (typeof row?.value === 'number' ? row.value : 1));
}

/** Moves the counter past `lastUsed` (never back). */
export async function advanceMutationId(db: DaybookDb, lastUsed: number): Promise<void> {
  if (lastUsed >= (await nextMutationId(db))) await db.meta.put({ key: META.nextMutationId, value: lastUsed + 1 });
}

/** Appends one outbox entry with the next mutation id; call inside a write transaction. */
export async function enqueue<N extends MutationName>(db: DaybookDb, name: N, args: MutationArgs[N]): Promise<number> {
  const id = await nextMutationId(db);
  await queueAs(db, id, name, args);
  return id;
}

/**
 * Appends the outbox entry `id`, `id` being the counter's value read in this transaction, and
 * moves the counter past it: both writes asked for at once.
 */
export async function queueAs<N extends MutationName>(db: DaybookDb, id: number, name: N, args: MutationArgs[N]): Promise<void> {
  await Promise.all([db.meta.put({ key: META.nextMutationId, value: id + 1 }), db.outbox.add({ id, name, args, created_at: nowIso() } as OutboxEntry)]);
}

/** The oldest queued changes with ids above `after`, as sync_push takes them (created_at stripped). */
export async function pendingMutations(limit = PUSH_BATCH, db: DaybookDb = getDb(), after = 0): Promise<Mutation[]> {
  const entries = await db.outbox.where('id').above(after).limit(limit).toArray();
  return entries.map(({ created_at: _created, ...m }) => m as Mutation);
}
