// A new device's first sync in Chromium: an account with 50,000 tasks signs in on a fresh
// browser context through /sign-in, timed from pressing "Sign in" until every task is stored
// (the sync indicator says "Synced" and IndexedDB holds them all), with the progress bar's
// course and the page's peak JS heap while it happens. Beside a floor measured in the same run,
// in a page of the same origin with no app code: the same pages fetched with bare fetch() and
// thrown away, plus one IndexedDB transaction putting all the tasks (with the app's indexes).
//
// The production build served by the real server (server/index.ts; PGlite in a throwaway
// folder, or a fresh database on PostgreSQL 15 with TEST_PG_URL), Debian's Chromium driven by
// playwright-core. The heap is CDP Performance.getMetrics' JSHeapUsedSize of the page, sampled
// every 50 ms from Node (the service worker and the server are not in it).
//
// Run: npx tsx bench/first-sync-browser.ts pglite|pg   (env BENCH_TASKS, default 50,000;
//      BENCH_REPEAT, default 3; BENCH_DIST, default .tmp/bench-first-sync-dist; BENCH_REUSE_BUILD=1;
//      BENCH_SHOTS=<folder>: afterwards, untimed, screenshots of the bar mid-sync at 390×844
//      and 1280×800, light and dark)
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { signUpUser, type TestUser, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';
import { launchChromium, machine, productionBuild } from './client-common.ts';
import { median } from './sync-common.ts';

process.env.BENCH_DIST ??= '.tmp/bench-first-sync-dist';
const kind = kindFromArgs();
const N = Number(process.env.BENCH_TASKS ?? 50_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const SHOTS = process.env.BENCH_SHOTS;
const PASSWORD = 'correct-horse-battery';
const log = (what: string) => console.error(`[first-sync-browser ${kind}] ${what}`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

interface Probe {
  t0: number | null;
  syncing: boolean;
  bar: { t: number; now: number; max: number }[];
  barGoneAt: number | null;
  syncedAt: number | null;
}
declare global {
  interface Window {
    __probe?: Probe;
    __probeDone?: () => void;
    __probeBar?: (now: number, max: number) => void;
  }
}

// ---------------------------------------------------------------------------------------------
// In the page.

/** Watches the sign-in, the progress bar and the sync indicator (page times, performance.now()). */
function armProbe() {
  const probe: Probe = { t0: null, syncing: false, bar: [], barGoneAt: null, syncedAt: null };
  window.__probe = probe;
  document.addEventListener('submit', () => (probe.t0 ??= performance.now()), true);
  const check = () => {
    if (probe.t0 === null || probe.syncedAt !== null) return;
    const t = performance.now();
    const bar = document.querySelector('[role="progressbar"]');
    if (bar) {
      const now = Number(bar.getAttribute('aria-valuenow'));
      const max = Number(bar.getAttribute('aria-valuemax'));
      const last = probe.bar.at(-1);
      if (!last || last.now !== now || last.max !== max) {
        probe.bar.push({ t, now, max });
        window.__probeBar?.(now, max);
      }
    } else if (probe.bar.length && probe.barGoneAt === null) probe.barGoneAt = t;
    const label = document.querySelector('.sync-indicator[role="status"]')?.getAttribute('aria-label');
    if (label === 'Syncing') probe.syncing = true;
    if (label === 'Synced' && probe.syncing) {
      probe.syncedAt = t;
      window.__probeDone?.();
    }
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-valuenow', 'aria-valuemax', 'aria-label'],
  });
}

/** The sync_pull requests after `since`: start and response end (page times). */
function pullTimings(since: number) {
  return performance
    .getEntriesByType('resource')
    .filter((e) => e.name.endsWith('/rest/v1/rpc/sync_pull') && e.startTime >= since)
    .map((e) => ({ start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd, bytes: (e as PerformanceResourceTiming).encodedBodySize }));
}

/** Tasks stored in the signed-in user's database (read with bare IndexedDB). */
async function storedTasks(): Promise<number> {
  const account = JSON.parse(Object.values(localStorage).find((v) => v.includes('"signed-in"')) ?? 'null') as { userId: string } | null;
  if (!account) return -1;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(`daybook-${account.userId}`);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const n = await new Promise<number>((resolve, reject) => {
    const req = db.transaction('tasks').objectStore('tasks').count();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return n;
}

type FloorArgs = { url: string; headers: Record<string, string> };

/** Floor 1: every page with bare fetch, parsed and thrown away (cursors kept). */
async function floorFetch(args: FloorArgs) {
  const { headers } = args;
  const clientId = crypto.randomUUID();
  const t0 = performance.now();
  let cursors: Record<string, number> = {};
  let pages = 0;
  let rows = 0;
  for (;;) {
    const res = await fetch(`${args.url}/rest/v1/rpc/sync_pull`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ p_client_id: clientId, p_cursors: cursors, p_limit: 1000 }),
    });
    const page = (await res.json()) as { tasks: unknown[]; lists: unknown[]; members: unknown[]; departed: unknown[]; cursors: Record<string, number>; has_more: boolean };
    pages++;
    rows += page.tasks.length + page.lists.length + page.members.length + page.departed.length;
    cursors = page.cursors;
    if (!page.has_more) break;
  }
  return { ms: performance.now() - t0, pages, rows };
}

/** Floor 2: the same tasks (fetched untimed) put in one IndexedDB transaction, with the app's task indexes. */
async function floorStore(args: FloorArgs) {
  const { headers } = args;
  const clientId = crypto.randomUUID();
  const rows: Record<string, unknown>[] = [];
  let cursors: Record<string, number> = {};
  for (;;) {
    const res = await fetch(`${args.url}/rest/v1/rpc/sync_pull`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ p_client_id: clientId, p_cursors: cursors, p_limit: 1000 }),
    });
    const page = (await res.json()) as { tasks: Record<string, unknown>[]; cursors: Record<string, number>; has_more: boolean };
    // the stored row shape: derived index keys beside the public fields (src/data/db/schema.ts toTaskRow)
    for (const t of page.tasks) rows.push({ ...t, state: t.deleted_at ? 2 : t.done ? 1 : 0, due_time_key: t.due_time ?? '' });
    cursors = page.cursors;
    if (!page.has_more) break;
  }
  const name = `floor-${clientId}`;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore('tasks', { keyPath: 'id' });
      store.createIndex('[list_id+state+position]', ['list_id', 'state', 'position']);
      store.createIndex('[state+due_date+due_time_key+position]', ['state', 'due_date', 'due_time_key', 'position']);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('tasks', 'readwrite');
    const store = tx.objectStore('tasks');
    for (const row of rows) store.put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const ms = performance.now() - t0;
  db.close();
  indexedDB.deleteDatabase(name);
  return { ms, rows: rows.length };
}

// ---------------------------------------------------------------------------------------------
// From Node.

const MiB = 2 ** 20;

async function heapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

/** Samples the page's JS heap every 50 ms until stopped; returns the peak. */
function sampleHeap(cdp: CDPSession) {
  let peak = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await heapUsed(cdp));
      samples++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })().catch(() => undefined); // the page went away (a failed run): its own error is the one to report
  return async () => {
    running = false;
    await loop;
    peak = Math.max(peak, await heapUsed(cdp));
    return { peak, samples };
  };
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }, colorScheme: 'light' | 'dark' = 'light', bypassCSP = false) {
  const context = await browser.newContext({ viewport, colorScheme, serviceWorkers: 'allow', bypassCSP });
  // tsx compiles the probes with esbuild's keepNames, which calls a __name helper
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const page = await context.newPage();
  return { context, page };
}

/** Opens /sign-in with the service worker installed (its precache done) and the probe armed. */
async function atSignIn(page: Page, url: string, email: string) {
  await page.goto(`${url}/sign-in`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to sync' }).waitFor();
  await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 10_000))]));
  await page.evaluate(() => performance.setResourceTimingBufferSize(100_000));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  await page.exposeFunction('__probeDone', () => resolve());
  await page.evaluate(armProbe);
  // wrapped: an async function returning the promise itself would wait for it (until "Synced")
  return { done };
}

async function appRun(browser: Browser, url: string, email: string) {
  const { context, page } = await newPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const { done } = await atSignIn(page, url, email);
  await cdp.send('HeapProfiler.collectGarbage');
  const baseline = await heapUsed(cdp);
  const stop = sampleHeap(cdp);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('no "Synced" within 300 s')), 300_000))]);
  const heap = await stop();
  const probe = (await page.evaluate(() => window.__probe))!;
  const t0 = probe.t0!;
  const pulls = await page.evaluate(pullTimings, t0);
  const stored = await page.evaluate(storedTasks);
  if (stored !== N) throw new Error(`expected ${N} tasks stored at "Synced", found ${stored}`);
  const last = probe.bar.at(-1);
  const row = {
    total: probe.syncedAt! - t0,
    firstPullStart: (pulls[0]?.start ?? Number.NaN) - t0,
    lastPullEnd: (pulls.at(-1)?.end ?? Number.NaN) - t0,
    pulls: pulls.length,
    bytes: pulls.reduce((n, p) => n + p.bytes, 0),
    barShown: (probe.bar[0]?.t ?? Number.NaN) - t0,
    barFirst: probe.bar[0] ? `${probe.bar[0].now}/${probe.bar[0].max}` : 'never',
    barValues: probe.bar.length,
    barEnd: last && last.now === last.max ? last.t - t0 : Number.NaN,
    barLast: last ? `${last.now}/${last.max}` : 'never',
    barGone: (probe.barGoneAt ?? probe.syncedAt!) - t0,
    monotonic: probe.bar.every((b, i) => i === 0 || (b.now >= probe.bar[i - 1]!.now && b.max >= probe.bar[i - 1]!.max)),
    baseline: baseline / MiB,
    peak: heap.peak / MiB,
    samples: heap.samples,
  };
  await context.close();
  return row;
}

/** Signs in over bare HTTP (from Node): the floor's request headers. */
async function floorHeaders(url: string, anonKey: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token } = (await res.json()) as { access_token: string };
  return { apikey: anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
}

async function floorRun(browser: Browser, args: FloorArgs) {
  // /config.json is an API answer, served with `default-src 'none'` (server/security-headers.ts),
  // which would refuse the floor's fetches: its policy is bypassed in this context only
  const { context, page } = await newPage(browser, undefined, undefined, true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${args.url}/config.json`); // same origin, no app code
  await cdp.send('HeapProfiler.collectGarbage');
  const baseline = await heapUsed(cdp);
  const stop = sampleHeap(cdp);
  const fetched = await page.evaluate(floorFetch, args);
  const heap = await stop();
  const stored = await page.evaluate(floorStore, args);
  await context.close();
  return { fetchMs: fetched.ms, pages: fetched.pages, rows: fetched.rows, storeMs: stored.ms, stored: stored.rows, baseline: baseline / MiB, peak: heap.peak / MiB };
}

/** Untimed: screenshots of the bar part-way, on a phone and a desktop, light and dark (Today, then /sync). */
async function screenshots(browser: Browser, url: string, email: string, dir: string) {
  mkdirSync(dir, { recursive: true });
  const shots: [string, { width: number; height: number }, 'light' | 'dark', boolean][] = [
    ['phone-light-today', { width: 390, height: 844 }, 'light', false],
    ['phone-dark-sync', { width: 390, height: 844 }, 'dark', true],
    ['desktop-light-today', { width: 1280, height: 800 }, 'light', false],
    ['desktop-dark-sync', { width: 1280, height: 800 }, 'dark', true],
  ];
  for (const [name, viewport, scheme, syncCentre] of shots) {
    const { context, page } = await newPage(browser, viewport, scheme);
    let partWay!: () => void;
    const reached = new Promise<void>((r) => (partWay = r));
    await page.exposeFunction('__probeBar', (now: number, max: number) => {
      if (now >= max * 0.2) partWay();
    });
    const { done } = await atSignIn(page, url, email);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // no fade-in or width transition mid-shot
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    if (syncCentre) {
      await page.getByRole('progressbar').first().waitFor();
      await page.getByRole('link', { name: 'Sync' }).first().click();
    }
    await reached;
    await page.screenshot({ path: join(dir, `${name}.png`) });
    log(`screenshot ${name}`);
    await done;
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------

const dist = productionBuild();
const { srv, done } = await benchServer(kind, { distDir: dist });
const browser = await launchChromium();
try {
  const email = `first-sync-${newId().slice(0, 8)}@example.com`;
  const user: TestUser = await signUpUser(srv, email, PASSWORD);
  const seeder = newId();
  const lists = [user.userId, newId(), newId(), newId(), newId()];
  let id = 1;
  await pushOk(user.client, seeder, lists.slice(1).map((l, i) => listCreate(id++, l, `List ${i}`)));
  const seedStart = performance.now();
  for (let i = 0; i < N; i += 200) {
    const batch: RawMutation[] = Array.from({ length: Math.min(200, N - i) }, (_, k) =>
      taskCreate(id++, newId(), lists[(i + k) % lists.length]!, `Task ${i + k}`, { notes: (i + k) % 5 ? '' : 'some notes about this task' }),
    );
    await pushOk(user.client, seeder, batch);
  }
  log(`seeded ${fmt(N)} tasks in ${fmt((performance.now() - seedStart) / 1000, 1)} s; load average ${load()}`);

  const url = srv.url.replace(/\/$/, '');
  const apps: Awaited<ReturnType<typeof appRun>>[] = [];
  const floors: Awaited<ReturnType<typeof floorRun>>[] = [];
  const loads: string[] = [];
  for (let r = 0; r < REPEAT; r++) {
    loads.push(load());
    const floor = await floorRun(browser, { url, headers: await floorHeaders(url, srv.anonKey, email) });
    const app = await appRun(browser, url, email);
    floors.push(floor);
    apps.push(app);
    log(
      `run ${r + 1}: sign-in → Synced ${fmt(app.total / 1000, 2)} s (first pull at ${fmt(app.firstPullStart)} ms, last pull answered at ${fmt(app.lastPullEnd / 1000, 2)} s, ${app.pulls} pulls, ${fmt(app.bytes / MiB, 1)} MiB); ` +
        `bar shown at ${fmt(app.barShown)} ms (${app.barFirst}), ${app.barValues} values, last ${app.barLast}${Number.isNaN(app.barEnd) ? '' : ` at ${fmt(app.barEnd / 1000, 2)} s`}, gone at ${fmt(app.barGone / 1000, 2)} s, monotonic ${app.monotonic}; ` +
        `JS heap ${fmt(app.baseline, 1)} → peak ${fmt(app.peak, 1)} MiB (${app.samples} samples) | floor: fetch ${fmt(floor.fetchMs / 1000, 2)} s (${floor.pages} pages, ${fmt(floor.rows)} rows, heap ${fmt(floor.baseline, 1)} → ${fmt(floor.peak, 1)} MiB) + one IndexedDB transaction of ${fmt(floor.stored)} tasks ${fmt(floor.storeMs / 1000, 2)} s; load ${loads.at(-1)}`,
    );
  }
  const m = <T>(xs: T[], f: (x: T) => number) => median(xs.map(f));
  const appTotal = m(apps, (a) => a.total);
  const floorTotal = m(floors, (f) => f.fetchMs + f.storeMs);
  console.log(`\n${machine(browser.version())}; server on ${kind === 'pg' ? 'PostgreSQL 15' : 'PGlite'}; median of ${REPEAT}; load average before each run: ${loads.join(' | ')}, after: ${load()}\n`);
  console.log(`| ${fmt(N)} tasks | median |`);
  console.log('|---|---|');
  console.log(`| **sign-in → every task stored ("Synced")** | **${fmt(appTotal / 1000, 2)} s** (${fmt(N / (appTotal / 1000))} tasks/s) |`);
  console.log(`| … sign-in → first pull sent | ${fmt(m(apps, (a) => a.firstPullStart))} ms |`);
  console.log(`| … sign-in → last pull answered | ${fmt(m(apps, (a) => a.lastPullEnd) / 1000, 2)} s |`);
  console.log(`| … progress bar shown / reached its end / gone | ${fmt(m(apps, (a) => a.barShown))} ms / ${fmt(m(apps, (a) => a.barEnd) / 1000, 2)} s / ${fmt(m(apps, (a) => a.barGone) / 1000, 2)} s |`);
  console.log(`| … bar values seen (one per page) | ${fmt(m(apps, (a) => a.barValues))} of ${fmt(m(apps, (a) => a.pulls))} pulls |`);
  console.log(`| peak JS heap (at /sign-in after GC) | ${fmt(m(apps, (a) => a.peak), 1)} MiB (${fmt(m(apps, (a) => a.baseline), 1)} MiB) |`);
  console.log(`| floor: bare fetch of the same pages, parsed and dropped | ${fmt(m(floors, (f) => f.fetchMs) / 1000, 2)} s (peak heap ${fmt(m(floors, (f) => f.peak), 1)} MiB over ${fmt(m(floors, (f) => f.baseline), 1)}) |`);
  console.log(`| floor: one IndexedDB transaction putting all ${fmt(N)} tasks | ${fmt(m(floors, (f) => f.storeMs) / 1000, 2)} s |`);
  console.log(`| floor: both | ${fmt(floorTotal / 1000, 2)} s |`);
  console.log(`| ratio first sync / floor | ${fmt(appTotal / floorTotal, 1)}× |`);
  console.log(`| requests / data received (sync_pull bodies) | ${fmt(m(apps, (a) => a.pulls))} / ${fmt(m(apps, (a) => a.bytes) / MiB, 1)} MiB |`);

  if (SHOTS) await screenshots(browser, url, email, SHOTS);
} finally {
  await browser.close();
  await done();
}
