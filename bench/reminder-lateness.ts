// Reminder lateness on the device: from a reminder's due instant to the notification shown by the
// leader tab (SPEC §11.4), beside the floor of a bare timer to the same instant + the same
// showNotification call, measured in the same page.
//
// The production build served by the real server (server/index.ts, PGlite in a throwaway folder),
// Debian's Chromium driven by playwright-core, notifications allowed, local-only mode, the page
// visible (in front). Reminders fire on whole minutes except snoozes, which carry any instant, so
// the bench stores N dated tasks whose reminders are snoozed to instants SPACING ms apart
// (straight into the app's IndexedDB, rows shaped as the data layer stores them), reloads, and
// lets the app's own scheduler show them in real time: one timer to the next fire, the shown
// record claimed in IndexedDB, then registration.showNotification.
// An init script wraps ServiceWorkerRegistration.prototype.showNotification to record, per tag,
// when it was called and when its promise resolved (the notification is shown), on the page's
// timeline (performance.timeOrigin + performance.now()).
//
// Run: npx tsx bench/reminder-lateness.ts   (env BENCH_REMINDERS, default 50; BENCH_SPACING_MS,
//      default 600; BENCH_PORT, default 4330; BENCH_DIST, default .tmp/bench-reminder-dist;
//      BENCH_REUSE_BUILD=1). Build under the shared lock: flock /tmp/daybook-e2e.lock npx tsx …
import { launchChromium, machine, ms, productionBuild, serve, stats } from './client-common.ts';

process.env.BENCH_DIST ??= '.tmp/bench-reminder-dist';
const N = Number(process.env.BENCH_REMINDERS ?? 50);
const SPACING = Number(process.env.BENCH_SPACING_MS ?? 600);
const PORT = Number(process.env.BENCH_PORT ?? 4330);
const LEAD_MS = 4000;
const log = (what: string) => console.error(`[reminder-lateness] ${what}`);

interface ShowRecord {
  tag: string;
  called: number;
  shown: number;
}

declare global {
  interface Window {
    __shows?: ShowRecord[];
  }
}

function recordShows() {
  window.__shows = [];
  const proto = ServiceWorkerRegistration.prototype;
  const real = proto.showNotification;
  proto.showNotification = async function (this: ServiceWorkerRegistration, title: string, options?: NotificationOptions) {
    const called = performance.timeOrigin + performance.now();
    await real.call(this, title, options);
    window.__shows!.push({ tag: options?.tag ?? '', called, shown: performance.timeOrigin + performance.now() });
  };
}

/** Stores `n` tasks due today, each with a reminder snoozed to its own instant from `first`. */
async function seed([n, first, spacing]: [number, number, number]) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('daybook-local');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const meta = await new Promise<{ value: string }>((resolve) => {
    const r = db.transaction('meta').objectStore('meta').get('user_id');
    r.onsuccess = () => resolve(r.result);
  });
  const inbox = meta.value;
  const today = new Date(first).toISOString().slice(0, 10);
  const now = new Date().toISOString();
  const tx = db.transaction(['tasks', 'reminders'], 'readwrite');
  const fires: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    const at = first + i * spacing;
    fires[`reminder:${id}:${today}`] = at;
    tx.objectStore('tasks').put({
      id,
      list_id: inbox,
      title: `Reminder ${i}`,
      notes: '',
      due_date: today,
      due_time: '23:59',
      priority: 0,
      done: false,
      done_at: null,
      position: `a${String(i).padStart(4, '0')}`,
      created_by: inbox,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
      repeat: null,
      repeat_anchor: null,
      state: 0,
      due_time_key: '23:59',
    });
    tx.objectStore('reminders').put({
      task_id: id,
      list_id: inbox,
      offset_minutes: 0,
      snoozed_until: new Date(at).toISOString(),
      snoozed_occurrence: today,
      version: 0,
      updated_at: now,
    });
  }
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  return fires;
}

/** The floor: a bare timer to each instant, then the same showNotification call. */
async function floor([n, first, spacing]: [number, number, number]) {
  const registration = (await navigator.serviceWorker.getRegistration())!;
  const out: { late: number; shown: number }[] = [];
  for (let i = 0; i < n; i++) {
    const at = first + i * spacing;
    await new Promise<void>((resolve) => {
      setTimeout(
        async () => {
          const called = performance.timeOrigin + performance.now();
          await registration.showNotification(`Floor ${i}`, { tag: `floor:${i}`, body: 'x' });
          out.push({ late: called - at, shown: performance.timeOrigin + performance.now() - at });
          resolve();
        },
        Math.max(0, at - (performance.timeOrigin + performance.now())),
      );
    });
  }
  return out;
}

async function main() {
  const dist = productionBuild();
  const server = await serve(dist, PORT);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ permissions: ['notifications'], timezoneId: 'UTC', viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    await context.addInitScript(recordShows);
    const page = await context.newPage();
    await page.goto(`${server.url}/today`);
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 });
    // The first instant lies past the reload and the app's start; the day must not change meanwhile.
    let first = Date.now() + LEAD_MS + 2000;
    if (new Date(first).toISOString().slice(0, 10) !== new Date(first + N * SPACING + 60_000).toISOString().slice(0, 10)) {
      throw new Error('The UTC day changes during the run; run it again after midnight');
    }
    const fires = await page.evaluate(seed, [N, first, SPACING] as [number, number, number]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    log(`seeded ${N} reminders, first in ${((first - Date.now()) / 1000).toFixed(1)} s, ${SPACING} ms apart`);
    const last = first + (N - 1) * SPACING;
    await page.waitForFunction((n) => (window.__shows?.length ?? 0) >= n, N, { timeout: last - Date.now() + 60_000, polling: 200 });
    const shows = (await page.evaluate(() => window.__shows!)).filter((s) => s.tag in fires);
    const missing = N - new Set(shows.map((s) => s.tag)).size;
    const calledLate = shows.map((s) => s.called - fires[s.tag]!);
    const shownLate = shows.map((s) => s.shown - fires[s.tag]!);
    const early = calledLate.filter((d) => d < 0).length;

    first = Date.now() + 1000;
    const floorRuns = await page.evaluate(floor, [N, first, SPACING] as [number, number, number]);
    const version = browser.version();
    const app = { called: stats(calledLate), shown: stats(shownLate) };
    const base = { called: stats(floorRuns.map((r) => r.late)), shown: stats(floorRuns.map((r) => r.shown)) };
    console.log(`Machine: ${machine(version)}`);
    console.log(`${N} reminders ${SPACING} ms apart; shown ${shows.length}, missing ${missing}, called early ${early}`);
    console.log('| | due → showNotification called | due → notification shown (promise resolved) |');
    console.log('|---|---|---|');
    console.log(`| app (leader tab scheduler) | ${ms(app.called.median)} / ${ms(app.called.p95)} | ${ms(app.shown.median)} / ${ms(app.shown.p95)} |`);
    console.log(`| floor: bare setTimeout + showNotification | ${ms(base.called.median)} / ${ms(base.called.p95)} | ${ms(base.shown.median)} / ${ms(base.shown.p95)} |`);
    console.log(`ratio (median shown): ${(app.shown.median / base.shown.median).toFixed(1)}×; difference ${ms(app.shown.median - base.shown.median)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
