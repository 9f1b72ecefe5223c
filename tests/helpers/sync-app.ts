// The whole sync facade as the app wires it (createSync over the real backend, pokes included),
// for account-flow tests: one "app" at a time per process, since the facade switches the current
// database. Its timers never fire unless a clock is given.
import ws from 'ws';
import { type Backend, createBackend, type KeyValueStorage, memoryStorage } from '@/backend';
import { syncDatabases } from '@/data/sync';
import { alwaysOnline } from '@/sync/environment';
import { soloLeadership } from '@/sync/leader';
import { createSync, type Sync } from '@/sync/facade';
import type { AuthPort, Clock } from '@/sync/ports';
import type { SyncEvent } from '@/sync/types';
import { FaultyTransport, manualClock } from './sync-device';

export interface App {
  sync: Sync;
  backend: Backend;
  events: SyncEvent[];
  /** The transport of the engine running now (faults can be injected into it). */
  transport(): FaultyTransport;
}

export interface AppStorage {
  /** supabase-js's session (localStorage in the browser). */
  session: KeyValueStorage;
  /** The remembered account (localStorage in the browser). */
  account: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function appStorage(): AppStorage {
  const map = new Map<string, string>();
  return {
    session: memoryStorage(),
    account: { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) },
  };
}

/** Opens the app (restoring a remembered account like a reload does). */
export async function openApp(
  server: { url: string; anonKey: string },
  storage: AppStorage,
  opts: { fetch?: typeof fetch; clock?: Clock } = {},
): Promise<App> {
  const backend = createBackend(
    { supabaseUrl: server.url, supabaseAnonKey: server.anonKey },
    { storage: storage.session, realtimeTransport: ws, autoRefreshToken: false, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
  );
  let current: FaultyTransport | null = null;
  const auth: AuthPort = {
    ...backend,
    transportFor: (userId) => {
      current = new FaultyTransport(backend.transportFor(userId));
      return current;
    },
  };
  const sync = createSync({ auth, databases: syncDatabases, storage: storage.account, clock: opts.clock ?? manualClock, environment: alwaysOnline, leadershipFor: () => soloLeadership() });
  const events: SyncEvent[] = [];
  sync.subscribe((e) => events.push(e));
  await sync.restore();
  return {
    sync,
    backend,
    events,
    transport() {
      if (!current) throw new Error('no engine running');
      return current;
    },
  };
}

/** A fetch that records "METHOD path status" and lets a test tamper with requests. */
export function recordingFetch(tamper: (path: string, headers: Headers) => 'offline' | undefined = () => undefined) {
  const calls: string[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    if (tamper(url.pathname, headers) === 'offline') {
      calls.push(`${method} ${url.pathname} offline`);
      throw new TypeError('fetch failed');
    }
    const res = await fetch(input, { ...init, headers });
    calls.push(`${method} ${url.pathname}${url.search.includes('grant_type') ? url.search : ''} ${res.status}`);
    return res;
  };
  return { fetch: wrapped, calls };
}
