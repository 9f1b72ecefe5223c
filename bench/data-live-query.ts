// Write → live query holding the new row, with 0 and 10,000 tasks stored and the watched list at
// ~500 tasks: the index-ordered query of useListTasks vs a filter-and-sort over the whole table.
// Runs in Node on fake-indexeddb, so absolute figures are not a browser's; the ratios are the point.
// Run: npx tsx bench/data-live-query.ts   (env BENCH_WRITES, default 100)
import 'fake-indexeddb/auto';
import { getDb, listTasks, observe, tasks, toTaskRow } from '../src/data/index.ts';
import type { Task } from '../src/domain/model.ts';
import { positionsBetween } from '../src/lib/order.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 100);
const db = getDb();
await db.open();
const inbox = (await db.meta.get('user_id'))?.value as string;

async function seed(listId: string, n: number) {
  const now = new Date().toISOString();
  const positions = positionsBetween(null, null, n);
  const rows = positions.map((position, i) =>
    toTaskRow({
      id: crypto.randomUUID(), list_id: listId, title: `seed ${i}`, notes: '', due_date: null, due_time: null,
      priority: 0, done: i % 3 === 0, done_at: null, position, created_by: inbox, created_at: now, updated_at: now,
      deleted_at: null, version: 0,
    } satisfies Task),
  );
  await db.tasks.bulkPut(rows);
}

const naive = (listId: string) => async () =>
  (await db.tasks.filter((t) => t.list_id === listId && !t.done && !t.deleted_at).toArray()).sort((a, b) =>
    a.position < b.position ? -1 : 1,
  );

async function measure(label: string, query: () => { id: string }[] | Promise<{ id: string }[]>) {
  const times: number[] = [];
  let waiting: { id: string; t0: number; resolve: () => void } | null = null;
  const stop = observe(query, (rows) => {
    const w = waiting;
    if (w && rows.some((r) => r.id === w.id)) {
      times.push(performance.now() - w.t0);
      waiting = null;
      w.resolve();
    }
  });
  await new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < WRITES; i++) {
    const id = crypto.randomUUID();
    const seen = new Promise<void>((resolve) => {
      waiting = { id, t0: performance.now(), resolve };
    });
    await tasks.create({ title: `bench ${i}`, list_id: inbox }, db, id);
    await seen;
  }
  stop();
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  const p95 = times[Math.floor(times.length * 0.95)] ?? Number.NaN;
  const size = (await listTasks(inbox, 'open')).length;
  console.log(`${label.padEnd(40)} list ends at ${size} open  median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`);
}

const indexed = () => listTasks(inbox, 'open');
await seed(inbox, 600);
await measure('index query, 700 tasks stored', indexed);
await measure('filter+sort, 800 tasks stored', naive(inbox));
for (let l = 0; l < 19; l++) await seed(crypto.randomUUID(), 500);
await measure('index query, 10,400 tasks stored', indexed);
await measure('filter+sort, 10,500 tasks stored', naive(inbox));
