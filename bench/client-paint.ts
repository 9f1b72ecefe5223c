// Client speed in Chromium on the production build, with 0, 1,000 and 10,000 tasks stored:
//  - quick add: Enter pressed in "New task" → the new row painted (on Today and on a list screen),
//    beside a bare IndexedDB put+commit measured in the same page;
//  - offline cold start: service worker stopped, network off, open /today → first task painted,
//    beside an empty page precached by a minimal service worker.
// Run: npx tsx bench/client-paint.ts   (env BENCH_SIZES=0,1000,10000 BENCH_WRITES=50 BENCH_STARTS=20, BENCH_PHASE=fixed,
//      BENCH_REUSE_BUILD=1 to skip the build). Prints a Markdown table for BENCHMARKS.md.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, machine, ms, productionBuild, serve, stats } from './client-common.ts';
import { firstTaskProbe, readInbox, seedRows, writeFloorSite, writeRows } from './client-seed.ts';

const SIZES = (process.env.BENCH_SIZES ?? '0,1000,10000').split(',').map(Number);
const WRITES = Number(process.env.BENCH_WRITES ?? 50);
const STARTS = Number(process.env.BENCH_STARTS ?? 20);
const WARMUP = 5;
const APP_PORT = 4316;
const log = (n: number, what: string) => console.error(`[${n} tasks] ${what}`);
/**
 * Each write starts at its own moment within the display's frame: a wait of one of ten steps
 * across a 60 Hz frame (and a random part of a step) before Enter, and before the floor's put.
 * Without it a run's writes keep one phase against the frames (the loop's own waits are whole
 * frames), and a whole run lands in the first frame after the row or all in the second, so the
 * same build measured 0.8× in one run and 1.8× in the next. BENCH_PHASE=fixed: no such wait.
 */
const SPREAD = process.env.BENCH_PHASE !== 'fixed';
const FRAME_MS = 1000 / 60;
const phases = (count: number) => Array.from({ length: count }, (_, i) => (SPREAD ? (((i * 7) % 10) + Math.random()) * (FRAME_MS / 10) : 0));
const FLOOR_PORT = 4317;

declare global {
  interface Window {
    __paint?: Promise<number>;
    __enterAt?: number;
  }
}

// ---------------------------------------------------------------------------------------------
// In-page probes. "Painted" = the first frame after the row is in the DOM: requestAnimationFrame
// runs just before that frame's paint, and a message posted from it is handled right after.

/** Arms a probe for the row titled `title`; resolves with the time it was painted. */
function armRowProbe(title: string) {
  window.__enterAt = undefined;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    window.__enterAt = e.timeStamp;
    document.removeEventListener('keydown', onKey, true);
  };
  document.addEventListener('keydown', onKey, true);
  window.__paint = new Promise<number>((resolvePaint) => {
    const present = () => document.querySelector(`input[type="checkbox"][aria-label="${CSS.escape(title)}"]`);
    const observer = new MutationObserver(() => {
      if (!present()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolvePaint(performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  });
}

async function idbPutCommit([count, withPaint, waits]: [number, boolean, number[]]): Promise<number[]> {
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const req = indexedDB.open('bench-floor', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('kv', { keyPath: 'id' });
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  const out: number[] = [];
  for (let i = 0; i < count + 5; i++) {
    const wait = waits[i] ?? 0;
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    const t0 = performance.now();
    await new Promise<void>((ok, fail) => {
      const tx = db.transaction('kv', 'readwrite');
      tx.objectStore('kv').put({ id: crypto.randomUUID(), title: `floor ${i}`, n: i });
      tx.oncomplete = () => ok();
      tx.onerror = () => fail(tx.error);
    });
    if (withPaint) {
      // …then the next frame, the least any visible change costs.
      await new Promise<void>((ok) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => ok();
          channel.port2.postMessage(null);
        }),
      );
    }
    if (i >= 5) out.push(performance.now() - t0);
  }
  db.close();
  return out;
}

// ---------------------------------------------------------------------------------------------

async function quickAdds(page: Page, label: string): Promise<number[]> {
  const box = page.getByRole('textbox', { name: 'New task' });
  const out: number[] = [];
  const waits = phases(WRITES + WARMUP);
  for (let i = 0; i < WRITES + WARMUP; i++) {
    const title = `Bench ${label} ${i}`;
    // New rows go to the end: keep the end of the (virtualised) list on screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(50);
    // Typed without scrolling the box into view (fill() would), so the end of the list, where
    // the new row goes, stays on screen.
    await box.evaluate((el: HTMLInputElement, value: string) => {
      el.focus({ preventScroll: true });
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, title);
    await page.evaluate(armRowProbe, title);
    if (waits[i]) await page.waitForTimeout(waits[i]!);
    await page.keyboard.press('Enter');
    const [paintedAt, enterAt] = await page.evaluate(async () => [
      await Promise.race([window.__paint, new Promise<undefined>((r) => setTimeout(r, 10_000))]),
      window.__enterAt,
    ]);
    if (enterAt === undefined || paintedAt === undefined) throw new Error(`no paint seen for "${title}" (enter ${enterAt}, paint ${paintedAt})`);
    if (i >= WARMUP) out.push(paintedAt - enterAt);
  }
  return out;
}

async function coldStarts(
  context: BrowserContext,
  url: string,
  stopWorkers: () => Promise<void>,
): Promise<{ firstTask: number[]; fcp: number[]; picture: number[] }> {
  const out: number[] = [];
  const fcps: number[] = [];
  const pictures: number[] = [];
  for (let i = 0; i < STARTS + 2; i++) {
    await stopWorkers();
    const page = await context.newPage();
    await page.addInitScript(firstTaskProbe);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => window.__firstTask, null, { timeout: 30_000 });
    const t = (await handle.jsonValue()) as number;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    // public/boot.js's picture of Today, when it painted one (its rows come before the app's own).
    const picture = await page.evaluate(() => window.__firstPicture ?? Number.NaN);
    if (i >= 2) {
      out.push(t);
      fcps.push(fcp);
      if (!Number.isNaN(picture)) pictures.push(picture);
    }
    await page.close();
  }
  return { firstTask: out, fcp: fcps, picture: pictures };
}

async function main() {
  const dist = productionBuild();
  const floorDir = resolve('.tmp/bench-client-floor');
  writeFloorSite(floorDir);
  const app = await serve(dist, APP_PORT);
  const floor = await serve(floorDir, FLOOR_PORT);
  const browser = await launchChromium();
  const writeRowsOut: string[] = [];
  const startRowsOut: string[] = [];
  try {
    for (const n of SIZES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
      // tsx compiles these probes with esbuild's keepNames, which calls a __name helper.
      await context.addInitScript('globalThis.__name ??= (fn) => fn;');
      const page = await context.newPage();
      await page.goto(`${app.url}/today`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      const { inboxId, lastListPosition } = await page.evaluate(readInbox);
      const seeded = seedRows(n, inboxId, lastListPosition);
      await page.evaluate(writeRows, seeded);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
      log(n, 'seeded');
      const today = stats(await quickAdds(page, 'on-Today'));
      await page.goto(`${app.url}/lists/${inboxId}`);
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      const inboxOpen = await page.evaluate(() => document.querySelector('.screen-subtitle')?.textContent ?? '');
      log(n, 'quick add on Today measured');
      const list = stats(await quickAdds(page, 'inbox'));
      log(n, 'quick add on the list measured');
      const writeFloor = stats(await page.evaluate(idbPutCommit, [WRITES, false, []] as [number, boolean, number[]]));
      const frameFloor = stats(await page.evaluate(idbPutCommit, [WRITES, true, phases(WRITES + 5)] as [number, boolean, number[]]));
      await page.close();

      // Visit the floor page once online so its worker precaches it.
      const floorPage = await context.newPage();
      await floorPage.goto(`${floor.url}/index.html`);
      await floorPage.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      const cdp = await context.newCDPSession(floorPage);
      await cdp.send('ServiceWorker.enable');
      const stopWorkers = async () => {
        await cdp.send('ServiceWorker.stopAllWorkers');
      };
      await context.setOffline(true);
      log(n, 'offline');
      const starts = await coldStarts(context, `${app.url}/today`, stopWorkers);
      const start = stats(starts.firstTask);
      const shell = stats(starts.fcp);
      const picture = starts.picture.length ? stats(starts.picture) : null;
      const startFloor = stats((await coldStarts(context, `${floor.url}/`, stopWorkers)).firstTask);
      await context.close();

      const line = (a: { median: number; p95: number }) => `${ms(a.median)} / ${ms(a.p95)}`;
      const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
      const count = n.toLocaleString('en-GB');
      writeRowsOut.push(
        `| ${count} | ${line(today)} | ${line(list)} (${inboxOpen}) | ${line(writeFloor)} | ${line(frameFloor)} | ` +
          `${ratio(today.median, writeFloor.median)} / ${ratio(list.median, writeFloor.median)} | ` +
          `${ratio(today.median, frameFloor.median)} / ${ratio(list.median, frameFloor.median)} |`,
      );
      startRowsOut.push(
        `| ${count} | ${picture ? `${line(picture)} (${picture.n} of ${starts.firstTask.length})` : '—'} | ${line(start)} | ${line(shell)} | ${line(startFloor)} | ` +
          `${picture ? ratio(picture.median, startFloor.median) : '—'} / ${ratio(start.median, startFloor.median)} |`,
      );
      log(n, 'done');
    }
    console.log(
      `\n${machine(browser.version())}; ${WRITES} writes and ${STARTS} cold starts per size, after warm-up; ` +
        `${SPREAD ? 'each write (and each floor put + frame) started at a spread phase of the frame' : 'writes at a fixed phase (BENCH_PHASE=fixed)'}.\n`,
    );
    console.log(
      '| tasks stored | quick add → row painted, Today (median / p95) | … on the Inbox list screen | floor: IndexedDB put+commit | floor: put+commit + next frame | ratio to put+commit (Today / list) | ratio to put+commit + frame |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of writeRowsOut) console.log(row);
    console.log(
      '\n| tasks stored | offline cold start → picture of Today painted (boot.js; median / p95) | … the app\'s first task painted | … first contentful paint | floor: empty precached page | ratio picture / app |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const row of startRowsOut) console.log(row);
  } finally {
    await browser.close();
    await app.close();
    await floor.close();
  }
}

await main();
