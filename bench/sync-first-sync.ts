// A new device's first sync of an account with 50,000 tasks: time until every task is in its
// IndexedDB, and the peak JS heap while it happens. The server runs in a child process so the
// heap is the client's alone. Node + fake-indexeddb: IndexedDB lives in the JS heap here, so
// the peak includes the stored rows themselves (a browser keeps them outside the JS heap).
// Reference in the same run: the same pages pulled with bare RPC calls and thrown away.
// Run: node --expose-gc --import tsx bench/sync-first-sync.ts pglite|pg   (env BENCH_TASKS, BENCH_REPEAT)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { countingFetch, median } from './sync-common.ts';
import { fmt, kindFromArgs } from './backend-common.ts';
import { signUpUser, listCreate, newId, pull, pushOk, type RawMutation, taskCreate, connectDevice } from '../tests/helpers/index.ts';

const kind = kindFromArgs();
const N = Number(process.env.BENCH_TASKS ?? 50_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServerProcess() {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-bench-'));
  const port = await freePort();
  const env: Record<string, string> = { ...process.env, PORT: String(port), DAYBOOK_DATA: dir, DAYBOOK_DIST: dir } as Record<string, string>;
  let dropDb = async () => {};
  if (kind === 'pg') {
    let admin = process.env.TEST_PG_URL;
    let stopCluster = () => {};
    if (!admin) {
      const clusterModule: string = '../scripts/pg-cluster.mjs';
      const { startCluster } = (await import(clusterModule)) as { startCluster: () => Promise<{ url: string; stop: () => void }> };
      const cluster = await startCluster();
      admin = cluster.url;
      stopCluster = () => cluster.stop();
    }
    const name = `bench_${randomUUID().replaceAll('-', '')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDb = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
      stopCluster();
    };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${url}/config.json`);
      if (res.ok) {
        const { supabaseAnonKey } = (await res.json()) as { supabaseAnonKey: string };
        return {
          url,
          anonKey: supabaseAnonKey,
          async stop() {
            child.kill('SIGTERM');
            await new Promise((r) => child.once('exit', r));
            await dropDb();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Samples the heap every 5 ms while `fn` runs; returns its time and the peak heap above the start. */
async function measure<T>(fn: () => Promise<T>) {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  gc();
  // what stays after a collection: with fake-indexeddb, mostly the stored rows themselves
  const retained = process.memoryUsage().heapUsed;
  return { value, ms, peakMiB: peak / 2 ** 20, growthMiB: (peak - start) / 2 ** 20, startMiB: start / 2 ** 20, retainedMiB: (retained - start) / 2 ** 20 };
}

const srv = await startServerProcess();
try {
  // One account with N tasks in five lists (Inbox + four), written through sync_push.
  const user = await signUpUser(srv);
  const seeder = newId();
  const lists = [user.userId, newId(), newId(), newId(), newId()];
  let id = 1;
  const setup: RawMutation[] = lists.slice(1).map((l, i) => listCreate(id++, l, `List ${i}`));
  await pushOk(user.client, seeder, setup);
  const t0 = performance.now();
  for (let i = 0; i < N; i += 200) {
    const batch = Array.from({ length: Math.min(200, N - i) }, (_, k) => taskCreate(id++, newId(), lists[(i + k) % lists.length]!, `Task ${i + k}`, { notes: (i + k) % 5 ? '' : 'some notes about this task' }));
    await pushOk(user.client, seeder, batch);
  }
  console.log(`[${kind}] seeded ${fmt(N)} tasks in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const rows: { ms: number; peakMiB: number; growthMiB: number; retainedMiB: number; rawMs: number; requests: number; bytes: number }[] = [];
  for (let r = 0; r < REPEAT; r++) {
    // reference: the same pages over bare RPC, nothing stored
    const raw = await measure(async () => {
      let cursors: Record<string, number> = {};
      const client = newId();
      for (;;) {
        const { data, error } = await pull(user.client, client, cursors);
        if (error || !data) throw new Error(error?.message);
        cursors = data.cursors;
        if (!data.has_more) break;
      }
    });
    const net = countingFetch();
    const device = await connectDevice(srv, user, `first-${r}`, { fetch: net.fetch });
    const before = { ...net.wire };
    const run = await measure(async () => {
      await device.sync();
      return device.db.tasks.count();
    });
    if (run.value !== N) throw new Error(`expected ${N} tasks on the device, found ${run.value}`);
    rows.push({ ms: run.ms, peakMiB: run.peakMiB, growthMiB: run.growthMiB, retainedMiB: run.retainedMiB, rawMs: raw.ms, requests: net.wire.requests - before.requests, bytes: net.wire.bytesReceived - before.bytesReceived });
    console.log(
      `[${kind}] run ${r + 1}: first sync ${fmt(run.ms / 1000, 2)} s, peak heap ${fmt(run.peakMiB)} MiB (+${fmt(run.growthMiB)} MiB over ${fmt(run.startMiB)} MiB, ${fmt(run.retainedMiB)} MiB still held after GC); ` +
        `bare pull of the same pages ${fmt(raw.ms / 1000, 2)} s; ${net.wire.requests - before.requests} requests, ${fmt((net.wire.bytesReceived - before.bytesReceived) / 2 ** 20, 1)} MiB received`,
    );
    await device.close();
    await device.db.delete();
  }
  const m = (k: keyof (typeof rows)[number]) => median(rows.map((x) => x[k]));
  console.log(
    `[${kind}] median of ${REPEAT}: first sync of ${fmt(N)} tasks ${fmt(m('ms') / 1000, 2)} s (${fmt(N / (m('ms') / 1000))} tasks/s); ` +
      `bare pull ${fmt(m('rawMs') / 1000, 2)} s (ratio ${fmt(m('ms') / m('rawMs'), 1)}×); peak JS heap ${fmt(m('peakMiB'))} MiB (+${fmt(m('growthMiB'))} MiB, of which ${fmt(m('retainedMiB'))} MiB still held after GC) ` +
      `[Node + fake-indexeddb: stored rows are in the JS heap]; ${fmt(m('requests'))} requests, ${fmt(m('bytes') / 2 ** 20, 1)} MiB received`,
  );
} finally {
  await srv.stop();
}
