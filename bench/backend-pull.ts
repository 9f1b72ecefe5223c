// Pull 50,000 rows from scratch in pages of 1,000, then what sync_pull's optional count
// (p_count, the rows still to come, for a progress bar) adds to one page: from scratch (the
// whole backlog past the page is counted), half-way, and at the end (nothing follows, nothing
// is counted), each beside the same page without the count, alternated, medians.
// Run: npx tsx bench/backend-pull.ts pglite|pg   (env BENCH_ROWS, BENCH_COUNT_REPEAT)
import { signUpUser, listCreate, newId, pull, pushOk, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const COUNT_REPEAT = Number(process.env.BENCH_COUNT_REPEAT ?? 15);
const { srv, done } = await benchServer(kind);
try {
  const user = await signUpUser(srv);
  const seeder = newId();
  // five lists so paging crosses list boundaries
  const lists = Array.from({ length: 5 }, () => newId());
  let m = 1;
  await pushOk(user.client, seeder, lists.map((l, i) => listCreate(m++, l, `List ${i}`)));
  const seedStart = performance.now();
  let made = 0;
  while (made < ROWS) {
    const n = Math.min(200, ROWS - made);
    await pushOk(
      user.client,
      seeder,
      Array.from({ length: n }, (_, i) => taskCreate(m++, newId(), lists[(made + i) % 5]!, `task ${made + i}`, { notes: 'some notes here' })),
    );
    made += n;
  }
  const seedMs = performance.now() - seedStart;

  const t0 = performance.now();
  let cursors: Record<string, number> = {};
  let halfWay: Record<string, number> = {};
  let rows = 0;
  let tasks = 0;
  let pages = 0;
  const seen = new Set<string>();
  for (;;) {
    const { data, error } = await pull(user.client, seeder, cursors, 1000);
    if (error || !data) throw new Error(error?.message);
    pages++;
    rows += data.lists.length + data.members.length + data.tasks.length + data.departed.length;
    tasks += data.tasks.length;
    for (const t of data.tasks) seen.add(t.id);
    cursors = data.cursors;
    if (pages === 25) halfWay = cursors;
    if (!data.has_more || pages > 1000) break;
  }
  const ms = performance.now() - t0;
  if (seen.size !== ROWS || tasks !== ROWS) throw new Error(`pulled ${seen.size} distinct of ${ROWS} tasks (${tasks} rows)`);
  console.log(
    `[${kind}] seeded ${fmt(ROWS)} tasks in ${fmt(seedMs / 1000, 1)} s; pulled ${fmt(rows)} rows in ${pages} pages in ${fmt(ms / 1000, 2)} s = ${fmt(rows / (ms / 1000))} rows/s (every task exactly once)`,
  );

  // The count's cost: one page with and without p_count, alternated so load drifts hit both.
  const page = async (from: Record<string, number>, count: boolean) => {
    const t = performance.now();
    const { data, error } = await user.client.rpc('sync_pull', { p_client_id: seeder, p_cursors: from, p_limit: 1000, p_count: count });
    if (error || !data) throw new Error(error?.message);
    return { ms: performance.now() - t, remaining: (data as { remaining?: number }).remaining };
  };
  const med = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  for (const [where, from] of [['from scratch', {}], ['half-way', halfWay], ['at the end', cursors]] as const) {
    const plain: number[] = [];
    const counted: number[] = [];
    let remaining: number | undefined;
    await page(from, true); // warm
    for (let i = 0; i < COUNT_REPEAT; i++) {
      plain.push((await page(from, false)).ms);
      const c = await page(from, true);
      counted.push(c.ms);
      remaining = c.remaining;
    }
    console.log(
      `[${kind}] one page ${where}: ${fmt(med(plain), 1)} ms; with the count ${fmt(med(counted), 1)} ms (+${fmt(med(counted) - med(plain), 1)} ms, remaining = ${fmt(remaining ?? Number.NaN)}), medians of ${COUNT_REPEAT}`,
    );
  }
} finally {
  await done();
}
