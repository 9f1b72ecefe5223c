// The start's first phase: the data layer (Dexie) and the remembered user's database, opened
// before React and the router are evaluated. No network, no supabase-js: it opens offline too.
import { bootDatabase, getDb } from '@/data';

// Live queries' first runs wait their turn, one a task, while the first screen is made.
export { deferFirstRuns, endDeferredFirstRuns } from '@/data';
import { rememberedUserId } from '@/sync/stored-account';

/**
 * Makes the remembered user's database (or the local one) the app's current one and defines it
 * (Dexie's tables from every schema version), without opening it: the open is a task of its own.
 */
export function bootRememberedDatabase(): void {
  bootDatabase(rememberedUserId());
  getDb();
}

/**
 * Opens it now: the screen's first query then finds it open (or nearly). Resolves once it is open
 * and its identity made (or failed: the screen's queries open it again and report what went wrong).
 */
export function openDatabaseNow(): Promise<void> {
  return getDb()
    .open()
    .then(
      () => {},
      () => {},
    );
}
