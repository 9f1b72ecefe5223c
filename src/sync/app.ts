// The app's one Sync: created on first use (after the first paint), with the backend loaded
// lazily so supabase-js stays out of the first screen's bundle.
import { createSync, type Sync } from './sync';

let instance: Promise<Sync> | null = null;

export function getSync(): Promise<Sync> {
  instance ??= (async () => {
    const { loadBackend } = await import('@/backend');
    const sync = createSync({ auth: await loadBackend() });
    await sync.restore();
    return sync;
  })().catch((err: unknown) => {
    instance = null; // e.g. first start offline with no config yet: try again next time
    throw err;
  });
  return instance;
}
