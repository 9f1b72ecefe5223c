// A saved filter over 10,000 tasks answering a write (SPEC §14.2), against the list screen's own
// query: write → live query holding the new row, the method of bench/data-live-query.ts (one
// create at a time, observed through observe()). The list screen watches a ~500-task list; the
// filters run over every task. Node on fake-indexeddb, so absolute figures are not a browser's.
// Run: npx tsx bench/filter-live-query.ts   (env BENCH_WRITES, default 60; BENCH_TASKS, default 10000;
// BENCH_WARMUP, untimed writes first in each measure, default 5)
import 'fake-indexeddb/auto';
import { getDb, listTasks, observe, tasks, toTaskRow } from '../src/data/index.ts';
import { labels } from '../src/data/labels/index.ts';
import { runFilter } from '../src/data/filters/queries.ts';
import type { FilterQuery } from '../src/domain/filters.ts';
import type { Task } from '../src/domain/model.ts';
import { positionsBetween } from '../src/lib/order.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 60);
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
/** Writes before the timed ones in each measure, not timed: the first after a query's first read warms the JIT and the heap. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const db = getDb();
await db.open();
const inbox = (await db.meta.get('user_id'))?.value as string;
const today = new Date().toISOString().slice(0, 10);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// 20 lists of 500: the inbox is the watched list; one in three done, dates over the year, priorities mixed
const now = new Date().toISOString();
for (let l = 0; l < TASKS / 500; l++) {
  const listId = l === 0 ? inbox : crypto.randomUUID();
  const positions = positionsBetween(null, null, 500);
  await db.tasks.bulkPut(
    positions.map((position, i) =>
      toTaskRow({
        id: crypto.randomUUID(), list_id: listId, title: `seed ${l}-${i} report`, notes: i % 7 === 0 ? 'call the bank' : '',
        due_date: i % 10 === 0 ? null : day((i % 120) - 20), due_time: null, priority: (i % 4) as 0 | 1 | 2 | 3, done: i % 3 === 0,
        done_at: null, position, created_by: inbox, created_at: now, updated_at: now, deleted_at: null, version: 0,
      } satisfies Task),
    ),
  );
  if (l > 0) await db.lists.put({ id: listId, owner_id: inbox, name: `List ${l}`, color: 'blue', position: `a${l}`, is_inbox: false, created_at: now, updated_at: now, deleted_at: null, version: 0, state: 0 });
}
const errands = await labels.create('Errands', 'teal', db);

async function measure(label: string, query: () => { id: string }[] | Promise<{ id: string }[]>, make: (i: number, id: string) => Promise<unknown>) {
  const times: number[] = [];
  let waiting: { id: string; t0: number; resolve: () => void } | null = null;
  const stop = observe(query, (rows) => {
    // Time taken before the bench's own scan, which grows with the rows shown and is not the query's.
    const at = performance.now();
    const w = waiting;
    if (w && rows.some((r) => r.id === w.id)) {
      times.push(at - w.t0);
      waiting = null;
      w.resolve();
    }
  });
  await new Promise((r) => setTimeout(r, 50));
  for (let i = -WARMUP; i < WRITES; i++) {
    const id = crypto.randomUUID();
    const seen = new Promise<void>((resolve) => {
      waiting = { id, t0: performance.now(), resolve };
    });
    await make(i + WARMUP, id);
    await seen;
    if (i < 0) times.pop();
  }
  stop();
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  const p95 = times[Math.floor(times.length * 0.95)] ?? Number.NaN;
  const shown = (await query()).length;
  console.log(`${label.padEnd(58)} shows ${String(shown).padStart(5)}  median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`);
}

const create = (extra: Partial<Task> = {}) => (i: number, id: string) => tasks.create({ title: `bench ${i} report`, list_id: inbox, ...extra }, db, id);
const filter = (q: FilterQuery) => () => runFilter(q, today, db);

console.log(`${TASKS} tasks stored, ${WRITES} creates each`);
await measure('list screen: listTasks(inbox, open)', () => listTasks(inbox, 'open'), create());
await measure('filter {} (every open task)', filter({}), create());
await measure('filter priority ≥ medium, due next 7 days', filter({ priority_at_least: 2, due: 'next7' }), create({ priority: 3, due_date: today }));
await measure('filter words "report bank", open and done', filter({ words: 'report', status: 'all' }), create());
await measure('filter label Errands (create, then label: two writes)', filter({ labels: [errands.id] }), async (i, id) => {
  await tasks.create({ title: `bench ${i}`, list_id: inbox }, db, id);
  await labels.add(id, errands.id, db);
});
