// src/data's side of the engine's seams (src/sync/ports.ts): one user's database as a SyncStore,
// and the databases on this device as SyncDatabases. Type-only imports of src/sync.
import type { SyncDatabases, SyncStore } from '@/sync/ports';
import { adoptLocalData, deleteDatabase } from './adopt';
import { getDb, openDatabase, setCurrentDatabase } from '../db/database';
import { type DaybookDb, rowTables } from '../db/schema';
import { databaseNameFor, LOCAL_DATABASE } from '../db/identity';
import { observe } from '../live/observe';
import { pendingMutations } from '../write/outbox';
import { applyPull } from './pull-apply';
import { outboxCount } from '../read/queries';
import { refuseLocally } from './refusals';
import {
  assertSyncEpoch,
  claimSyncEpoch,
  getClientId,
  getLastSyncedAt,
  getRequestCursors,
  getOfflineSavedShown,
  setLastSyncedAt,
  setOfflineSavedShown,
} from './meta';

/**
 * One user's database as one engine's store. Every write is fenced by the sync epoch the engine
 * claimed (sync-meta.ts), checked inside the write's own transaction, so two engines on one
 * database — a tab that lost leadership and the tab that took it — never both write.
 */
export function createSyncStore(db: DaybookDb): SyncStore {
  let epoch: number | null = null;
  const fenced = <T>(write: () => Promise<T>): Promise<T> =>
    db.transaction('rw', [...rowTables(db), db.outbox, db.refused, db.meta], async () => {
      if (epoch !== null) await assertSyncEpoch(db, epoch);
      return write();
    });
  return {
    async claim() {
      epoch = await claimSyncEpoch(db);
    },
    clientId: () => getClientId(db),
    cursors: () => getRequestCursors(db),
    pending: (limit, after = 0) => pendingMutations(limit, db, after),
    pendingCount: () => outboxCount(db),
    observePending: (onCount, onError) => observe(() => outboxCount(db), onCount, onError),
    applyPull: (page, sent) => fenced(() => applyPull(page, db, sent)),
    refuseLocally: (items) => fenced(() => refuseLocally(items, db)),
    lastSyncedAt: () => getLastSyncedAt(db),
    setLastSyncedAt: (iso) => fenced(() => setLastSyncedAt(iso, db)),
    offlineSavedShown: () => getOfflineSavedShown(db),
    setOfflineSavedShown: (shown) => fenced(() => setOfflineSavedShown(shown, db)),
  };
}

/** Switches the app to `next`, closing the handle it replaces. */
function switchTo(next: DaybookDb) {
  const previous = getDb();
  if (previous === next) return;
  setCurrentDatabase(next);
  previous.close();
}

export const syncDatabases: SyncDatabases = {
  async openUser(userId) {
    const name = databaseNameFor(userId);
    const current = getDb();
    const db = current.name === name ? current : await openDatabase(name, userId);
    switchTo(db);
    // Moves daybook-local into this account once (idempotent across crashes); queued for upload.
    await adoptLocalData(db);
    return createSyncStore(db);
  },
  async openLocal() {
    switchTo(await openDatabase(LOCAL_DATABASE));
  },
  deleteUser: (userId) => deleteDatabase(databaseNameFor(userId)),
  pendingCount: () => outboxCount(getDb()),
};
