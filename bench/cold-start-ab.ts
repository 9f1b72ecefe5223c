// A/B offline cold start: several builds served on their own ports, cold starts alternated in one
// browser so the machine's load hits every variant alike. Usage: npx tsx bench/cold-start-ab.ts name=dist ...
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { toListRow, toTaskRow } from '../src/data/schema.ts';
import { addDays, todayIso } from '../src/lib/dates.ts';
import { LIST_COLORS, type List, type Task } from '../src/lib/model.ts';
import { positionsBetween } from '../src/lib/order.ts';
import { launchChromium, serve, stats } from './client-common.ts';

const N = Number(process.env.AB_TASKS ?? 1000);
const STARTS = Number(process.env.AB_STARTS ?? 30);
const variants = process.argv.slice(2).map((a) => { const [name, dist] = a.split('='); return { name: name!, dist: resolve(dist!) }; });

function firstTaskProbe() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('li input[type="checkbox"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { (window as unknown as { __firstTask?: number }).__firstTask = performance.now(); };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}
async function writeRows({ lists, tasks }: { lists: unknown[]; tasks: unknown[] }) {
  const db = await new Promise<IDBDatabase>((ok, fail) => { const req = indexedDB.open('daybook-local'); req.onsuccess = () => ok(req.result); req.onerror = () => fail(req.error); });
  await new Promise<void>((ok, fail) => { const tx = db.transaction(['lists', 'tasks'], 'readwrite'); for (const row of lists) tx.objectStore('lists').put(row); for (const row of tasks) tx.objectStore('tasks').put(row); tx.oncomplete = () => ok(); tx.onerror = () => fail(tx.error); });
  db.close();
}
async function readInbox(): Promise<{ inboxId: string; lastListPosition: string }> {
  const db = await new Promise<IDBDatabase>((ok, fail) => { const req = indexedDB.open('daybook-local'); req.onsuccess = () => ok(req.result); req.onerror = () => fail(req.error); });
  const read = <T,>(store: string, fn: (s: IDBObjectStore) => IDBRequest<T>) => new Promise<T>((ok, fail) => { const req = fn(db.transaction(store).objectStore(store)); req.onsuccess = () => ok(req.result); req.onerror = () => fail(req.error); });
  const meta = await read<{ value: string } | undefined>('meta', (s) => s.get('user_id'));
  const lists = await read<{ position: string }[]>('lists', (s) => s.getAll());
  db.close();
  return { inboxId: meta!.value, lastListPosition: lists.map((l) => l.position).sort().at(-1) ?? 'a0' };
}
function seedRows(n: number, inboxId: string, lastListPosition: string) {
  const now = new Date().toISOString(); const today = todayIso();
  const lists: List[] = positionsBetween(lastListPosition, null, 9).map((position, i) => ({ id: crypto.randomUUID(), owner_id: inboxId, name: `Project ${i + 1}`, color: LIST_COLORS[(i + 1) % LIST_COLORS.length]!, position, is_inbox: false, created_at: now, updated_at: now, deleted_at: null, version: 0 }));
  const listIds = [inboxId, ...lists.map((l) => l.id)];
  const perList = listIds.map((_, k) => Math.ceil((n - k) / listIds.length));
  const positions = perList.map((count) => (count > 0 ? positionsBetween(null, null, count) : []));
  const tasks: Task[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % listIds.length; const offset = -300 + ((i * 7) % 360); const done = offset < 0 ? i % 200 !== 0 : false;
    tasks.push({ id: crypto.randomUUID(), list_id: listIds[k]!, title: `Seeded task ${i}`, notes: i % 4 === 0 ? `Some notes for task ${i}` : '', due_date: i % 10 === 9 ? null : addDays(today, offset), due_time: i % 5 === 0 ? '09:30' : null, priority: (i % 4) as Task['priority'], done, done_at: done ? now : null, position: positions[k]![Math.floor(i / listIds.length)]!, created_by: inboxId, created_at: now, updated_at: now, deleted_at: null, version: 0 });
  }
  return { lists: lists.map(toListRow), tasks: tasks.map(toTaskRow) };
}

const floorDir = resolve('.tmp/ab-floor');
mkdirSync(floorDir, { recursive: true });
writeFileSync(`${floorDir}/index.html`, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><ul><li><input type="checkbox" aria-label="Floor task"> Floor task</li></ul><script src="/reg.js"></script></body></html>');
writeFileSync(`${floorDir}/reg.js`, "navigator.serviceWorker.register('/sw.js');\n");
writeFileSync(`${floorDir}/sw.js`, `self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.addAll(['/index.html', '/reg.js'])).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request.mode === 'navigate' ? '/index.html' : e.request).then((r) => r || fetch(e.request))));
`);
const servers = await Promise.all(variants.map((v, i) => serve(v.dist, 4340 + i)));
const floor = await serve(floorDir, 4339);
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
  for (let i = 0; i < STARTS + 2; i++) {
    for (let j = 0; j < all.length; j++) {
      const k = (i + j) % all.length; // rotate the order
      await cdp.send('ServiceWorker.stopAllWorkers');
      const page = await context.newPage();
      await page.addInitScript(firstTaskProbe);
      await page.goto(all[k]!, { waitUntil: 'commit' });
      const h = await page.waitForFunction(() => (window as unknown as { __firstTask?: number }).__firstTask, null, { timeout: 30_000 });
      const t = (await h.jsonValue()) as number;
      const f = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      await page.close();
      if (i >= 2) { res[names[k]!]!.push(t); fcp[names[k]!]!.push(f); }
    }
  }
  const fl = stats(res.floor!).median;
  for (const n of names) {
    const s = stats(res[n]!); const f = stats(fcp[n]!);
    console.log(`${n}: first task ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} ms, FCP ${f.median.toFixed(0)} ms, ${(s.median / fl).toFixed(2)}× floor (n=${s.n})`);
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
  await floor.close();
}
