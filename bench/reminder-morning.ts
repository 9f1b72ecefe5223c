// A morning at 09:00 for the reminder sender: N reminders (default 100,000) for N people with one
// device each, all due in the same minute of the real clock, sent by the server's own sender
// (its minute timer, as `npm start` runs it) in a server process on a PostgreSQL 15 cluster of
// this bench's own, to a fake push service in another process (bench/reminder-morning-peer.ts,
// which counts every push and checks a sample: VAPID JWT, decryption, a reminder inside). A
// third process times GET /config.json and a sync_pull on the server every 100 ms, from 10 s
// before the minute (the floor) until the last push arrives.
//
// Prints: time from the due minute until all delivered; lateness per reminder (arrival − due)
// p50/p99; pushes/s; the most reminders claimed and not yet recorded at once (sampled from the
// database every 250 ms; the claim page is at most 500); delivered exactly once / twice; the
// server's answer times before and during the burst; CPU seconds of the server, the database,
// the fake push service and the machine over the burst; the 1-minute load average.
//
//   npx tsx bench/reminder-morning.ts      (env BENCH_REMINDERS=100000, BENCH_DECRYPT_EVERY=10,
//                                          BENCH_TIMEOUT_S=300)
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, startServerProcess } from '../tests/helpers/index.ts';
import { fmt, percentile } from './backend-common.ts';
import { clusterCpuSeconds, cpuSeconds } from './load/cpu.ts';

const N = Number(process.env.BENCH_REMINDERS ?? 100_000);
const DECRYPT_EVERY = Number(process.env.BENCH_DECRYPT_EVERY ?? 10);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 300);
const log = (s: string) => console.log(`[morning ${fmt(N)}] ${s}`);

function startPeer(role: 'push' | 'sampler') {
  const child = fork(join(import.meta.dirname, 'reminder-morning-peer.ts'), [role], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const replies = new Map<string, (m: Record<string, unknown>) => void>();
  child.on('message', (m: { type: string }) => replies.get(m.type)?.(m as Record<string, unknown>));
  const ask = <T>(type: string, msg: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      replies.set(type, (m) => resolve(m as T));
      child.send({ type, ...msg });
    });
  const ready = new Promise<Record<string, unknown>>((resolve) => replies.set('ready', resolve));
  return { child, ask, ready };
}

function machineBusySeconds(): number {
  // /proc/stat: the first line sums all cores' user, nice, system, …, idle (4th), iowait (5th)
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / 100;
}

interface Sample {
  at: number;
  ms: number;
}
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(s, 50), 1)} / p99 ${fmt(percentile(s, 99), 1)} / max ${fmt(s.at(-1) ?? 0, 1)} ms (${fmt(s.length)})`;
};

const { startCluster } = (await import('../scripts/pg-cluster.mjs' as string)) as {
  startCluster: () => Promise<{ url: string; dataDir: string; stop: () => void }>;
};
const cluster = await startCluster();
process.env.TEST_PG_URL = cluster.url;
const push = startPeer('push');
const sampler = startPeer('sampler');
const { origin, keys, pid: pushPid } = (await push.ready) as { origin: string; keys: { p256dh: string; auth: string }[]; pid: number };
await sampler.ready;
await push.ask('init', { n: N, decryptEvery: DECRYPT_EVERY });
const database = await freshDatabase();
const server = await startServerProcess(database.url, { pushSender: true, pushTestOrigin: origin });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const t0 = performance.now();
  // everything dated far off while seeding; one update moves it to the minute
  await db.query(`insert into auth.users (id, email) select gen_random_uuid(), 'm-' || i || '@example.test' from generate_series(0, $1::int - 1) i`, [N]);
  await db.query(`create temp table seeded as select id, (split_part(split_part(email, '@', 1), '-', 2))::int as i from auth.users where email like 'm-%'`);
  await db.query(`insert into public.lists (id, owner_id, name, color, position, is_inbox) select id, id, 'Inbox', 'grey', 'a0', true from seeded`);
  await db.query(`insert into public.list_members (list_id, user_id, email, role) select s.id, s.id, u.email, 'owner' from seeded s join auth.users u using (id)`);
  await db.query(`insert into public.tasks (id, list_id, title, position, created_by, due_date, due_time)
    select gen_random_uuid(), id, 'Morning task ' || i, 'a0', id, date '2099-01-01', '09:00' from seeded`);
  await db.query(`insert into public.reminders (task_id, user_id, list_id, offset_minutes) select t.id, t.created_by, t.list_id, 0 from public.tasks t join seeded s on s.id = t.created_by`);
  await db.query(`create temp table pool (k int, p256dh text, auth text)`);
  await db.query(`insert into pool select k - 1, p->>'p256dh', p->>'auth' from jsonb_array_elements($1::jsonb) with ordinality as x(p, k)`, [JSON.stringify(keys)]);
  await db.query(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at, created_at)
     select s.id, $1 || '/m/' || s.i, p.p256dh, p.auth, 'UTC', '09:00', now() - interval '1 day' from seeded s join pool p on p.k = s.i % $2`,
    [origin, keys.length],
  );
  await db.query('analyze');
  // the next whole minute at least 20 s away
  const due = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
  const dueIso = new Date(due).toISOString();
  await db.query(`update public.tasks t set due_date = $1::date, due_time = $2 from seeded s where t.created_by = s.id`, [dueIso.slice(0, 10), dueIso.slice(11, 16)]);
  await db.query('analyze public.tasks');
  log(`seeded ${fmt(N)} people, devices and reminders in ${fmt((performance.now() - t0) / 1000, 1)} s; due at ${dueIso}`);

  const signUp = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'sampler@example.test', password: 'correct horse' }),
  });
  const { access_token: token } = (await signUp.json()) as { access_token: string };
  while (Date.now() < due - 10_000) await new Promise((r) => setTimeout(r, 200));
  await sampler.ask('sample', { url: server.url, anonKey: server.anonKey, token, everyMs: 100 });
  while (Date.now() < due) await new Promise((r) => setTimeout(r, 20));
  const cpu0 = { server: cpuSeconds(server.pid), db: clusterCpuSeconds(cluster.dataDir), push: cpuSeconds(pushPid), machine: machineBusySeconds() };
  const loads: number[] = [loadavg()[0]!];
  let mostOpen = 0;
  let stats = { requests: 0, distinct: 0, twice: 0, checked: 0, bad: 0, badReasons: [] as string[], firstAt: 0, lastAt: 0 };
  let tick = 0;
  while (Date.now() < due + TIMEOUT_S * 1000) {
    await new Promise((r) => setTimeout(r, 250));
    const [{ open }] = (await db.query<{ open: number }>(`select count(*)::int as open from daybook_private.push_sent where sent_at is null and lease_until > now()`)).rows as [{ open: number }];
    mostOpen = Math.max(mostOpen, open);
    if (++tick % 4 === 0) {
      stats = await push.ask('stats');
      loads.push(loadavg()[0]!);
      if (tick % 20 === 0) log(`+${fmt((Date.now() - due) / 1000, 0)} s: ${fmt(stats.distinct)} delivered, ${fmt(open)} claimed unrecorded`);
      if (stats.distinct >= N) break;
    }
  }
  const wall = (Date.now() - due) / 1000;
  const cpu = {
    server: cpuSeconds(server.pid) - cpu0.server,
    db: clusterCpuSeconds(cluster.dataDir) - cpu0.db,
    push: cpuSeconds(pushPid) - cpu0.push,
    machine: machineBusySeconds() - cpu0.machine,
  };
  const sampled = await sampler.ask<{ config: Sample[]; pull: Sample[]; errors: number }>('stop-sample');
  const { at } = await push.ask<{ at: number[] }>('arrivals');
  const late = at.filter((a) => a > 0).map((a) => a - due);
  const span = (stats.lastAt - stats.firstAt) / 1000;
  const before = (xs: Sample[]) => xs.filter((s) => s.at < due).map((s) => s.ms);
  const during = (xs: Sample[]) => xs.filter((s) => s.at >= due && s.at <= stats.lastAt).map((s) => s.ms);
  log(`machine: ${availableParallelism()} cores, Node ${process.version}; load average (1 min) during: ${loads.map((l) => l.toFixed(1)).join(', ')}`);
  log(
    `delivered ${fmt(stats.distinct)} of ${fmt(N)} (not delivered ${fmt(N - stats.distinct)}, more than once ${fmt(stats.twice)}) — all by +${fmt((stats.lastAt - due) / 1000, 1)} s ` +
      `(first at +${fmt((stats.firstAt - due) / 1000, 1)} s); ${fmt(stats.requests / Math.max(span, 0.001))} pushes/s over ${fmt(span, 1)} s`,
  );
  log(`delivered within the due minute (by +60 s): ${fmt(late.filter((l) => l <= 60_000).length)} of ${fmt(N)}`);
  log(`lateness (arrival − due): p50 ${fmt(percentile([...late].sort((a, b) => a - b), 50) / 1000, 1)} s, p99 ${fmt(percentile([...late].sort((a, b) => a - b), 99) / 1000, 1)} s`);
  log(`checked ${fmt(stats.checked)} (every ${DECRYPT_EVERY}th: VAPID JWT verified, body decrypted, a reminder inside): bad ${stats.bad} ${stats.badReasons.join('; ')}`);
  log(`most reminders claimed and not yet recorded at once: ${fmt(mostOpen)}`);
  log(`/config.json before the minute: ${summary(before(sampled.config))}; during the burst: ${summary(during(sampled.config))}`);
  log(`sync_pull before the minute: ${summary(before(sampled.pull))}; during the burst: ${summary(during(sampled.pull))}; errors ${sampled.errors}`);
  log(
    `CPU over ${fmt(wall, 1)} s: server+sender ${fmt(cpu.server, 1)} s (${fmt((100 * cpu.server) / wall)} %), PostgreSQL ${fmt(cpu.db, 1)} s (${fmt((100 * cpu.db) / wall)} %), ` +
      `fake push service ${fmt(cpu.push, 1)} s (${fmt((100 * cpu.push) / wall)} %), machine ${fmt(cpu.machine, 1)} s (${fmt((100 * cpu.machine) / wall)} % of one core)`,
  );
} finally {
  await db.end();
  await server.stop();
  await database.drop();
  cluster.stop();
  push.child.send({ type: 'close' });
  sampler.child.send({ type: 'close' });
}
