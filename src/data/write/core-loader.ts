// Loads core.ts (every mutation's pure apply and the writes' input checks with the
// recurrence parser a repeat needs, about 7 KB gzip) when the first write
// comes rather than before the first paint. write() awaits it before opening its transaction;
// a commit inside a transaction someone else opened finds it loaded, or keeps that transaction
// alive with Dexie.waitFor while it loads (awaiting anything but Dexie would commit it early).
import Dexie from 'dexie';

type Core = typeof import('./core');

let core: Core | null = null;
let loading: Promise<Core> | null = null;

export function loadMutationCore(): Promise<Core> {
  if (core) return Dexie.Promise.resolve(core);
  loading ??= import('./core').then(
    (module) => {
      core = module;
      return module;
    },
    (err: unknown) => {
      loading = null; // offline before the chunk was cached: the next write tries again
      throw err;
    },
  );
  return Dexie.currentTransaction ? Dexie.waitFor(loading) : loading;
}
