// Shared by the Chromium client benches (client-paint, cold-start-ab): seeding the app's
// IndexedDB, the first-task probe and the floor site for an offline cold start.
import { mkdirSync, writeFileSync } from 'node:fs';
import { toListRow, toTaskRow } from '../src/data/db/schema.ts';
import { addDays, todayIso } from '../src/lib/dates.ts';
import { LIST_COLORS, type List, type Task } from '../src/domain/model.ts';
import { positionsBetween } from '../src/lib/order.ts';

declare global {
  interface Window {
    __firstTask?: number;
    __firstPicture?: number;
  }
}

/**
 * Init script: records when the first task row (a list item's checkbox) is painted by the app
 * (`__firstTask`), and when public/boot.js's picture of Today is painted (`__firstPicture`; its
 * rows sit in a closed shadow root, so the host's `data-snapshot` attribute is what can be seen).
 * The floor page has no picture: its first task is its only one.
 */
export function firstTaskProbe() {
  const painted = (mark: (t: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => mark(performance.now());
      channel.port2.postMessage(null);
    });
  let picture = false;
  const observer = new MutationObserver(() => {
    if (!picture && document.querySelector('#boot-shell[data-snapshot]')) {
      picture = true;
      painted((t) => {
        window.__firstPicture = t;
      });
    }
    if (!document.querySelector('li input[type="checkbox"]')) return;
    observer.disconnect();
    painted((t) => {
      window.__firstTask = t;
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-snapshot'] });
}

/** The floor for a write: put one record in a bare IndexedDB store and wait for the commit. */

/** Writes seeded lists and tasks straight into the app's IndexedDB (before the app reloads). */
export async function writeRows({ lists, tasks }: { lists: unknown[]; tasks: unknown[] }) {
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const req = indexedDB.open('daybook-local');
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  await new Promise<void>((ok, fail) => {
    const tx = db.transaction(['lists', 'tasks'], 'readwrite');
    for (const row of lists) tx.objectStore('lists').put(row);
    for (const row of tasks) tx.objectStore('tasks').put(row);
    tx.oncomplete = () => ok();
    tx.onerror = () => fail(tx.error);
  });
  db.close();
}

export async function readInbox(): Promise<{ inboxId: string; lastListPosition: string }> {
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const req = indexedDB.open('daybook-local');
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  const read = <T>(store: string, fn: (s: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((ok, fail) => {
      const req = fn(db.transaction(store).objectStore(store));
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
  const meta = await read<{ value: string } | undefined>('meta', (s) => s.get('user_id'));
  const lists = await read<{ position: string }[]>('lists', (s) => s.getAll());
  db.close();
  if (!meta) throw new Error('no local identity yet');
  return { inboxId: meta.value, lastListPosition: lists.map((l) => l.position).sort().at(-1) ?? 'a0' };
}

// ---------------------------------------------------------------------------------------------
// Data: tasks spread over 10 lists and ~a year of due dates, the past mostly done, so Today shows
// a realistic few dozen rows at 10,000 and the Inbox list holds a tenth of everything.

export function seedRows(n: number, inboxId: string, lastListPosition: string) {
  const now = new Date().toISOString();
  const today = todayIso();
  const listPositions = positionsBetween(lastListPosition, null, 9);
  const lists: List[] = listPositions.map((position, i) => ({
    id: crypto.randomUUID(),
    owner_id: inboxId,
    name: `Project ${i + 1}`,
    color: LIST_COLORS[(i + 1) % LIST_COLORS.length]!,
    position,
    is_inbox: false,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    version: 0,
  }));
  const listIds = [inboxId, ...lists.map((l) => l.id)];
  const perList = listIds.map((_, k) => Math.ceil((n - k) / listIds.length));
  const positions = perList.map((count) => (count > 0 ? positionsBetween(null, null, count) : []));
  const tasks: Task[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % listIds.length;
    const offset = -300 + ((i * 7) % 360);
    const done = offset < 0 ? i % 200 !== 0 : false;
    tasks.push({
      id: crypto.randomUUID(),
      list_id: listIds[k]!,
      title: `Seeded task ${i}`,
      notes: i % 4 === 0 ? `Some notes for task ${i}` : '',
      due_date: i % 10 === 9 ? null : addDays(today, offset),
      due_time: i % 5 === 0 ? '09:30' : null,
      priority: (i % 4) as Task['priority'],
      done,
      done_at: done ? now : null,
      position: positions[k]![Math.floor(i / listIds.length)]!,
      created_by: inboxId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      version: 0,
    });
  }
  return { lists: lists.map(toListRow), tasks: tasks.map(toTaskRow) };
}

/** An empty page precached by a minimal service worker: the offline cold start's floor. */
export function writeFloorSite(dir: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}/index.html`,
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body>' +
      '<ul><li><input type="checkbox" aria-label="Floor task"> Floor task</li></ul>' +
      // an external script: the real server's CSP (script-src 'self') refuses inline ones
      '<script src="/reg.js"></script></body></html>',
  );
  writeFileSync(`${dir}/reg.js`, "navigator.serviceWorker.register('/sw.js');\n");
  writeFileSync(
    `${dir}/sw.js`,
    `self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.addAll(['/index.html', '/reg.js'])).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request.mode === 'navigate' ? '/index.html' : e.request).then((r) => r || fetch(e.request))));
`,
  );
}
