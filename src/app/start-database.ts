// The start's first phase: the data layer (Dexie) and the remembered user's database, opened
// before React and the router are evaluated. No network, no supabase-js: it opens offline too.
import { bootDatabase, getDb } from '@/data';
import { rememberedUserId } from '@/sync/stored-account';

/** Makes the remembered user's database (or the local one) the app's current one. */
export function bootRememberedDatabase(): void {
  bootDatabase(rememberedUserId());
}

/** Opens it now: the screen's first query then finds it open (or nearly). */
export function openDatabaseNow(): void {
  void getDb()
    .open()
    .catch(() => {}); // the screen's queries open it again and report what went wrong
}
