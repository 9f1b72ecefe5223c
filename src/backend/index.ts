// The only place that imports supabase-js. createBackend() makes the client (every request
// with a 15 s deadline) and returns the AuthPort the sync layer uses, which also hands out the
// RPC transport for a user and a user's live pokes (Realtime).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { AuthPort } from '@/sync/ports';
import { createAuth, type KeyValueStorage, watchSessionRemoval } from './auth';
import { openInvitationLink, stopInvitationMail } from './invitation-link';
import { type BackendConfig, type LoadConfigOptions, loadConfig } from './config';
import { createPushRegistry, type PushRegistry } from './push';
import { watchRefreshes } from './revoked-session';
import { REQUEST_TIMEOUT_MS, timeoutFetch } from './timeout-fetch';

export { AUTH_MESSAGES, describeAuthError, type KeyValueStorage } from './auth';
export { type BackendConfig, BackendConfigError, configFromEnv, loadConfig, parseConfig, readConfig } from './config';
export { POKE_EVENT, readPoke, subscribePokes } from './pokes';
export { type PushDevice, type PushRegistry, PushRegistryError } from './push';
export { REQUEST_TIMEOUT_MS, timeoutFetch } from './timeout-fetch';
export { classify, createRpcTransport } from './transport';

export const AUTH_STORAGE_KEY = 'daybook-auth';

export interface BackendOptions {
  /** Where the session lives; default localStorage (in memory where there is none). */
  storage?: KeyValueStorage;
  /** The network; tests wrap it to inject faults. Default globalThis.fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Refresh the access token in the background before it expires (default true). */
  autoRefreshToken?: boolean;
  /** The WebSocket class for Realtime (pokes); Node 20 has none, pass `ws` there. Default: the global one. */
  realtimeTransport?: unknown;
}

export interface Backend extends AuthPort {
  supabase: SupabaseClient;
  /** This device's Web Push subscription on the server. */
  push: PushRegistry;
  /**
   * Runs `hook` at each signOut(), before the session goes (it may still call the server;
   * failures and anything past 3 s are let go: signing out works offline). Returns its removal.
   */
  beforeSignOut(hook: () => Promise<void>): () => void;
}

const BEFORE_SIGN_OUT_MS = 3000;

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export function createBackend(config: BackendConfig, opts: BackendOptions = {}): Backend {
  const storage = opts.storage ?? (globalThis.localStorage as KeyValueStorage | undefined) ?? memoryStorage();
  const removal = watchSessionRemoval(storage, AUTH_STORAGE_KEY);
  const refreshes = watchRefreshes(timeoutFetch(opts.fetch ?? ((...args) => globalThis.fetch(...args)), opts.timeoutMs ?? REQUEST_TIMEOUT_MS));
  const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      storage: removal.storage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: opts.autoRefreshToken ?? true,
      detectSessionInUrl: false,
    },
    global: { fetch: refreshes.fetch },
    ...(opts.realtimeTransport ? { realtime: { transport: opts.realtimeTransport as never } } : {}),
  });
  const auth = createAuth(supabase, storage, AUTH_STORAGE_KEY, removal.removedHere, config.supabaseAnonKey, refreshes.lastRefusedAsRevoked);
  const hooks = new Set<() => Promise<void>>();
  const backend: Backend = {
    supabase,
    ...auth,
    push: createPushRegistry(supabase),
    openInvitation: (token) => openInvitationLink(supabase, token),
    stopInvitationMail: (token) => stopInvitationMail(supabase, token),
    beforeSignOut(hook) {
      hooks.add(hook);
      return () => void hooks.delete(hook);
    },
    async signOut(scope) {
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, BEFORE_SIGN_OUT_MS));
      await Promise.race([Promise.allSettled([...hooks].map((hook) => hook())), deadline]);
      await auth.signOut(scope);
    },
  };
  return backend;
}

let current: Backend | null = null;

/** The page's backend once loadBackend() has made it (the sync facade does), else null. */
export function currentBackend(): Backend | null {
  return current;
}

/** The app's backend: config from the build or /config.json, session in localStorage. */
export async function loadBackend(opts: LoadConfigOptions & BackendOptions = {}): Promise<Backend> {
  current = createBackend(await loadConfig(opts), opts);
  return current;
}
