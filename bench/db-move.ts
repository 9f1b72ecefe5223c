// `npm run db:move` at size: an embedded database (PGlite in a data folder) holding BENCH_PEOPLE
// people with BENCH_TASKS_EACH tasks each (pushed through the real HTTP API, as devices would),
// moved into a fresh PostgreSQL 15 database (TEST_PG_URL, or a throwaway cluster started here)
// BENCH_ROUNDS times; each round a new empty database. Reports rows moved and the move's time,
// median (range).
// Run: npx tsx bench/db-move.ts   (env BENCH_PEOPLE=50, BENCH_TASKS_EACH=1000, BENCH_ROUNDS=3)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moveDatabase } from '../server/db-move.ts';
import { createDaybookServer } from '../server/index.ts';
import { freshDatabase, newId, pushOk, type RawMutation, signUpUser, taskCreate } from '../tests/helpers/index.ts';
import { fmt, percentile } from './backend-common.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50);
const TASKS_EACH = Number(process.env.BENCH_TASKS_EACH ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

let stopCluster = () => {};
if (!process.env.TEST_PG_URL) {
  const clusterModule: string = '../scripts/pg-cluster.mjs';
  const { startCluster } = (await import(clusterModule)) as { startCluster: () => Promise<{ url: string; stop: () => void }> };
  const cluster = await startCluster();
  process.env.TEST_PG_URL = cluster.url;
  stopCluster = () => cluster.stop();
}
const dataDir = mkdtempSync(join(tmpdir(), 'daybook-bench-move-'));
try {
  // sign-ups from one address are limited; a bench's people all come from 127.0.0.1
  const server = await createDaybookServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    distDir: dataDir,
    pushSender: false,
    authLimits: { signUpsPerAddress: 1_000_000 },
  });
  const t0 = performance.now();
  for (let p = 0; p < PEOPLE; p++) {
    const person = await signUpUser(server);
    const device = newId();
    let m = 1;
    for (let done = 0; done < TASKS_EACH; ) {
      const batch: RawMutation[] = [];
      for (let i = 0; i < 200 && done < TASKS_EACH; i++, done++) {
        batch.push(taskCreate(m++, newId(), person.userId, `Task ${done} of person ${p}`, { due_date: '2026-12-04' }));
      }
      await pushOk(person.client, device, batch);
    }
  }
  console.error(`seeded ${fmt(PEOPLE * TASKS_EACH)} tasks of ${PEOPLE} people in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  await server.close();

  const times: number[] = [];
  let rows = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const target = await freshDatabase();
    try {
      const start = performance.now();
      const report = await moveDatabase({ dataDir, targetUrl: target.url });
      times.push(performance.now() - start);
      rows = report.tables.reduce((s, [, n]) => s + n, 0);
    } finally {
      await target.drop();
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `db:move of ${fmt(PEOPLE)} people, ${fmt(PEOPLE * TASKS_EACH)} tasks (${fmt(rows)} rows in all): ` +
      `median ${fmt(percentile(sorted, 50) / 1000, 2)} s (${fmt(sorted[0]! / 1000, 2)}–${fmt(sorted.at(-1)! / 1000, 2)} s), ${ROUNDS} rounds`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  stopCluster();
}
