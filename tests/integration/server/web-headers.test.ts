// SPEC §12 "Web server": /config.json names the configured public
// URL or the server's own origin, never the request's Host; every response carries nosniff and
// a Referrer-Policy, pages a Content-Security-Policy that lets the app reach its backend only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../helpers/raw-http';
import { startTestServer, type TestServer } from '../../helpers/server';

const dist = mkdtempSync(join(tmpdir(), 'daybook-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(dist, 'sw.js'), 'self.v = 1;');
writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The directives of a CSP header, each as its list of sources. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe('web server headers and config (PGlite)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer('pglite', { distDir: dist });
  });
  afterAll(() => srv?.stop());

  it('/config.json names the server’s own origin whatever Host the request carries', async () => {
    for (const host of ['evil.example', `attacker.test:${new URL(srv.url).port}`, 'localhost']) {
      const r = await rawRequest(`${srv.url}/config.json`, { headers: { host } });
      expect(r.status).toBe(200);
      expect(r.json()).toEqual({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey, vapidPublicKey: srv.vapidPublicKey });
    }
  });

  it('pages carry a CSP that allows only this origin’s scripts and the backend, plus nosniff and a Referrer-Policy', async () => {
    for (const path of ['/', '/today', '/sw.js', '/assets/app-abc.js', '/missing.js']) {
      const r = await fetch(`${srv.url}${path}`);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      const csp = directives(r.headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('connect-src'), path).toEqual(["'self'", srv.url, srv.url.replace('http:', 'ws:')]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('worker-src'), path).toEqual(["'self'"]);
      expect(csp.get('manifest-src'), path).toEqual(["'self'"]);
    }
  });

  it('API answers carry nosniff and a Referrer-Policy too, and may not be framed', async () => {
    const answers = [
      await fetch(`${srv.url}/config.json`),
      await fetch(`${srv.url}/auth/v1/settings`),
      await fetch(`${srv.url}/auth/v1/user`),
      await fetch(`${srv.url}/rest/v1/rpc/sync_pull`, { method: 'POST', body: '{}' }),
      await fetch(`${srv.url}/rest/v1/rpc/sync_pull`, { method: 'OPTIONS' }),
      await fetch(`${srv.url}/rest/v1/nothing`),
    ];
    for (const r of answers) {
      expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), r.url).toBe('strict-origin-when-cross-origin');
      expect(directives(r.headers.get('content-security-policy')).get('frame-ancestors'), r.url).toEqual(["'none'"]);
    }
  });
});

describe('a configured public URL (PGlite)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer('pglite', { distDir: dist, publicUrl: 'https://daybook.example.com/' });
  });
  afterAll(() => srv?.stop());

  it('is what /config.json names, and what the CSP lets pages connect to', async () => {
    const r = await rawRequest(`${srv.url}/config.json`, { headers: { host: 'evil.example' } });
    expect(r.json()).toEqual({ supabaseUrl: 'https://daybook.example.com', supabaseAnonKey: srv.anonKey, vapidPublicKey: srv.vapidPublicKey });
    const page = await fetch(`${srv.url}/`);
    expect(directives(page.headers.get('content-security-policy')).get('connect-src')).toEqual([
      "'self'",
      'https://daybook.example.com',
      'wss://daybook.example.com',
    ]);
  });
});
