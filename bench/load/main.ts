// Load harness: simulated devices against one server process on PostgreSQL 15, raising their
// number until p99 passes 300 ms or errors appear. Prints, per step: devices (and open
// sockets), requests per second, p50/p99 per call, errors, CPU of the server process, of the
// database (all its processes) and of this harness, and what bound first.
//
//   npx tsx bench/load/main.ts                       # steps 100, 200, 400, 800, 1600, 3200
//   LOAD_STEPS=50,100 LOAD_SECONDS=30 LOAD_SPEED=2 npx tsx bench/load/main.ts
//
// LOAD_SPEED divides every interval (2: each device as busy as two; sockets stay one each).
// The cluster is our own (fsync off, as in the tests): the database's disk is not measured.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { freshDatabase, startServerProcess } from '../../tests/helpers/index.ts';
import { percentile } from '../backend-common.ts';
import { clusterCpuSeconds, cpuSeconds } from './cpu.ts';
import { Device, type Person, type Sample } from './device.ts';
import { bigAccount, makePeople } from './people.ts';

const STEPS = (process.env.LOAD_STEPS ?? '100,200,400,800,1600,3200').split(',').map(Number);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SPEED = Number(process.env.LOAD_SPEED ?? 1);
const FIRST_SYNC_TASKS = Number(process.env.LOAD_FIRST_SYNC_TASKS ?? 5000);
const FIRST_SYNCS = Number(process.env.LOAD_FIRST_SYNCS ?? 3);
const P99_LIMIT_MS = 300;

const { startCluster } = (await import('../../scripts/pg-cluster.mjs' as string)) as {
  startCluster: () => Promise<{ url: string; dataDir: string; stop: () => void }>;
};
const cluster = await startCluster();
process.env.TEST_PG_URL = cluster.url;
const database = await freshDatabase();
const server = await startServerProcess(database.url, { accessTokenTtlSeconds: 24 * 3600 });
const devices: Device[] = [];
let samples: Sample[] = [];
let people: Person[] = [];

function machineBusySeconds(): number {
  // /proc/stat: the first line sums all cores' user, nice, system, …, idle (4th), iowait (5th)
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / 100;
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const pct = (cpu: number, wall: number) => `${Math.round((100 * cpu) / wall)} %`;

try {
  const big = await bigAccount(server, FIRST_SYNC_TASKS);
  console.log(`load: server on PostgreSQL 15, ${availableParallelism()} cores, speed ×${SPEED}, ${SECONDS} s a step, p99 limit ${P99_LIMIT_MS} ms`);
  console.log('devices | req/s | push p50/p99 | pull p50/p99 | poked pull p50/p99 | first-sync page p50/p99 (full) | errors | pokes/s | CPU server / db / harness / machine | bound by');
  for (const target of STEPS) {
    const more = Math.ceil((target - devices.length) / 2);
    if (more > 0) {
      const added = await makePeople(server, more, people.length);
      people = people.concat(added);
      for (const p of added) for (let k = 0; k < 2; k++) devices.push(new Device(server, p, { speed: SPEED }, (s) => samples.push(s)));
      for (let i = 0; i < devices.length; i += 50) await Promise.all(devices.slice(i, i + 50).map(async (d) => (d.started ? null : d.start())));
    }
    // settle, then measure one window
    await new Promise((r) => setTimeout(r, 5000));
    samples = [];
    const pokes0 = devices.reduce((n, d) => n + d.pokes, 0);
    const cpu0 = { server: cpuSeconds(server.pid), db: clusterCpuSeconds(cluster.dataDir), harness: process.cpuUsage(), machine: machineBusySeconds() };
    const t0 = performance.now();
    // a few new devices of a long-time user pull everything while the rest go on
    const firstSyncs: number[] = [];
    const firsts = Array.from({ length: FIRST_SYNCS }, (_, i) =>
      new Promise((r) => setTimeout(r, ((i + 0.5) * SECONDS * 1000) / FIRST_SYNCS)).then(async () => {
        const d = new Device(server, big, { speed: SPEED }, (s) => samples.push(s));
        const f0 = performance.now();
        await d.pull('first-sync-page');
        firstSyncs.push(performance.now() - f0);
      }),
    );
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    await Promise.all(firsts);
    const wall = (performance.now() - t0) / 1000;
    const h = process.cpuUsage(cpu0.harness);
    const cpu = {
      server: cpuSeconds(server.pid) - cpu0.server,
      db: clusterCpuSeconds(cluster.dataDir) - cpu0.db,
      harness: (h.user + h.system) / 1e6,
      machine: machineBusySeconds() - cpu0.machine,
    };
    const of = (call: Sample['call']) => samples.filter((s) => s.call === call && s.ok).map((s) => s.ms).sort((a, b) => a - b);
    const pair = (call: Sample['call']) => {
      const l = of(call);
      return l.length ? `${ms(percentile(l, 50))}/${ms(percentile(l, 99))}` : '–';
    };
    const all = samples.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
    const p99 = percentile(all, 99);
    const errors = samples.filter((s) => !s.ok);
    const cores = availableParallelism();
    const bound =
      errors.length ? `errors (${[...new Set(errors.map((e) => e.error))].slice(0, 2).join('; ')})`
      : p99 <= P99_LIMIT_MS ? '–'
      : cpu.machine / wall > 0.9 * cores ? 'the machine’s CPU (all cores busy)'
      : cpu.server / wall > 0.9 ? 'the server process (one core)'
      : cpu.db / wall > 0.9 * cores ? 'the database’s CPU'
      : 'waiting (connections or locks)';
    const full = firstSyncs.length ? `${ms(percentile([...firstSyncs].sort((a, b) => a - b), 50))} ms` : '–';
    console.log(
      `${devices.length} | ${Math.round(samples.length / wall)} | ${pair('push')} | ${pair('pull')} | ${pair('poked-pull')} | ${pair('first-sync-page')} (${full}) | ${errors.length} | ${Math.round((devices.reduce((n, d) => n + d.pokes, 0) - pokes0) / wall)} | ${pct(cpu.server, wall)} / ${pct(cpu.db, wall)} / ${pct(cpu.harness, wall)} / ${pct(cpu.machine, wall)} of ${cores * 100} % | ${bound}`,
    );
    if (bound !== '–') {
      console.log(`load: held ${STEPS[STEPS.indexOf(target) - 1] ?? 0} devices; at ${devices.length}, p99 ${ms(p99)} ms, bound by ${bound}`);
      break;
    }
  }
} finally {
  for (const d of devices) d.stop();
  await server.stop();
  await database.drop();
  cluster.stop();
}
