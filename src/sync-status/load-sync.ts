// The sync facade (src/sync, which pulls in supabase-js) as the UI reaches it: loaded on demand —
// after the first paint when an account is remembered, or when the user opens sign-in — so it
// never enters the first screen's bundle. Until it has loaded, screens use the stored account
// (see use-sync-status.ts). How to load it is handed in by the app (setSyncLoader, from
// src/app/start.tsx: the composition root lives above this layer). Tests hand in a fake facade
// with provideSync().
import type { Sync, SyncListener } from '@/sync';
import { ACCOUNT_KEY, readStoredAccount } from '@/sync/stored-account';

export type SyncLoad = 'idle' | 'loading' | 'ready' | 'failed';
/** What the facade's account flows answer, for the screens that call them (features import no '@/sync'). */
export type { AuthAnswer, AuthLinkType, AuthOutcome } from '@/sync';
/** A share link's preview and join answers (the join page's). */
export type { LinkAnswer, LinkPreview, LinkProblem } from '@/sync';
/** A task's history and a list's activity (SPEC §17). */
export type { HistoryAnswer, HistoryEntry } from '@/sync';

let sync: Sync | null = null;
let loadFacade: () => Promise<Sync> = () => Promise.reject(new Error('No sync loader: src/app/start.tsx sets it'));
let loading: Promise<Sync> | null = null;
let state: SyncLoad = 'idle';
const listeners = new Set<() => void>();

function setState(next: SyncLoad) {
  state = next;
  for (const listener of [...listeners]) listener();
}

/** The facade, loading it first if needed. Rejects when it can't load (first start offline). */
export function loadSync(): Promise<Sync> {
  if (sync) return Promise.resolve(sync);
  if (!loading) {
    loading = loadFacade().then(
      (loaded) => {
        sync = loaded;
        setState('ready');
        return loaded;
      },
      (err: unknown) => {
        loading = null;
        setState('failed');
        throw err;
      },
    );
    setState('loading');
  }
  return loading;
}

/** How the facade is made: the app's composition root (src/app/sync-instance.ts), lazily. */
export function setSyncLoader(load: () => Promise<Sync>): void {
  loadFacade = load;
}

/** The facade if it has loaded, else null (nothing is loaded by asking). */
export function currentSync(): Sync | null {
  return sync;
}

export function syncLoadState(): SyncLoad {
  return state;
}

/** Called when the facade loads (or fails to); returns unsubscribe. */
export function onSyncLoad(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Hears the events of whichever facade is current: none until it loads, then that one, and a
 * new one when a test swaps it. `onLoad` runs after each load (or failure). Returns unsubscribe.
 */
export function followSync(listener: SyncListener, onLoad?: () => void): () => void {
  let attached: Sync | null = null;
  let detach: (() => void) | null = null;
  const attach = () => {
    if (sync === attached) return;
    detach?.();
    attached = sync;
    detach = sync?.subscribe(listener) ?? null;
  };
  attach();
  const offLoad = onSyncLoad(() => {
    attach();
    onLoad?.();
  });
  return () => {
    offLoad();
    detach?.();
  };
}

/** Tests: use this facade (a fake) instead of loading src/sync; null forgets it. */
export function provideSync(fake: Sync | null): void {
  sync = fake;
  loading = null;
  setState(fake ? 'ready' : 'idle');
}

const needsSync = () => readStoredAccount().state !== 'local';

let started = false;

/**
 * At boot, after the first paint: loads the facade when an account is remembered (it restores
 * the account and starts syncing), tries again when the network returns if that failed, and
 * follows another tab that signed in.
 */
export function startSyncWhenNeeded(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const quietly = () => void loadSync().catch((err: unknown) => console.warn('Sync could not start yet', err));
  if (needsSync()) quietly();
  window.addEventListener('online', () => {
    if (state === 'failed' && needsSync()) quietly();
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCOUNT_KEY && event.key !== null) return;
    const stored = readStoredAccount();
    if (stored.state === 'local') return; // signing out elsewhere: the facade follows by itself
    if (!sync) {
      quietly(); // restores the account another tab signed in to
      return;
    }
    // This tab's facade is still local: only a fresh start opens the new account's data
    // without racing the other tab's move of the local data. An account remembered as expired
    // while this tab is local is a tab that has not yet heard of this one's sign-out: not a
    // reason to come back to it.
    if (sync.getAccount().state === 'local' && stored.state === 'signed-in') window.location.reload();
  });
}

/** Runs `fn` once the browser has painted the first frame and is idle (or after 1 s). */
export function afterFirstPaint(fn: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
      else fn();
    }, 0),
  );
}
