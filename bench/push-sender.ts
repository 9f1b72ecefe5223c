// The reminder sender under load, as the server runs it: 10,000 subscriptions (one person
// each), of which 1 % are bad (keys that are no P-256 point, hosts that are no push service) or
// hang (their push service never answers), and 10,000 reminders due in one minute. The server
// and its sender share this process (PGlite in it too, by default); the fake push service, which
// decrypts every push, and a sampler timing GET /config.json run in another process
// (bench/push-sender-peer.ts), loopback only. The sender's clock steps a minute per tick until a
// tick finds nothing but the hanging ones. Reports: every good subscription delivered exactly
// once, nothing to a bad one, each tick's duration, and /config.json latency p50/p99/max.
// Run: npx tsx bench/push-sender.ts pglite|pg   (env BENCH_SUBS=10000, BENCH_BAD_PERCENT=1)
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PushSubscriptionJson } from '../tests/helpers/index.ts';
import { createPushSender, type TickResult } from '../supabase/functions/_shared/push-sender.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const SUBS = Number(process.env.BENCH_SUBS ?? 10_000);
const BAD_PERCENT = Number(process.env.BENCH_BAD_PERCENT ?? 1);
// 09:00 UTC on a day far from any other data: every reminder fires then
const TICK = Date.parse('2030-10-01T09:00:00.200Z');
const TIMEOUT_MS = 10_000;
const MAX_TICKS = 16;

function startPeer(role: 'push' | 'sampler') {
  const child = fork(join(import.meta.dirname, 'push-sender-peer.ts'), [role], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const replies = new Map<string, (m: Record<string, unknown>) => void>();
  child.on('message', (m: { type: string }) => replies.get(m.type)?.(m as Record<string, unknown>));
  const ask = <T>(type: string, msg: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      replies.set(type, (m) => resolve(m as T));
      child.send({ type, ...msg });
    });
  // listening before the child can be ready
  const ready = new Promise<{ origin: string }>((resolve) => replies.set('ready', (m) => resolve(m as { origin: string })));
  return { child, ask, ready };
}
const { child: peer, ask, ready } = startPeer('push');
const { child: samplerPeer, ask: askSampler, ready: samplerReady } = startPeer('sampler');
const { origin } = await ready;
await samplerReady;
const { srv, done } = await benchServer(kind, { pushTestOrigin: origin });
try {
  const t0 = performance.now();
  await srv.sql.query(
    `insert into auth.users (id, email) select gen_random_uuid(), 'bench-' || i || '@example.test' from generate_series(1, $1::int) i`,
    [SUBS],
  );
  await srv.sql.query(`insert into public.lists (id, owner_id, name, color, position, is_inbox)
    select id, id, 'Inbox', 'grey', 'a0', true from auth.users where email like 'bench-%'`);
  await srv.sql.query(`insert into public.list_members (list_id, user_id, email, role)
    select id, id, email, 'owner' from auth.users where email like 'bench-%'`);
  await srv.sql.query(`insert into public.tasks (id, list_id, title, position, created_by, due_date, due_time)
    select gen_random_uuid(), u.id, 'Reminder for ' || u.email, 'a0', u.id, date '2030-10-01', '09:00'
    from auth.users u where u.email like 'bench-%'`);
  await srv.sql.query(`insert into public.reminders (task_id, user_id, list_id, offset_minutes)
    select t.id, t.created_by, t.list_id, 0 from public.tasks t where t.title like 'Reminder for bench-%'`);
  const users = await srv.sql.query<{ id: string }>(`select id from auth.users where email like 'bench-%' order by email`);
  const { subs } = await ask<{ subs: PushSubscriptionJson[] }>('subs', { n: SUBS });
  // every 100th is bad or hangs, alternately: bad keys or a host that is no push service, or a push service that never answers
  const badEvery = Math.round(100 / BAD_PERCENT);
  const bad = new Set<number>();
  const hang: string[] = [];
  subs.forEach((s, i) => {
    if (i % badEvery !== 0) return;
    if ((i / badEvery) % 2 === 0) {
      bad.add(i);
      if ((i / badEvery) % 4 === 0) s.keys.p256dh = `B${'A'.repeat(86)}`;
      else s.endpoint = `https://169.254.169.254/bench/${i}`;
    } else hang.push(s.endpoint);
  });
  await ask('hang', { endpoints: hang });
  for (let from = 0; from < SUBS; from += 1000) {
    const params: string[] = [];
    const values: string[] = [];
    for (let i = from; i < Math.min(SUBS, from + 1000); i++) {
      const s = subs[i]!;
      params.push(users[i]!.id, s.endpoint, s.keys.p256dh, s.keys.auth);
      const n = params.length;
      values.push(`($${n - 3}::uuid, $${n - 2}, $${n - 1}, $${n}, 'UTC', '09:00', '2030-01-01')`);
    }
    await srv.sql.query(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at, created_at) values ${values.join(', ')}`, params);
  }
  await srv.sql.exec('analyze');
  console.log(`[${kind}] set up ${fmt(SUBS)} subscriptions (${bad.size} bad, ${hang.length} hanging), ${fmt(SUBS)} reminders due at 09:00, in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  let clock = TICK;
  // BENCH_TRACE=1: statements over 50 ms (queue wait included) and the event loop's delay
  const slow: string[] = [];
  const db = process.env.BENCH_TRACE
    ? {
        query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) => {
          const t = performance.now();
          const rows = await srv.sql.query<T>(sql, params);
          const ms = performance.now() - t;
          if (ms > 50) slow.push(`${fmt(ms)} ms ${sql.replace(/\s+/g, ' ').slice(0, 60)}`);
          return rows;
        },
      }
    : srv.sql;
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const sender = createPushSender({
    db,
    vapid: { publicKey: srv.vapidPublicKey, privateKey: (JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string }).vapidPrivateKey },
    subject: 'mailto:bench@daybook.test',
    now: () => clock,
    testOrigin: origin,
    timeoutMs: TIMEOUT_MS,
  });
  // the floor on this machine at this moment: the same sampling for 10 s with no tick running
  await askSampler('sample', { url: `${srv.url}/config.json`, everyMs: 20, maxMs: 10_000 });
  await new Promise((r) => setTimeout(r, 10_000));
  const idle = [...(await askSampler<{ latencies: number[] }>('stop-sample')).latencies].sort((a, b) => a - b);
  console.log(
    `[${kind}] /config.json with no tick running: ${fmt(idle.length)} samples, p50 ${fmt(percentile(idle, 50), 1)} ms, p99 ${fmt(percentile(idle, 99), 1)} ms, max ${fmt(idle.at(-1) ?? 0, 1)} ms`,
  );
  loop.reset();
  await askSampler('sample', { url: `${srv.url}/config.json`, everyMs: 20, maxMs: 10 * 60_000 });
  const ticks: { ms: number; r: TickResult }[] = [];
  for (let i = 0; i < MAX_TICKS; i++) {
    const start = performance.now();
    const r = await sender.tick();
    ticks.push({ ms: performance.now() - start, r });
    console.log(
      `[${kind}] tick ${i + 1}: ${fmt(performance.now() - start)} ms — claimed ${fmt(r.claimed)} in ${r.pages} pages (claims ${fmt(r.sqlMs)} ms), ` +
        `sent ${fmt(r.sent)}, gone ${r.gone}, failed ${r.failed}, retried ${r.retried}`,
    );
    if (r.sent === 0 && r.claimed <= hang.length) break;
    clock += 60_000;
  }
  loop.disable();
  console.log(`[${kind}] event loop delay: p50 ${fmt(loop.percentile(50) / 1e6, 1)} ms, p99 ${fmt(loop.percentile(99) / 1e6, 1)} ms, max ${fmt(loop.max / 1e6, 1)} ms`);
  if (slow.length) console.log(`[${kind}] ${slow.length} statements over 50 ms:\n  ${slow.slice(0, 20).join('\n  ')}`);
  const { latencies } = await askSampler<{ latencies: number[] }>('stop-sample');
  const { counts } = await ask<{ counts: Record<string, number> }>('deliveries');
  const good = subs.filter((_, i) => !bad.has(i) && !hang.includes(subs[i]!.endpoint));
  const once = good.filter((s) => counts[s.endpoint] === 1).length;
  const twice = good.filter((s) => (counts[s.endpoint] ?? 0) > 1).length;
  const toBad = [...bad].filter((i) => counts[subs[i]!.endpoint]).length;
  const sorted = [...latencies].sort((a, b) => a - b);
  const tickMs = ticks.map((t) => t.ms);
  console.log(
    `[${kind}] delivered exactly once: ${fmt(once)} of ${fmt(good.length)} good (more than once: ${twice}; to bad ones: ${toBad}); ` +
      `ticks: ${tickMs.map((m) => fmt(m / 1000, 1)).join(', ')} s (longest ${fmt(Math.max(...tickMs) / 1000, 1)} s); ` +
      `/config.json ${fmt(sorted.length)} samples: p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms, max ${fmt(sorted.at(-1) ?? 0, 1)} ms`,
  );
  await sender.stop();
} finally {
  await done();
  peer.send({ type: 'close' });
  samplerPeer.send({ type: 'close' });
}
