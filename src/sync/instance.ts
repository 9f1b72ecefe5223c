// The app's one Sync, and the one place it is wired to what implements its ports: the backend
// (supabase-js, loaded lazily so it stays out of the first screen's bundle) and the device's
// databases (src/data). Everything else in src/sync sees only ports.ts; the linter allows
// these two imports here and nowhere else in the folder. '@/data' is imported statically, by name:
// this file is itself loaded lazily (with '@/sync'), and a dynamic import('@/data') made the
// bundler keep the entry's whole namespace (export and import, pull, refusals…) in the chunk the
// first screen loads for its reads and writes.
import { syncDatabases } from '@/data/sync';
import { createSync, type Sync } from './facade';

let instance: Promise<Sync> | null = null;

export function getSync(): Promise<Sync> {
  instance ??= (async () => {
    const { loadBackend } = await import('@/backend');
    const sync = createSync({ auth: await loadBackend(), databases: syncDatabases });
    await sync.restore();
    return sync;
  })().catch((err: unknown) => {
    instance = null; // e.g. first start offline with no config yet: try again next time
    throw err;
  });
  return instance;
}
