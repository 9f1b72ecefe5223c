// Moving between the signed-out database and a user's: adopt what was made signed out at
// sign-in, delete a user's database at sign-out.
import { nowIso } from '@/lib/ids';
import { exportData, type ImportReport, importData } from '../backup';
import { type DaybookDb, defineDatabase, rowTables } from '../db/schema';
import { LOCAL_DATABASE, readIdentity } from '../db/identity';

/**
 * Signing in: moves what was made while signed out (daybook-local) into the user's database
 * through the import path (so it is queued for upload; the local Inbox's tasks go to the
 * user's Inbox), then deletes daybook-local. Its ids are kept: made on this device (where an
 * import takes ids of its own), no server has seen them. Safe to repeat after a crash: the
 * import commits together with a marker naming daybook-local's client id, so a second run after
 * a crash before the delete imports nothing (even if the moved rows were edited or synced since).
 */
export async function adoptLocalData(target: DaybookDb): Promise<ImportReport | null> {
  if (target.name === LOCAL_DATABASE) return null;
  const names = await indexedDB.databases?.().catch(() => null);
  if (names && !names.some((d) => d.name === LOCAL_DATABASE)) return null;
  const local = defineDatabase(LOCAL_DATABASE);
  await local.open();
  const file = await exportData(local);
  const localClient = (await readIdentity(local))?.clientId;
  local.close();
  const hasData = file.tasks.length > 0 || file.lists.some((l) => !l.is_inbox);
  let report: ImportReport | null = { imported: { lists: 0, tasks: 0 }, renamed: 0, skipped: [] };
  if (hasData) {
    const marker = `adopted:${localClient ?? 'unknown'}`;
    report = await target.transaction('rw', [...rowTables(target), target.outbox, target.refused, target.meta], async () => {
      if (await target.meta.get(marker)) return null;
      const imported = await importData(file, target, { keepIds: true });
      await target.meta.put({ key: marker, value: nowIso() });
      return imported;
    });
  }
  await deleteDatabase(LOCAL_DATABASE);
  return report;
}

/** Signing out: removes a user's database from this device. */
export async function deleteDatabase(name: string): Promise<void> {
  await defineDatabase(name).delete();
}
