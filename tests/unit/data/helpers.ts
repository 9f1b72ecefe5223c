// Shared set-up for the data tests: a fresh `daybook-local` per test and table snapshots.
import { getDb, getIdentity, resetDatabaseForTests } from '@/data';

export async function freshDb() {
  await resetDatabaseForTests();
  const db = getDb();
  await db.open();
  const identity = await getIdentity(db);
  if (!identity) throw new Error('identity missing after open');
  return { db, identity };
}

/** Every stored row of every table, to show that a refused action changed nothing. */
export async function snapshot() {
  const db = getDb();
  const [lists, members, tasks, outbox, refused, meta] = await Promise.all([
    db.lists.toArray(),
    db.members.toArray(),
    db.tasks.toArray(),
    db.outbox.toArray(),
    db.refused.toArray(),
    db.meta.toArray(),
  ]);
  return { lists, members, tasks, outbox, refused, meta };
}
