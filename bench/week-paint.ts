// Week at size, in Chromium on the production build: with 10,000 tasks on the device, "Next week"
// clicked → every task of that week painted, beside the list screen opened from the sidebar →
// its rows painted, for a list holding as many open tasks as that week (same run, same page).
// SPEC §18's promise: the week in at most 2× the list's time.
// Run: npx tsx bench/week-paint.ts   (env BENCH_SIZE=10000 BENCH_RUNS=20, BENCH_REUSE_BUILD=1 to
//      skip the build). Prints a Markdown table for BENCHMARKS.md.
import type { Page } from 'playwright-core';
import { toTaskRow } from '../src/data/db/schema.ts';
import { weekStartOf } from '../src/domain/week.ts';
import type { Task } from '../src/domain/model.ts';
import { addDays, todayIso } from '../src/lib/dates.ts';
import { positionsBetween } from '../src/lib/order.ts';
import { launchChromium, machine, ms, productionBuild, serve, stats } from './client-common.ts';
import { readInbox, seedRows, writeRows } from './client-seed.ts';

const SIZE = Number(process.env.BENCH_SIZE ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;
const APP_PORT = 4318;

declare global {
  interface Window {
    __shown?: Promise<number>;
    __clickAt?: number;
  }
}

/** Arms a probe: resolves with when the page first paints `count` task rows inside `scope` (and `marker` exists), after the next click. */
function armRows([marker, scope, count]: [string, string, number]) {
  window.__clickAt = undefined;
  const onClick = (e: MouseEvent) => {
    window.__clickAt = e.timeStamp;
    document.removeEventListener('click', onClick, true);
  };
  document.addEventListener('click', onClick, true);
  window.__shown = new Promise<number>((resolveShown) => {
    const ready = () => document.querySelector(marker) !== null && document.querySelectorAll(`${scope} li input[type="checkbox"]`).length >= count;
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolveShown(performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function measure(page: Page, marker: string, scope: string, count: number, click: () => Promise<void>): Promise<number> {
  await page.evaluate(armRows, [marker, scope, count] as [string, string, number]);
  await click();
  const [shown, clickAt] = await page.evaluate(async () => [
    await Promise.race([window.__shown, new Promise<undefined>((r) => setTimeout(r, 15_000))]),
    window.__clickAt,
  ]);
  if (shown === undefined || clickAt === undefined) throw new Error(`${marker}: rows not shown`);
  return shown - clickAt;
}

async function main() {
  const dist = productionBuild();
  const app = await serve(dist, APP_PORT);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow', locale: 'en-GB' });
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    await context.addInitScript(() => localStorage.setItem('daybook-week-start', '1'));
    const page = await context.newPage();
    await page.goto(`${app.url}/today`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const { inboxId, lastListPosition } = await page.evaluate(readInbox);
    const seeded = seedRows(SIZE, inboxId, lastListPosition);
    // The next week's open tasks, and a list of as many open, undated tasks to compare with.
    const next = weekStartOf(addDays(todayIso(), 7), 1);
    const inWeek = (seeded.tasks as Task[]).filter((t) => !t.done && t.due_date && t.due_date >= next && t.due_date <= addDays(next, 6)).length;
    const now = new Date().toISOString();
    const compare = { ...(seeded.lists[0] as object), id: crypto.randomUUID(), name: 'Same size', position: `${lastListPosition}z` };
    const positions = positionsBetween(null, null, inWeek);
    const rows = positions.map((position, i) =>
      toTaskRow({
        id: crypto.randomUUID(), list_id: compare.id, title: `Compared task ${i}`, notes: '', due_date: null, due_time: null, priority: 0,
        done: false, done_at: null, position, created_by: inboxId, created_at: now, updated_at: now, deleted_at: null, version: 0,
      }),
    );
    await page.evaluate(writeRows, { lists: [...seeded.lists, compare], tasks: [...seeded.tasks, ...rows] });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    console.error(`seeded ${SIZE} tasks; the next week holds ${inWeek} open tasks`);

    const week: number[] = [];
    const list: number[] = [];
    await page.goto(`${app.url}/week`);
    await page.getByRole('heading', { level: 1, name: 'Week' }).waitFor();
    const thisWeek = (await page.locator('.screen-subtitle').textContent()) ?? '';
    for (let i = 0; i < RUNS + WARMUP; i++) {
      // "Next week", then back (not measured), so each run goes to a week not on screen
      const t = await measure(page, `section[data-week-day="${next}"]`, '.week-grid', inWeek, () => page.getByRole('button', { name: 'Next week' }).click());
      if (i >= WARMUP) week.push(t);
      await page.getByRole('button', { name: 'Previous week' }).click();
      await page.locator('.screen-subtitle', { hasText: thisWeek }).waitFor();

      // the list of as many tasks, opened from the sidebar (its rows virtualised, as always)
      const l = await measure(page, '.virtual-list[aria-label="Same size tasks"]', 'main', 12, () => page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: /^Same size/ }).click());
      if (i >= WARMUP) list.push(l);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Week', exact: true }).click();
      await page.locator('.screen-subtitle', { hasText: thisWeek }).waitFor();
      await page.waitForTimeout(100);
    }
    const w = stats(week);
    const s = stats(list);
    console.log(`Machine: ${machine(browser.version())}\n`);
    console.log('| with | rows | median | p95 |');
    console.log('|---|---|---|---|');
    console.log(`| Week: "Next week" → its tasks painted | ${inWeek} | ${ms(w.median)} | ${ms(w.p95)} |`);
    console.log(`| List screen: sidebar link → its rows painted | ${inWeek} (virtualised) | ${ms(s.median)} | ${ms(s.p95)} |`);
    console.log(`\nRatio week / list (medians): ${(w.median / s.median).toFixed(2)} (${SIZE} tasks on the device, ${RUNS} runs each)`);
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
