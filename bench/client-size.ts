// What the initial route (/today, first visit, no service worker yet) downloads: every JS and CSS
// file Chromium requests until the screen is up and the network idle, with raw and gzip sizes
// (zlib level 9, what a static host's precompressed files would be). The service worker's
// registration code loads after the first paint and is listed apart. Budget: under 200 KB gzip.
// Run: npx tsx bench/client-size.ts   (BENCH_REUSE_BUILD=1 to reuse .tmp/bench-client-dist)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, machine, productionBuild, serve } from './client-common.ts';

const BUDGET_GZIP = 200 * 1024;

interface Fetched {
  path: string;
  kind: 'js' | 'css';
  deferred: boolean;
}

/** Loaded by src/app/pwa.tsx after the app has rendered, not needed for the first screen. */
const DEFERRED = /\/assets\/(virtual_pwa-register|workbox-window)[^/]*\.js$/;

const dist = productionBuild();
const app = await serve(dist, Number(process.env.BENCH_PORT ?? 4318));
const browser = await launchChromium();
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const fetched: Fetched[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
    if (kind) fetched.push({ path, kind, deferred: DEFERRED.test(path) });
  });
  await page.goto(`${app.url}/today`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'New task' }).waitFor();
  await page.waitForLoadState('networkidle');

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const rows = fetched.map((f) => {
    const bytes = readFileSync(join(dist, f.path));
    return { ...f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (list: typeof rows, key: 'raw' | 'gzip') => list.reduce((a, r) => a + r[key], 0);
  const initial = rows.filter((r) => !r.deferred);
  const later = rows.filter((r) => r.deferred);

  console.log(`\n${machine(browser.version())}\n`);
  console.log('| file | kind | raw | gzip |');
  console.log('|---|---|---|---|');
  for (const r of [...initial].sort((a, b) => b.gzip - a.gzip)) console.log(`| ${r.path} | ${r.kind} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
  for (const kind of ['js', 'css'] as const) {
    const part = initial.filter((r) => r.kind === kind);
    console.log(`| **${kind.toUpperCase()} total (${part.length} files)** | | ${kb(sum(part, 'raw'))} | ${kb(sum(part, 'gzip'))} |`);
  }
  const total = sum(initial, 'gzip');
  console.log(`| **initial route total** | | ${kb(sum(initial, 'raw'))} | **${kb(total)}** |`);
  if (later.length) {
    console.log(`\nAfter the first paint (service worker registration): ${later.map((r) => `${r.path} ${kb(r.gzip)}`).join(', ')}`);
  }
  console.log(`\nBudget ${kb(BUDGET_GZIP)} gzip: ${total <= BUDGET_GZIP ? 'within' : 'OVER'} (${((total / BUDGET_GZIP) * 100).toFixed(0)} %).`);
  await context.close();
} finally {
  await browser.close();
  await app.close();
}
