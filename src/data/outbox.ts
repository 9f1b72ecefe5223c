// The queue of local changes waiting for the server, and the device's mutation counter — its
// one home: ids are sequential per client id (ARCHITECTURE.md "Exactly once").
import { nowIso } from '@/lib/ids';
import type { Mutation, MutationArgs, MutationName, OutboxEntry } from '@/lib/model';
import { getDb } from './database';
import type { DaybookDb } from './schema';
import { META } from './identity';

export const PUSH_BATCH = 200;

/** The id the next queued change gets. */
export async function nextMutationId(db: DaybookDb): Promise<number> {
  const stored = (await db.meta.get(META.nextMutationId))?.value;
  return typeof stored === 'number' ? stored : 1;
}

/** Moves the counter past `lastUsed` (never back). */
export async function advanceMutationId(db: DaybookDb, lastUsed: number): Promise<void> {
  if (lastUsed >= (await nextMutationId(db))) await db.meta.put({ key: META.nextMutationId, value: lastUsed + 1 });
}

/** Appends one outbox entry with the next mutation id; call inside a write transaction. */
export async function enqueue<N extends MutationName>(db: DaybookDb, name: N, args: MutationArgs[N]): Promise<number> {
  const id = await nextMutationId(db);
  await db.meta.put({ key: META.nextMutationId, value: id + 1 });
  await db.outbox.add({ id, name, args, created_at: nowIso() } as OutboxEntry);
  return id;
}

/** The oldest queued changes with ids above `after`, as sync_push takes them (created_at stripped). */
export async function pendingMutations(limit = PUSH_BATCH, db: DaybookDb = getDb(), after = 0): Promise<Mutation[]> {
  const entries = await db.outbox.where('id').above(after).limit(limit).toArray();
  return entries.map(({ created_at: _created, ...m }) => m as Mutation);
}
