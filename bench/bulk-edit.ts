// Completing 1,000 selected tasks at once (SPEC §18 "Many at once"), beside 1,000 single
// completions in the same run: write → the list's live query no longer holds them, and the local
// work of each. Then the pushes that carry the 1,000 changes (their sizes: the adaptive batches,
// src/sync/adaptive.ts) to the stand-in server. Node + fake-indexeddb (IndexedDB in JS memory).
// Run: npx tsx bench/bulk-edit.ts pglite|pg   (env BENCH_TASKS, BENCH_REPEAT)
import 'fake-indexeddb/auto';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';
import { median } from './sync-common.ts';
import { bulk, lists, tasks } from '../src/data/write/index.ts';
import { listTasks } from '../src/data/read/queries.ts';
import { observe } from '../src/data/live/observe.ts';
import type { DaybookDb } from '../src/data/db/schema.ts';
import { signUpUser, connectDevice } from '../tests/helpers/index.ts';

const kind = kindFromArgs();
const N = Number(process.env.BENCH_TASKS ?? 1000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const { srv, done } = await benchServer(kind);

/** Makes a list of `n` open tasks (one bulk-free create each; not timed). */
async function listOf(db: DaybookDb, n: number): Promise<{ listId: string; ids: string[] }> {
  const list = await lists.create({ name: `Bench ${Math.random().toString(36).slice(2, 7)}` }, db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await tasks.create({ title: `Task ${i}`, list_id: list.id }, db)).id);
  return { listId: list.id, ids };
}

/** ms from `act` starting until the list's live query holds no open task. */
async function untilEmpty(db: DaybookDb, listId: string, act: () => Promise<unknown>): Promise<{ shownMs: number; writeMs: number }> {
  let ready: () => void = () => {};
  let first = true;
  let t0 = 0;
  let shownMs = 0;
  const shown = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const stop = observe(() => listTasks(listId, 'open', db), (rows) => {
    if (first) {
      first = false;
      return;
    }
    if (rows.length === 0) {
      shownMs = performance.now() - t0;
      ready();
    }
  });
  await new Promise((r) => setTimeout(r, 50)); // the first run
  t0 = performance.now();
  await act();
  const writeMs = performance.now() - t0;
  await shown;
  stop();
  return { shownMs, writeMs };
}

interface Run {
  bulkShownMs: number;
  bulkWriteMs: number;
  singleShownMs: number;
  singleWriteMs: number;
  pushes: number[];
  pushMs: number;
}

async function once(): Promise<Run> {
  const user = await signUpUser(srv);
  const a = await connectDevice(srv, user, 'bench-bulk');
  await a.sync();
  a.transport.offline = true;

  const singles = await listOf(a.db, N);
  const single = await untilEmpty(a.db, singles.listId, async () => {
    for (const id of singles.ids) await tasks.setDone(id, true, a.db);
  });
  const many = await listOf(a.db, N);
  // everything so far reaches the server first: the pushes measured below carry only the bulk's
  a.transport.offline = false;
  await a.sync();
  a.transport.offline = true;
  const bulkRun = await untilEmpty(a.db, many.listId, async () => {
    const r = await bulk.edit(many.ids, { kind: 'complete' }, a.db);
    if (r.changed !== N) throw new Error(`expected ${N} changed, got ${r.changed}`);
  });
  if ((await a.db.outbox.count()) !== N) throw new Error('expected one change per task');

  const pushes: number[] = [];
  const push = a.transport.push.bind(a.transport);
  a.transport.push = async (req) => {
    pushes.push(req.mutations.length);
    return push(req);
  };
  a.transport.offline = false;
  const t0 = performance.now();
  await a.sync();
  const pushMs = performance.now() - t0;
  if ((await a.db.outbox.count()) !== 0) throw new Error('outbox not empty after sync');
  await a.close();
  await a.db.delete();
  return { bulkShownMs: bulkRun.shownMs, bulkWriteMs: bulkRun.writeMs, singleShownMs: single.shownMs, singleWriteMs: single.writeMs, pushes, pushMs };
}

const runs: Run[] = [];
for (let i = 0; i < REPEAT; i++) runs.push(await once());
await done();
const m = (f: (r: Run) => number) => median(runs.map(f));
console.log(`bulk edit, ${N} tasks, ${kind}, ${REPEAT} runs (medians)`);
console.log(`  complete ${N} selected, one transaction: write ${fmt(m((r) => r.bulkWriteMs))} ms, live query empty after ${fmt(m((r) => r.bulkShownMs))} ms`);
console.log(`  ${N} single completions:                write ${fmt(m((r) => r.singleWriteMs))} ms, live query empty after ${fmt(m((r) => r.singleShownMs))} ms`);
console.log(`  ratio bulk / singles (until shown): ${(m((r) => r.bulkShownMs) / m((r) => r.singleShownMs)).toFixed(3)}`);
console.log(`  pushes carrying the ${N} changes: ${runs.map((r) => `[${r.pushes.join(', ')}]`).join(' ')}; sync ${fmt(m((r) => r.pushMs))} ms`);
