// The app's one Sync, and the one place it is wired to what implements its ports: the backend
// (supabase-js, loaded lazily so it stays out of the first screen's bundle) and the device's
// databases (src/data). Everything else in src/sync sees only ports.ts; the linter allows
// these two imports here and nowhere else in the folder.
import { createSync, type Sync } from './facade';

let instance: Promise<Sync> | null = null;

export function getSync(): Promise<Sync> {
  instance ??= (async () => {
    const [{ loadBackend }, { syncDatabases }] = await Promise.all([import('@/backend'), import('@/data')]);
    const sync = createSync({ auth: await loadBackend(), databases: syncDatabases });
    await sync.restore();
    return sync;
  })().catch((err: unknown) => {
    instance = null; // e.g. first start offline with no config yet: try again next time
    throw err;
  });
  return instance;
}
