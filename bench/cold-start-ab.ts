// A/B offline cold start: several builds served on their own ports, cold starts alternated in one
// browser so the machine's load hits every variant alike. Usage: npx tsx bench/cold-start-ab.ts name=dist ...
// (env AB_STARTS, AB_TASKS, BENCH_PORT: the floor's port, the builds on the ports after it)
import { resolve } from 'node:path';
import { launchChromium, serve, stats } from './client-common.ts';
import { firstTaskProbe, readInbox, seedRows, writeFloorSite, writeRows } from './client-seed.ts';

const N = Number(process.env.AB_TASKS ?? 1000);
const STARTS = Number(process.env.AB_STARTS ?? 30);
const variants = process.argv.slice(2).map((a) => { const [name, dist] = a.split('='); return { name: name!, dist: resolve(dist!) }; });

const floorDir = resolve('.tmp/ab-floor');
writeFloorSite(floorDir);
const PORT = Number(process.env.BENCH_PORT ?? 4339);
const servers = await Promise.all(variants.map((v, i) => serve(v.dist, PORT + 1 + i)));
const floor = await serve(floorDir, PORT);
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const urls: string[] = [];
  for (const s of servers) {
    const page = await context.newPage();
    await page.goto(`${s.url}/today`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const { inboxId, lastListPosition } = await page.evaluate(readInbox);
    await page.evaluate(writeRows, seedRows(N, inboxId, lastListPosition));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    await page.waitForTimeout(1000);
    await page.close();
    urls.push(`${s.url}/today`);
  }
  const fp = await context.newPage();
  await fp.goto(`${floor.url}/index.html`);
  await fp.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  const cdp = await context.newCDPSession(fp);
  await cdp.send('ServiceWorker.enable');
  await context.setOffline(true);
  const names = [...variants.map((v) => v.name), 'floor'];
  const all = [...urls, `${floor.url}/`];
  const res: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const fcp: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const pic: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < STARTS + 2; i++) {
    for (let j = 0; j < all.length; j++) {
      const k = (i + j) % all.length; // rotate the order
      await cdp.send('ServiceWorker.stopAllWorkers');
      const page = await context.newPage();
      await page.addInitScript(firstTaskProbe);
      await page.goto(all[k]!, { waitUntil: 'commit' });
      const h = await page.waitForFunction(() => window.__firstTask, null, { timeout: 30_000 });
      const t = (await h.jsonValue()) as number;
      const f = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      // boot.js's picture of Today, if one was painted (it comes before the app's own rows).
      const p = await page.evaluate(() => window.__firstPicture ?? Number.NaN);
      await page.close();
      if (i >= 2) { res[names[k]!]!.push(t); fcp[names[k]!]!.push(f); if (!Number.isNaN(p)) pic[names[k]!]!.push(p); }
    }
  }
  const fl = stats(res.floor!).median;
  for (const n of names) {
    const s = stats(res[n]!); const f = stats(fcp[n]!);
    const p = pic[n]!.length ? stats(pic[n]!) : null;
    const picture = p ? `; picture of Today ${p.median.toFixed(1)} / p95 ${p.p95.toFixed(1)} ms, ${(p.median / fl).toFixed(2)}× floor (in ${p.n} of ${s.n})` : '';
    console.log(`${n}: first task ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} ms, FCP ${f.median.toFixed(0)} ms, ${(s.median / fl).toFixed(2)}× floor (n=${s.n})${picture}`);
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
  await floor.close();
}
