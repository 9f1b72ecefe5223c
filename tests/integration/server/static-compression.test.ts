// The static host answers like a CDN: the build's text files go out as the brotli or
// gzip copy made once by precompress(), chosen by Accept-Encoding, with Vary; hashed assets are
// immutable; a copy older than its file is never served.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../server/precompress.ts';
import { startTestServer, type TestServer } from '../../helpers/server';

const JS = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word ${i}`))};\n`;

function get(url: string, encoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the static host', () => {
  let dist: string;
  let srv: TestServer;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'daybook-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Daybook</title>${'<!-- padding -->'.repeat(100)}`);
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), JS);
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
    await precompress(dist);
    srv = await startTestServer('pglite', { distDir: dist });
  }, 120_000);
  afterAll(async () => {
    await srv?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, plain to the rest', async () => {
    const br = await get(`${srv.url}/assets/app-abc123.js`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).toString()).toBe(JS);
    expect(br.body.length).toBeLessThan(JS.length / 3);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get(`${srv.url}/assets/app-abc123.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);

    const plain = await get(`${srv.url}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(JS);
  });

  it('the app shell is compressed too and never cached; tiny files go as they are', async () => {
    const page = await get(`${srv.url}/lists/anything`, 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>Daybook</title>');
    const tiny = await get(`${srv.url}/assets/tiny-abc123.js`, 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('a file rebuilt after its copies were made is served as it is now, never the stale copy', async () => {
    const file = join(dist, 'assets', 'app-abc123.js');
    writeFileSync(file, `${JS}// rebuilt\n`);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const res = await get(`${srv.url}/assets/app-abc123.js`, 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('// rebuilt');
  });
});
