import { describe, expect, it } from 'vitest';
import { BackendConfigError, configFromEnv, readConfig } from '@/backend';

function store(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const good = { supabaseUrl: 'http://127.0.0.1:4173', supabaseAnonKey: 'anon' };

describe('config from the build (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY)', () => {
  it.each([
    { name: 'absent: use /config.json', env: {}, result: null },
    { name: 'both set', env: { VITE_SUPABASE_URL: 'https://x.supabase.co/', VITE_SUPABASE_ANON_KEY: ' k ' }, result: { supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'k' } },
  ])('$name', ({ env, result }) => {
    expect(configFromEnv(env)).toEqual(result);
  });
  it.each([
    [{ VITE_SUPABASE_URL: 'https://x.supabase.co' }, /supabaseAnonKey is missing/],
    [{ VITE_SUPABASE_ANON_KEY: 'k' }, /supabaseUrl must be an http\(s\) URL/],
    [{ VITE_SUPABASE_URL: 'x.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' }, /supabaseUrl must be an http\(s\) URL/],
  ])('half a config is an error with a clear message: %j', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });
});

describe('config from GET /config.json', () => {
  it('reads it and remembers it', async () => {
    const storage = store();
    const urls: string[] = [];
    const config = await readConfig({ env: {}, storage, fetch: async (url) => {
        urls.push(String(url));
        return json(good);
      },
    });
    expect(config).toEqual(good);
    expect(urls).toEqual(['/config.json']);
    expect(JSON.parse(storage.map.get('daybook-backend-config')!)).toEqual(good);
  });

  it('offline, the remembered config is used', async () => {
    const storage = store({ 'daybook-backend-config': JSON.stringify(good) });
    const config = await readConfig({ env: {}, storage, fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(config).toEqual(good);
  });

  it('offline with nothing remembered: a clear error', async () => {
    await expect(readConfig({ env: {}, storage: store(), fetch: async () => Promise.reject(new TypeError('fetch failed')) })).rejects.toThrow(
      'Could not load /config.json: fetch failed',
    );
  });

  it('a broken answer is an error, not a half config', async () => {
    await expect(readConfig({ env: {}, storage: store(), fetch: async () => json({ supabaseUrl: 'nope' }) })).rejects.toBeInstanceOf(BackendConfigError);
    await expect(readConfig({ env: {}, storage: store(), fetch: async () => json({}, 404) })).rejects.toThrow('/config.json answered HTTP 404');
  });

  it('the build-time config wins and nothing is fetched', async () => {
    const config = await readConfig({
      env: { VITE_SUPABASE_URL: 'https://p.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' },
      fetch: async () => {
        throw new Error('must not fetch');
      },
    });
    expect(config.supabaseUrl).toBe('https://p.supabase.co');
  });
});
