// What the engine keeps about sync in `meta`: the client id, cursors, when it last synced, and
// whether this offline spell's toast was shown.
import { getDb } from './database';
import type { DaybookDb } from './schema';
import { META, readIdentity } from './identity';

export async function getClientId(db: DaybookDb = getDb()): Promise<string> {
  const identity = await readIdentity(db);
  if (!identity) throw new Error('Database has no identity yet');
  return identity.clientId;
}

export async function getCursors(db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const value = (await db.meta.get(META.cursors))?.value;
  return value && typeof value === 'object' ? { ...(value as Record<string, number>) } : {};
}

export async function setCursors(cursors: Record<string, number>, db: DaybookDb = getDb()): Promise<void> {
  await db.meta.put({ key: META.cursors, value: cursors });
}

export async function getLastSyncedAt(db: DaybookDb = getDb()): Promise<string | null> {
  const value = (await db.meta.get(META.lastSyncedAt))?.value;
  return typeof value === 'string' ? value : null;
}

export async function setLastSyncedAt(iso: string, db: DaybookDb = getDb()): Promise<void> {
  await db.meta.put({ key: META.lastSyncedAt, value: iso });
}

/**
 * Whether "Saved offline" was shown in the offline spell still running: kept in the database so
 * a reload (or a new leader tab) during the spell does not say it again, and the first sync after
 * it still says "Synced N changes".
 */
export async function getOfflineSavedShown(db: DaybookDb = getDb()): Promise<boolean> {
  return (await db.meta.get(META.offlineSavedShown))?.value === true;
}

export async function setOfflineSavedShown(shown: boolean, db: DaybookDb = getDb()): Promise<void> {
  if (shown) await db.meta.put({ key: META.offlineSavedShown, value: true });
  else await db.meta.delete(META.offlineSavedShown);
}
