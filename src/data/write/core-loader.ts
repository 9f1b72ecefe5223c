// Loads core.ts (every mutation's pure apply and the writes' input checks with the
// recurrence parser a repeat needs, about 7 KB gzip) when the first write
// comes rather than before the first paint. write() awaits it before opening its transaction;
// a commit inside a transaction someone else opened finds it loaded, or keeps that transaction
// alive with Dexie.waitFor while it loads (awaiting anything but Dexie would commit it early).
import Dexie from 'dexie';
import { loadOnce } from '@/lib/load-once';

export type MutationCore = typeof import('./core');

const core = loadOnce(() => import('./core'));

/** The module if it has loaded: a write that finds it need not wait a turn for it. */
export function mutationCore(): MutationCore | null {
  return core.loaded();
}

export function loadMutationCore(): Promise<MutationCore> {
  const ready = mutationCore();
  if (ready) return Dexie.Promise.resolve(ready);
  return Dexie.currentTransaction ? Dexie.waitFor(core.load()) : core.load();
}
