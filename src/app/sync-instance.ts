// The composition root of the sync: the app's one Sync, wired to what implements its ports — the
// backend (supabase-js, loaded lazily so it stays out of the first screen's bundle) and the
// device's databases (src/data). src/sync itself sees only its ports (ports.ts). start.tsx hands
// getSync to the sync loader (src/sync-status/load-sync.ts), which loads this file on demand.
// '@/data/sync' is imported statically, by name: a dynamic import('@/data') would make the
// bundler keep the entry's whole namespace (export and import, pull, refusals…) in the chunk the
// first screen loads for its reads and writes.
import { syncDatabases } from '@/data/sync';
import { createSync, type Sync } from '@/sync/facade';

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
