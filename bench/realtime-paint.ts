// Live updates in the browser: time from a change made on one person's screen to it painted on
// another person's screen, both online, beside the floor of one push + one pull round trip
// measured in the same run.
//
// The production build served by the real server (server/index.ts, PGlite in a throwaway
// folder), Debian's Chromium driven by playwright-core. Two people, each in their own browser
// context, signed up through the UI; A shares a list with B (editor) through the share dialog;
// both have the list open. For each change A adds a task with quick add (Enter) and B's page
// reports when the new row is painted.
//
// Clocks: both pages run in the same browser on the same machine, so
// `performance.timeOrigin + t` (t from performance.now(), an event's timeStamp or a resource
// timing entry) is one timeline across them. The run checks that: B's reading taken between two
// readings of A must fall between them (reported as the worst disagreement).
//
// Run: npx tsx bench/realtime-paint.ts   (env BENCH_CHANGES, default 50; BENCH_WARMUP, default 5;
//      BENCH_PORT, default 4320; BENCH_DIST, default .tmp/bench-realtime-dist; BENCH_REUSE_BUILD=1)
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { signUpUser, listCreate, pull, pushOk, taskCreate } from '../tests/helpers/index.ts';
import { launchChromium, machine, ms, productionBuild, serve, stats } from './client-common.ts';

process.env.BENCH_DIST ??= '.tmp/bench-realtime-dist';
const N = Number(process.env.BENCH_CHANGES ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4320);
const PASSWORD = 'correct-horse-battery';
const log = (what: string) => console.error(`[realtime-paint] ${what}`);

declare global {
  interface Window {
    __paintAt?: Promise<number>;
    __enterAt?: number;
  }
}

// ---------------------------------------------------------------------------------------------
// In-page probes (times on the shared timeline: timeOrigin + page time).

/** B: resolves when the row titled `title` is painted (first frame after it is in the DOM). */
function armPaintProbe(title: string) {
  window.__paintAt = new Promise<number>((resolve) => {
    const present = () => document.querySelector(`input[type="checkbox"][aria-label="${CSS.escape(title)}"]`);
    const painted = () =>
      // requestAnimationFrame runs just before the frame's paint; a message posted from it is
      // handled right after that paint
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
        channel.port2.postMessage(null);
      });
    if (present()) return painted();
    const observer = new MutationObserver(() => {
      if (!present()) return;
      observer.disconnect();
      painted();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  });
}

/** A: records when Enter goes down in the quick add (the key event's own time stamp). */
function armEnterProbe() {
  window.__enterAt = undefined;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    window.__enterAt = performance.timeOrigin + e.timeStamp;
    document.removeEventListener('keydown', onKey, true);
  };
  document.addEventListener('keydown', onKey, true);
}

/** The sync RPCs this page made after `since` (shared timeline), from resource timing. */
function rpcTimings([fn, since]: [string, number]) {
  return performance
    .getEntriesByType('resource')
    .filter((e) => e.name.endsWith(`/rest/v1/rpc/${fn}`) && performance.timeOrigin + e.startTime >= since)
    .map((e) => {
      const r = e as PerformanceResourceTiming;
      return { start: performance.timeOrigin + r.startTime, end: performance.timeOrigin + r.responseEnd };
    });
}

// ---------------------------------------------------------------------------------------------

/** Follows the page's live-update channel (realtime:user:<id>) from its websocket frames. */
function watchLiveUpdates(page: Page): () => boolean {
  let subscribed = false;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/realtime/v1/websocket')) return;
    const joins = new Set<string>();
    const read = (payload: string | Buffer) => {
      try {
        const frame = typeof payload === 'string' ? (JSON.parse(payload) as unknown) : null;
        return Array.isArray(frame) && frame.length === 5 && String(frame[2]).startsWith('realtime:user:') ? frame : null;
      } catch {
        return null;
      }
    };
    socket.on('framesent', ({ payload }) => {
      const f = read(payload);
      if (f?.[3] === 'phx_join' && f[1]) joins.add(String(f[1]));
    });
    socket.on('framereceived', ({ payload }) => {
      const f = read(payload);
      if (f?.[3] === 'phx_reply' && f[1] && joins.delete(String(f[1]))) subscribed = f[4]?.status === 'ok';
      else if (f?.[3] === 'phx_close' || f?.[3] === 'phx_error') subscribed = false;
    });
    socket.on('close', () => {
      subscribed = false;
    });
  });
  return () => subscribed;
}

async function until(ok: () => boolean | Promise<boolean>, what: string, timeout = 30_000) {
  const end = Date.now() + timeout;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function synced(page: Page) {
  await page.getByRole('status', { name: 'Synced', exact: true }).waitFor({ timeout: 30_000 });
}

async function signUp(browser: Browser, url: string, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  // tsx compiles the probes with esbuild's keepNames, which calls a __name helper
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const page = await context.newPage();
  const subscribed = watchLiveUpdates(page);
  await page.goto(`${url}/sign-in`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor({ timeout: 30_000 });
  await synced(page);
  // resource timing keeps 250 entries by default; the run makes a few hundred requests
  await page.evaluate(() => performance.setResourceTimingBufferSize(100_000));
  return { context, page, subscribed };
}

/** How far B's timeline can be from A's: B read between two readings of A must lie within them. */
async function clockDisagreement(a: Page, b: Page): Promise<{ worst: number; bracket: number }> {
  const now = () => performance.timeOrigin + performance.now();
  let worst = 0;
  let bracket = 0;
  for (let i = 0; i < 20; i++) {
    const a1 = await a.evaluate(now);
    const bt = await b.evaluate(now);
    const a2 = await a.evaluate(now);
    worst = Math.max(worst, a1 - bt, bt - a2, 0);
    bracket = Math.max(bracket, a2 - a1);
  }
  return { worst, bracket };
}

async function main() {
  const dist = productionBuild();
  const app = await serve(dist, PORT);
  const browser = await launchChromium();
  try {
    const emailA = `bench-a-${randomUUID().slice(0, 8)}@example.com`;
    const emailB = `bench-b-${randomUUID().slice(0, 8)}@example.com`;
    const A = await signUp(browser, app.url, emailA);
    const B = await signUp(browser, app.url, emailB);
    log('signed up');

    // A makes a list and shares it with B through the share dialog.
    const name = 'Live bench';
    await A.page.goto(`${app.url}/lists`);
    await A.page.getByRole('button', { name: 'New list' }).click();
    await A.page.getByRole('dialog').getByRole('textbox', { name: 'List name' }).fill(name);
    await A.page.getByRole('dialog').getByRole('button', { name: 'Create list' }).click();
    await A.page.getByRole('list', { name: 'All lists' }).getByRole('link', { name }).click();
    await A.page.getByRole('heading', { level: 1, name }).waitFor();
    const listUrl = A.page.url();
    await A.page.getByRole('button', { name: 'Share', exact: true }).click();
    const share = A.page.getByRole('dialog', { name: `Share “${name}”` });
    await share.getByRole('textbox', { name: 'Email' }).fill(emailB);
    await share.getByRole('button', { name: 'Invite' }).click();
    await share.getByRole('button', { name: 'Close' }).click();
    await share.waitFor({ state: 'hidden' });
    await B.page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name }).waitFor({ timeout: 30_000 });
    await B.page.goto(listUrl);
    await B.page.getByRole('heading', { level: 1, name }).waitFor();
    await Promise.all([synced(A.page), synced(B.page)]);
    await until(() => A.subscribed() && B.subscribed(), 'both live-update channels');
    log('shared; both on the list');

    // The floor, in the same run: one push of one task + one pull that returns just it, by
    // supabase-js from Node as a third user alone in a list (nobody is poked).
    const carol = await signUpUser({ url: app.url, anonKey: await anonKey(app.url) });
    const floorList = randomUUID();
    const pusher = randomUUID();
    const puller = randomUUID();
    let floorId = 1;
    await pushOk(carol.client, pusher, [listCreate(floorId++, floorList, 'Floor')]);
    let cursors = (await pull(carol.client, puller, {})).data!.cursors;

    const box = A.page.getByRole('textbox', { name: 'New task' });
    const rows: { enter: number; pushStart: number; pushEnd: number; pullStart: number; pullEnd: number; paint: number }[] = [];
    const floors: number[] = [];
    for (let i = 0; i < WARMUP + N; i++) {
      const title = `Live change ${i}`;
      // new rows go to the end of B's (virtualised) list: keep that end on screen
      await B.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await B.page.evaluate(armPaintProbe, title);
      await box.fill(title);
      await A.page.evaluate(armEnterProbe);
      await box.press('Enter');
      const paint = await B.page.evaluate(() => Promise.race([window.__paintAt, new Promise<undefined>((r) => setTimeout(r, 15_000))]));
      const enter = await A.page.evaluate(() => window.__enterAt);
      if (paint === undefined || enter === undefined) throw new Error(`change ${i}: no paint on B (enter ${enter})`);
      await Promise.all([synced(A.page), synced(B.page)]);
      const [push] = await A.page.evaluate(rpcTimings, ['sync_push', enter] as [string, number]);
      const pulls = (await B.page.evaluate(rpcTimings, ['sync_pull', enter] as [string, number])).filter((p) => p.end <= paint);
      const pulled = pulls.at(-1);
      if (!push || !pulled) throw new Error(`change ${i}: no push on A or pull on B before the paint`);

      const t0 = performance.now();
      await pushOk(carol.client, pusher, [taskCreate(floorId++, randomUUID(), floorList, `Floor ${i}`)]);
      const answer = await pull(carol.client, puller, cursors);
      const floor = performance.now() - t0;
      if (answer.data?.tasks.length !== 1) throw new Error('the floor pull should return exactly the new task');
      cursors = answer.data.cursors;

      if (i >= WARMUP) {
        rows.push({ enter, pushStart: push.start, pushEnd: push.end, pullStart: pulled.start, pullEnd: pulled.end, paint });
        floors.push(floor);
      }
      if ((i + 1) % 10 === 0) log(`${i + 1} changes`);
    }
    const clocks = await clockDisagreement(A.page, B.page);

    const s = (f: (r: (typeof rows)[number]) => number) => stats(rows.map(f));
    const line = (x: { median: number; p95: number }) => `${ms(x.median)} / ${ms(x.p95)}`;
    const fromEnter = s((r) => r.paint - r.enter);
    const fromPush = s((r) => r.paint - r.pushStart);
    const fromAnswer = s((r) => r.paint - r.pushEnd);
    const floor = stats(floors);
    console.log(`\n${machine(browser.version())}; ${N} changes after ${WARMUP} warm-up, median / p95.`);
    console.log(`Clocks: B's timeline within ${ms(clocks.worst)} of A's (readings bracketed within ${ms(clocks.bracket)}).\n`);
    console.log('| from … | to B having painted the row |');
    console.log('|---|---|');
    console.log(`| A pressing Enter (includes the engine's 1 s wait after an edit) | ${line(fromEnter)} |`);
    console.log(`| A sending its push | **${line(fromPush)}** |`);
    console.log(`| A having its push answer (the e2e test's 2 s budget starts here) | ${line(fromAnswer)} |`);
    console.log(`| B's pull answered (apply + live query + render + paint) | ${line(s((r) => r.paint - r.pullEnd))} |`);
    console.log('\n| part | median / p95 |');
    console.log('|---|---|');
    console.log(`| Enter → A sends its push | ${line(s((r) => r.pushStart - r.enter))} |`);
    console.log(`| A's push round trip | ${line(s((r) => r.pushEnd - r.pushStart))} |`);
    console.log(`| A's push answered → B sends its pull (poke + 50 ms coalescing) | ${line(s((r) => r.pullStart - r.pushEnd))} |`);
    console.log(`| B's pull round trip | ${line(s((r) => r.pullEnd - r.pullStart))} |`);
    console.log(`| floor: one push + one pull round trip (supabase-js from Node) | ${line(floor)} |`);
    console.log(
      `\nratio to the floor (medians): from A's push ${(fromPush.median / floor.median).toFixed(1)}×, ` +
        `without the 50 ms coalescing delay ${((fromPush.median - 50) / floor.median).toFixed(1)}×; from Enter ${(fromEnter.median / floor.median).toFixed(1)}×`,
    );
    await A.context.close();
    await B.context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

async function anonKey(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  return config.supabaseAnonKey;
}

await main();
