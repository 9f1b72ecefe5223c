// Pull 50,000 rows from scratch in pages of 1,000. Run: npx tsx bench/backend-pull.ts pglite|pg
import { signUpUser } from '../tests/helpers/server.ts';
import { listCreate, newId, pull, pushOk, taskCreate } from '../tests/helpers/server-sync.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
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
    if (!data.has_more || pages > 1000) break;
  }
  const ms = performance.now() - t0;
  if (seen.size !== ROWS || tasks !== ROWS) throw new Error(`pulled ${seen.size} distinct of ${ROWS} tasks (${tasks} rows)`);
  console.log(
    `[${kind}] seeded ${fmt(ROWS)} tasks in ${fmt(seedMs / 1000, 1)} s; pulled ${fmt(rows)} rows in ${pages} pages in ${fmt(ms / 1000, 2)} s = ${fmt(rows / (ms / 1000))} rows/s (every task exactly once)`,
  );
} finally {
  await done();
}
