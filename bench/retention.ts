// What the scheduled pruning (supabase/schemas/retention.sql) costs: 1,000 tasks holding 100,000
// history entries older than 180 days and 100,000 recent ones, and 100,000 notifications older
// than 90 days beside 100,000 recent ones; then a whole run (server/retention.ts: batches of
// 5,000 until one finds less) — its time, its batches' median and slowest — and a run that finds
// nothing (what a day without anything aged costs). And what the index on `at` the pruning finds
// history by costs the push: 1,000 task edits pushed with it and without, alternating.
// Run: npx tsx bench/retention.ts pg|pglite   (env BENCH_REPEAT=3 fills and runs, the median;
// BENCH_PUSH_REPEAT=7 pushes of each).
import { listCreate, newId, pushOk, signUpUser, taskCreate } from '../tests/helpers/index.ts';
import { pruneRetained } from '../server/retention.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const ROWS = 100_000;
const BATCH = 5000;
const { srv, done } = await benchServer(kind);
const q = (sql: string, params: unknown[] = []) => srv.sql.query(sql, params);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const owner = await signUpUser(srv);
  const listId = newId();
  const ids = Array.from({ length: 1000 }, () => newId());
  const mutations = [listCreate(1, listId, 'Home'), ...ids.map((id, i) => taskCreate(i + 2, id, listId, `task ${i}`))];
  for (let i = 0; i < mutations.length; i += 200) await pushOk(owner.client, newId(), mutations.slice(i, i + 200));

  /** `n` entries `daysAgo` old, spread over the 1,000 tasks. */
  const history = (n: number, daysAgo: number) =>
    q(
      `insert into daybook_private.task_history (task_id, list_id, kind, after, at, seq)
       select t.id, $1, 'title', '"x"', now() - make_interval(days => $3) + make_interval(secs => i), 2 + i / 1000
       from generate_series(0, $2 - 1) i join lateral (select ($4::uuid[])[1 + i % 1000] as id) t on true`,
      [listId, n, daysAgo, ids],
    );
  const notifications = (n: number, daysAgo: number) =>
    q(
      `insert into public.notifications (recipient, kind, list_id, at, version)
       select $1, 'comment', $2, now() - make_interval(days => $4) + make_interval(secs => i), i from generate_series(1, $3) i`,
      [owner.userId, listId, n, daysAgo],
    );
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const r = await fn();
    return [r, performance.now() - t0];
  };

  const whole: number[] = [];
  const batchMedians: number[] = [];
  const slowest: number[] = [];
  const idle: number[] = [];
  const repeat = Number(process.env.BENCH_REPEAT ?? 3);
  for (let rep = 0; rep < repeat; rep++) {
    await history(ROWS, 200);
    await history(ROWS, 30);
    await notifications(ROWS, 120);
    await notifications(ROWS, 10);
    if (kind === 'pg') await q('vacuum analyze daybook_private.task_history, public.notifications');
    const batches: number[] = [];
    const [run, ms] = await timed(async () => {
      const total = { history: 0, notifications: 0 };
      for (;;) {
        const [r, bms] = await timed(() => pruneRetained(srv.sql, BATCH, 1));
        batches.push(bms);
        total.history += r.history;
        total.notifications += r.notifications;
        if (r.history < BATCH && r.notifications < BATCH) return total;
      }
    });
    if (run.history !== ROWS || run.notifications !== ROWS) throw new Error(`pruned ${JSON.stringify(run)}`);
    whole.push(ms);
    batchMedians.push(median(batches));
    slowest.push(Math.max(...batches));
    idle.push((await timed(() => pruneRetained(srv.sql, BATCH)))[1]);
    // the recent ones go too, for the next fill
    await q('delete from daybook_private.task_history where kind = $1 and after = $2', ['title', '"x"']);
    await q('delete from public.notifications where recipient = $1', [owner.userId]);
  }
  console.log(`[${kind}] pruning ${fmt(ROWS)} old history entries and ${fmt(ROWS)} old notifications (beside as many recent of each), batches of ${fmt(BATCH)}: ${fmt(median(whole))} ms in all (${whole.map((x) => fmt(x)).join(', ')}); a batch: median ${fmt(median(batchMedians))} ms, slowest ${fmt(median(slowest))} ms; a run finding nothing: ${fmt(median(idle), 1)} ms (${idle.map((x) => fmt(x, 1)).join(', ')})`);

  // the writes' cost of the index on `at`: 1,000 task edits (a title each, so 1,000 history
  // entries) pushed through sync_push in batches of 200, with it and without, alternating
  // PostgreSQL only: the stand-in on PGlite, after the fills above, dropped the connection
  // mid-push here (fetch failed), which says nothing of the index
  if (kind === 'pg') {
    let round = 0;
    const pushEdits = async () => {
      round++;
      const batch = ids.map((id, i) => ({ id: (i % 200) + 1, name: 'task.update', args: { id, patch: { title: `task ${i} r${round}` } } }));
      const t0 = performance.now();
      for (let i = 0; i < batch.length; i += 200) {
        const r = await pushOk(owner.client, newId(), batch.slice(i, i + 200));
        if (r.results.some((x) => x.status !== 'applied')) throw new Error('an edit was not applied');
      }
      return performance.now() - t0;
    };
    await pushEdits();
    const withIndex: number[] = [];
    const without: number[] = [];
    for (let rep = 0; rep < Number(process.env.BENCH_PUSH_REPEAT ?? 7); rep++) {
      withIndex.push(await pushEdits());
      await q('drop index daybook_private.task_history_at');
      without.push(await pushEdits());
      await q('create index task_history_at on daybook_private.task_history (at)');
    }
    console.log(`[${kind}] 1,000 task edits pushed (1,000 history entries): with the index on at ${fmt(median(withIndex))} ms (${withIndex.map((x) => fmt(x)).join(', ')}), without ${fmt(median(without))} ms (${without.map((x) => fmt(x)).join(', ')}); ${fmt(median(withIndex) / median(without), 2)}×`);
  }
} finally {
  await done();
}
