// Many at once, in Chromium on the production build: with 10,000 tasks on the device, a list of
// 1,000 open tasks, "Select" → "Select all" → "Complete" clicked → the first frame in which the
// list shows none of them (SPEC §18's promise: on screen within 500 ms). Each run is undone from
// the toast's "Undo" (not measured) so the next completes the same 1,000 again.
// Run: npx tsx bench/bulk-paint.ts   (env BENCH_SIZE=10000 BENCH_BULK=1000 BENCH_RUNS=10,
//      BENCH_REUSE_BUILD=1 to skip the build). Prints a Markdown table for BENCHMARKS.md.
import { toTaskRow } from '../src/data/db/schema.ts';
import { positionsBetween } from '../src/lib/order.ts';
import { launchChromium, machine, ms, productionBuild, serve, stats } from './client-common.ts';
import { readInbox, seedRows, writeRows } from './client-seed.ts';

const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const BULK = Number(process.env.BENCH_BULK ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = 2;
const APP_PORT = 4319;
const NAME = 'Bulk';
/** As the app writes the count in the page's locale (en-GB). */
const COUNT = BULK.toLocaleString('en-GB');

declare global {
  interface Window {
    __gone?: Promise<number>;
    __clickAt?: number;
  }
}

/** Arms a probe: resolves with when the page first paints a frame with no row of `scope`, after the next click. */
function armGone(scope: string) {
  window.__clickAt = undefined;
  const onClick = (e: MouseEvent) => {
    window.__clickAt = e.timeStamp;
    document.removeEventListener('click', onClick, true);
  };
  document.addEventListener('click', onClick, true);
  window.__gone = new Promise<number>((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll(`${scope} [data-task-id]`).length > 0) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

async function main() {
  const dist = productionBuild();
  const app = await serve(dist, APP_PORT);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow', locale: 'en-GB' });
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`${app.url}/today`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const { inboxId, lastListPosition } = await page.evaluate(readInbox);
    const seeded = seedRows(SIZE, inboxId, lastListPosition);
    const now = new Date().toISOString();
    const bulk = { ...(seeded.lists[0] as object), id: crypto.randomUUID(), name: NAME, position: `${lastListPosition}z` };
    const rows = positionsBetween(null, null, BULK).map((position, i) =>
      toTaskRow({
        id: crypto.randomUUID(), list_id: bulk.id, title: `Bulk task ${i}`, notes: '', due_date: null, due_time: null, priority: 0,
        done: false, done_at: null, position, created_by: inboxId, created_at: now, updated_at: now, deleted_at: null, version: 0,
      }),
    );
    await page.evaluate(writeRows, { lists: [...seeded.lists, bulk], tasks: [...seeded.tasks, ...rows] });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: new RegExp(`^${NAME}`) }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    console.error(`seeded ${SIZE} tasks and a list of ${BULK}`);

    const scope = `.virtual-list[aria-label="${NAME} tasks"]`;
    const bar = page.getByRole('toolbar', { name: 'Selected tasks' });
    const samples: number[] = [];
    for (let i = 0; i < RUNS + WARMUP; i++) {
      await page.locator(`${scope} [data-task-id]`).first().waitFor();
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await bar.getByRole('button', { name: 'Select all' }).click();
      await bar.getByRole('status').filter({ hasText: `${COUNT} selected` }).waitFor();
      await page.evaluate(armGone, scope);
      await bar.getByRole('button', { name: 'Complete' }).click();
      const [gone, clickAt] = await page.evaluate(async () => [
        await Promise.race([window.__gone, new Promise<undefined>((r) => setTimeout(r, 15_000))]),
        window.__clickAt,
      ]);
      if (gone === undefined || clickAt === undefined) throw new Error('the completed rows stayed on screen');
      if (i >= WARMUP) samples.push(gone - clickAt);
      const toast = page.getByRole('status').filter({ hasText: `Completed ${COUNT} tasks` });
      await toast.getByRole('button', { name: 'Undo' }).click();
      await page.waitForTimeout(300);
    }
    const s = stats(samples);
    console.log(`Machine: ${machine(browser.version())}\n`);
    console.log('| with | rows | median | p95 | max |');
    console.log('|---|---|---|---|---|');
    console.log(`| "Complete" on ${BULK} selected → a frame without them | ${BULK} of ${SIZE + BULK} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(Math.max(...samples))} |`);
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
