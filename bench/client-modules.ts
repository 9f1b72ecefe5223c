// What is inside the initial route's JavaScript, module by module. Builds the app with hidden
// source maps and a manifest (the .js files are byte for byte what a plain build makes; only the
// .map files and .vite/manifest.json are added) and loads /today in Chromium (first visit, no
// service worker) as bench/client-size.ts does. The first screen is decided from the build, not
// by timing: the entry chunk and the /today route's chunks (src/routes/today.tsx, split by the
// router plugin) with everything they import statically. Whatever else Chromium fetches comes
// from a dynamic import the app makes later (the service worker's registration, quick add's
// parser on idle or focus); on a loaded machine those can land before the first contentful paint,
// which made the timing split of bench/quick-add-route.ts move a chunk from run to run.
// Each minified byte of a file is attributed to the source module its source map names. A
// module's gzip is its share of its file's gzip (level 9) in proportion to its minified bytes:
// an estimate, but the files' sums are exact.
// BENCH_SAVE=<json> keeps the result; BENCH_COMPARE=<json> prints, per module, what changed since.
// Run from the root of the checkout to measure (an old commit in a git worktree works too):
//   npx tsx bench/client-modules.ts          (BENCH_DIST, BENCH_REUSE_BUILD=1 as the other benches; BENCH_PORT, default 4320)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, machine, serve } from './client-common.ts';

const SW_REGISTRATION = /\/assets\/(virtual_pwa-register|workbox-window)[^/]*\.js$/;
/** The route whose first screen is measured, as the router plugin names its split chunks' sources. */
const ROUTE_SOURCE = /^src\/routes\/today\.tsx/;
/** …and the chunk vite.config.ts gathers that route's modules in (it has no source of its own). */
const ROUTE_CHUNK_NAME = 'today';
/** The app proper, which the entry imports (dynamically, once boot.js's picture is painted) and index.html preloads. */
const APP_SOURCE = /^src\/app\/start\.tsx$/;
type When = 'first' | 'sw' | 'after';

interface FileReport {
  path: string;
  when: When;
  raw: number;
  gzip: number;
  /** Source module → minified bytes in this file. */
  modules: Record<string, number>;
}

function build(): string {
  const dist = resolve(process.env.BENCH_DIST ?? '.tmp/bench-modules-dist');
  if (process.env.BENCH_REUSE_BUILD === '1' && existsSync(join(dist, 'index.html'))) return dist;
  const args = ['build', '--outDir', dist, '--emptyOutDir', '--sourcemap', 'hidden', '--manifest', '--logLevel', 'warn'];
  const res = spawnSync('node_modules/.bin/vite', args, { encoding: 'utf8', env: { ...process.env, DAYBOOK_BUILD_ID: 'bench' } });
  if (res.status !== 0) throw new Error(`vite build failed:\n${res.stdout}\n${res.stderr}`);
  return dist;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a source map's mappings into [line, column, source index] segment starts. */
function segments(mappings: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  let source = 0;
  mappings.split(';').forEach((line, lineNo) => {
    let column = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0]!;
      if (values.length >= 4) source += values[1]!;
      out.push([lineNo, column, values.length >= 4 ? source : -1]);
    }
  });
  return out;
}

/** A module's name without the path up to the checkout: src/…, or the package under node_modules. */
function moduleName(source: string): string {
  const path = source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '');
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return `npm:${pkg[1]}`;
  const src = path.indexOf('src/');
  return src >= 0 ? path.slice(src) : path;
}

function attribute(dist: string, path: string): Record<string, number> {
  const mapPath = join(dist, `${path}.map`);
  if (!existsSync(mapPath)) return { '(no source map)': readFileSync(join(dist, path)).length };
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const lines = readFileSync(join(dist, path), 'utf8').split('\n');
  const segs = segments(map.mappings);
  const bytes: Record<string, number> = {};
  const add = (name: string, n: number) => {
    bytes[name] = (bytes[name] ?? 0) + n;
  };
  // Bytes before the first segment, between lines and without a source: the bundler's glue.
  let covered = 0;
  for (let i = 0; i < segs.length; i++) {
    const [line, col, src] = segs[i]!;
    const next = segs[i + 1];
    const end = next && next[0] === line ? next[1] : lines[line]!.length;
    const n = Buffer.byteLength(lines[line]!.slice(col, end));
    covered += n;
    add(src >= 0 ? moduleName(map.sources[src]!) : '(bundler glue)', n);
  }
  const total = Buffer.byteLength(lines.join('\n'));
  if (total > covered) add('(bundler glue)', total - covered);
  return bytes;
}

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** '/assets/…js' of the entry, the app and the route's chunks, with all they import statically. */
function firstScreenFiles(dist: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const out = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (out.has(`/${chunk.file}`)) return;
    out.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = chunk.src ?? key;
    if (chunk.isEntry || APP_SOURCE.test(source) || ROUTE_SOURCE.test(source) || (chunk.name === ROUTE_CHUNK_NAME && !chunk.src)) visit(key);
  }
  return out;
}

const dist = build();
const first = firstScreenFiles(dist);
const app = await serve(dist, Number(process.env.BENCH_PORT ?? 4320));
const browser = await launchChromium();
let files: FileReport[] = [];
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${app.url}/today`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'New task' }).waitFor();
  await page.waitForLoadState('networkidle');
  const seen = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    entries: performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
      .filter((f) => /\.js$/.test(f.path)),
  }));
  const early: string[] = [];
  const missing = [...first].filter((path) => !seen.entries.some((f) => f.path === path));
  if (missing.length) throw new Error(`the build's first screen has files Chromium never fetched: ${missing.join(', ')}`);
  files = seen.entries.map((f) => {
    const bytes = readFileSync(join(dist, f.path));
    const when: When = first.has(f.path) ? 'first' : SW_REGISTRATION.test(f.path) ? 'sw' : 'after';
    if (when !== 'first' && f.start < seen.paint) early.push(f.path);
    return { path: f.path, when, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, modules: attribute(dist, f.path) };
  });
  console.log(`\n${machine(browser.version())}; first contentful paint at ${seen.paint.toFixed(0)} ms\n`);
  if (early.length) console.log(`Requested before the first contentful paint on this run, though loaded lazily: ${early.join(', ')}\n`);
  await context.close();
} finally {
  await browser.close();
  await app.close();
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
const names: Record<When, string> = { first: 'first screen', sw: 'service worker registration', after: 'after the first paint' };
console.log('| file | when | raw | gzip |');
console.log('|---|---|---|---|');
for (const f of [...files].sort((a, b) => a.when.localeCompare(b.when) || b.gzip - a.gzip)) {
  console.log(`| ${f.path} | ${names[f.when]} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
}
for (const when of ['first', 'sw', 'after'] as const) {
  const part = files.filter((f) => f.when === when);
  console.log(`| **${names[when]} (${part.length} files)** | | ${kb(part.reduce((a, f) => a + f.raw, 0))} | ${kb(part.reduce((a, f) => a + f.gzip, 0))} |`);
}

/** Module → estimated gzip bytes over the first screen's files. */
function firstScreenModules(list: FileReport[]): Map<string, { raw: number; gzip: number; file: string }> {
  const out = new Map<string, { raw: number; gzip: number; file: string }>();
  for (const f of list.filter((x) => x.when === 'first')) {
    const file = f.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
    for (const [name, raw] of Object.entries(f.modules)) {
      const prev = out.get(name) ?? { raw: 0, gzip: 0, file };
      out.set(name, { raw: prev.raw + raw, gzip: prev.gzip + (f.gzip * raw) / f.raw, file: prev.file === file ? file : `${prev.file}+${file}` });
    }
  }
  return out;
}

const now = firstScreenModules(files);
console.log('\nFirst screen by module (gzip estimated by share of minified bytes):\n');
console.log('| module | chunk | minified | gzip (est.) |');
console.log('|---|---|---|---|');
for (const [name, m] of [...now].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`| ${name} | ${m.file} | ${kb(m.raw)} | ${kb(m.gzip)} |`);

if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, JSON.stringify(files, null, 1));
if (process.env.BENCH_COMPARE) {
  const before = firstScreenModules(JSON.parse(readFileSync(process.env.BENCH_COMPARE, 'utf8')) as FileReport[]);
  const all = new Set([...before.keys(), ...now.keys()]);
  const rows = [...all]
    .map((name) => ({ name, was: before.get(name)?.gzip ?? 0, is: now.get(name)?.gzip ?? 0, chunk: now.get(name)?.file ?? `(was ${before.get(name)?.file})` }))
    .filter((r) => Math.abs(r.is - r.was) >= 20)
    .sort((a, b) => b.is - b.was - (a.is - a.was));
  console.log(`\nFirst screen since ${process.env.BENCH_COMPARE} (modules changed by 20 bytes or more):\n`);
  console.log('| module | chunk now | was | is | change |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.chunk} | ${kb(r.was)} | ${kb(r.is)} | ${r.is >= r.was ? '+' : ''}${kb(r.is - r.was)} |`);
  const sum = (m: Map<string, { gzip: number }>) => [...m.values()].reduce((a, x) => a + x.gzip, 0);
  console.log(`\nFirst screen JS gzip: ${kb(sum(before))} → ${kb(sum(now))} (${sum(now) >= sum(before) ? '+' : ''}${kb(sum(now) - sum(before))})`);
}
