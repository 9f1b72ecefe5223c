// Where the backend is: VITE_SUPABASE_URL + VITE_SUPABASE_ANON_KEY baked in at build time, or
// (a build without them, served by the local stand-in) GET /config.json. The last good answer
// is remembered so the app still starts its sync engine when it opens offline.
export interface BackendConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The server's VAPID public key (base64url) for Web Push reminders; absent: no push. */
  vapidPublicKey?: string;
}

export class BackendConfigError extends Error {
  override readonly name = 'BackendConfigError';
}

const CACHE_KEY = 'daybook-backend-config';

type Env = Record<string, string | boolean | undefined>;

/** Validates a config from any source; throws BackendConfigError with what is wrong. */
export function parseConfig(raw: unknown, source: string): BackendConfig {
  const value = (raw ?? {}) as Record<string, unknown>;
  const url = value.supabaseUrl;
  const key = value.supabaseAnonKey;
  if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url)) {
    throw new BackendConfigError(`${source}: supabaseUrl must be an http(s) URL`);
  }
  if (typeof key !== 'string' || key.trim() === '') {
    throw new BackendConfigError(`${source}: supabaseAnonKey is missing`);
  }
  const vapid = value.vapidPublicKey;
  // optional: a backend without one still syncs, it just sends no reminders by push
  const push = typeof vapid === 'string' && /^[A-Za-z0-9_-]{87}$/.test(vapid) ? { vapidPublicKey: vapid } : {};
  return { supabaseUrl: url.replace(/\/+$/, ''), supabaseAnonKey: key.trim(), ...push };
}

/** The build-time config, or null when the build has none (then /config.json is used). */
export function configFromEnv(env: Env | undefined): BackendConfig | null {
  const url = env?.VITE_SUPABASE_URL;
  const key = env?.VITE_SUPABASE_ANON_KEY;
  if (!url && !key) return null;
  return parseConfig({ supabaseUrl: url, supabaseAnonKey: key, vapidPublicKey: env?.VITE_VAPID_PUBLIC_KEY }, 'VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY');
}

export interface LoadConfigOptions {
  env?: Env;
  fetch?: typeof fetch;
  /** Where /config.json is; default the page's origin. */
  configUrl?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  timeoutMs?: number;
}

let loaded: Promise<BackendConfig> | null = null;

/** The app's config, read once per page. */
export function loadConfig(opts: LoadConfigOptions = {}): Promise<BackendConfig> {
  loaded ??= readConfig(opts).catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

export async function readConfig(opts: LoadConfigOptions = {}): Promise<BackendConfig> {
  // written out in full so Vite replaces it at build time (undefined under plain Node)
  const fromEnv = configFromEnv(opts.env ?? (import.meta.env as Env | undefined));
  if (fromEnv) return fromEnv;
  const storage = opts.storage === undefined ? (globalThis.localStorage ?? null) : opts.storage;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const url = opts.configUrl ?? '/config.json';
  try {
    const res = await doFetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
    if (!res.ok) throw new BackendConfigError(`${url} answered HTTP ${res.status}`);
    const config = parseConfig(await res.json(), url);
    storage?.setItem(CACHE_KEY, JSON.stringify(config));
    return config;
  } catch (err) {
    const cached = storage?.getItem(CACHE_KEY);
    if (cached) return parseConfig(JSON.parse(cached), 'the remembered config');
    if (err instanceof BackendConfigError) throw err;
    throw new BackendConfigError(`Could not load ${url}: ${(err as Error).message}`);
  }
}
