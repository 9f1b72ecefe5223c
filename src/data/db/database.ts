// Which database the app is using right now. Signing in or out switches it (the sync layer
// calls setCurrentDatabase); hooks read it through useDb() (@/data/react) so a switch re-renders them.
import { type DaybookDb, defineDatabase } from './schema';
import { databaseNameFor, ensureIdentity, LOCAL_DATABASE } from './identity';

const USER_DB = /^daybook-(.+)$/;

/**
 * A database handle whose identity (client id, user id, Inbox) exists before any other query
 * runs: Dexie holds every query until the `ready` subscriber has finished.
 * `userId` defaults to the id in the name `daybook-<userId>`; `daybook-local` gets a fresh one.
 */
export function createDatabase(name: string, userId?: string): DaybookDb {
  const db = defineDatabase(name);
  const uid = userId ?? (name === LOCAL_DATABASE ? null : (USER_DB.exec(name)?.[1] ?? null));
  db.on('ready', (vip) => ensureIdentity(vip as DaybookDb, uid), true);
  db.on('versionchange', (event) => {
    if (event.newVersion !== null) return; // an upgrade elsewhere: Dexie's default (close, reopen later)
    // Deleted in another tab (its sign-out): close for good — any query, even a live one
    // re-running, would otherwise reopen it and recreate an empty database of that name — and
    // make the signed-out database current, so this tab writes nothing more into the old one.
    db.close();
    if (current === db) setCurrentDatabase(createDatabase(LOCAL_DATABASE));
    return false;
  });
  return db;
}

/** Opens (creating or upgrading) a database and makes sure its identity and Inbox exist. */
export async function openDatabase(name: string, userId?: string): Promise<DaybookDb> {
  const db = createDatabase(name, userId);
  await db.open();
  return db;
}

export { databaseNameFor };

let current: DaybookDb | null = null;
const listeners = new Set<() => void>();

export function getDb(): DaybookDb {
  current ??= createDatabase(LOCAL_DATABASE);
  return current;
}

/**
 * Before the first render: makes `userId`'s database current (daybook-local for nobody), so a
 * reload offline or with an expired token opens the same person's data. Opens nothing yet.
 */
export function bootDatabase(userId: string | null): void {
  // (not through getDb(): defining the local database on the way is a whole schema's work for nothing)
  if (userId && current?.name !== databaseNameFor(userId)) setCurrentDatabase(createDatabase(databaseNameFor(userId), userId));
}

/** Switches the app to `db`; the previous handle is left open for its owner to close. */
export function setCurrentDatabase(db: DaybookDb): void {
  if (db === current) return;
  current = db;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the current database is switched; returns unsubscribe. */
export function subscribeDatabase(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes and deletes the current database and forgets it; tests start from a fresh one. */
export async function resetDatabaseForTests(): Promise<void> {
  const db = current;
  current = null;
  if (db) await db.delete();
  else await defineDatabase(LOCAL_DATABASE).delete();
  for (const listener of listeners) listener();
}
