import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, startTestServer, type TestServer } from '../../helpers/server';

describe('static files, config and process behaviour (PGlite)', () => {
  let srv: TestServer;
  const dist = mkdtempSync(join(tmpdir(), 'daybook-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>v1</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.v = 1;');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Daybook"}');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    srv = await startTestServer('pglite', { distDir: dist });
  });
  afterAll(async () => {
    await srv?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves config.json that a supabase-js client can use as is', async () => {
    const res = await fetch(`${srv.url}/config.json`);
    expect(res.status).toBe(200);
    const cfg = (await res.json()) as { supabaseUrl: string; supabaseAnonKey: string };
    expect(cfg).toEqual({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey, vapidPublicKey: srv.vapidPublicKey });
    // the VAPID public key PushManager.subscribe takes: an uncompressed P-256 point
    expect(Buffer.from(srv.vapidPublicKey, 'base64url')).toHaveLength(65);
    const c = newClient(cfg.supabaseUrl, cfg.supabaseAnonKey);
    const { data, error } = await c.auth.signUp({ email: `cfg-${Date.now()}@example.test`, password: 'secret12' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  it('serves files with the right caching and falls back to index.html for app routes', async () => {
    for (const path of ['/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await fetch(`${srv.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await fetch(`${srv.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const deep = await fetch(`${srv.url}/lists/123`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(await deep.text()).toContain('<title>v1</title>');
    expect((await fetch(`${srv.url}/missing.js`)).status).toBe(404);
    // an escape attempt never reaches outside the folder: at most it gets the app shell
    expect(await (await fetch(`${srv.url}/..%2f..%2fetc%2fpasswd`)).text()).not.toContain('root:');
  });

  it('reads files from disk on every request, so a swapped build is served at once', async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>v2</title>');
    expect(await (await fetch(`${srv.url}/`)).text()).toContain('v2');
    expect(await (await fetch(`${srv.url}/today`)).text()).toContain('v2');
  });

  it('answers CORS preflight for the API', async () => {
    const res = await fetch(`${srv.url}/rest/v1/rpc/sync_pull`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('the CLI prints one ready line, keeps its keys across restarts, explains a taken port and stops on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'daybook-cli-'));
    const port = await freePort();
    const env = { ...process.env, PORT: String(port), DAYBOOK_DATA: data, DAYBOOK_DIST: dist, DATABASE_URL: '' };
    try {
      const first = await startCli(env);
      expect(first.line).toBe(`Daybook is running at http://127.0.0.1:${port}`);
      const config1 = (await (await fetch(`http://127.0.0.1:${port}/config.json`)).json()) as { supabaseAnonKey: string; vapidPublicKey: string };

      const clash = await runToExit(env);
      expect(clash.code).toBe(1);
      expect(clash.stderr).toContain(`Port ${port} is already in use`);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = await startCli(env);
      const config2 = (await (await fetch(`http://127.0.0.1:${port}/config.json`)).json()) as { supabaseAnonKey: string; vapidPublicKey: string };
      expect(config2.supabaseAnonKey).toBe(config1.supabaseAnonKey);
      expect(config2.vapidPublicKey).toBe(config1.vapidPublicKey);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function startCli(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const line = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.on('exit', () => reject(new Error(`server exited before it was ready: ${out}`)));
  });
  return line.then((l) => ({ child, line: l, exited }));
}

function runToExit(env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}
