// The hosted reminder sender under Deno itself: supabase/functions/send-reminders served by
// `deno run` (tests/helpers/deno.ts, nothing downloaded) against the stand-in's PostgREST slice as
// service_role, pushing to the fake push service (another process, which decrypts every push).
// BENCH_DUE reminders (one a person, each with its own subscription) come due in the current
// minute of the real clock (the function reads it); the function is called one call after
// another, each bounded to CLAIMS_PER_CALL claims, until a call claims nothing. Reports each
// call's claims, wall time and the deno process's CPU time (user + system, /proc/<pid>/stat),
// and the CPU per push.
// Run: npx tsx bench/edge-sender-deno.ts pglite|pg   (env BENCH_DUE=3000, CLAIMS_PER_CALL=1000)
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { signJwt } from '../server/jwt.ts';
import { type PushSubscriptionJson, serveFunction } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const DUE = Number(process.env.BENCH_DUE ?? 3000);
const PER_CALL = Number(process.env.CLAIMS_PER_CALL ?? 1000);

/** The process's CPU time so far, in ms (utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const peer = fork(join(import.meta.dirname, 'push-sender-peer.ts'), ['push'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const replies = new Map<string, (m: Record<string, unknown>) => void>();
peer.on('message', (m: { type: string }) => replies.get(m.type)?.(m as Record<string, unknown>));
const ask = <T>(type: string, msg: Record<string, unknown> = {}) =>
  new Promise<T>((resolve) => {
    replies.set(type, (m) => resolve(m as T));
    peer.send({ type, ...msg });
  });
const { origin } = await new Promise<{ origin: string }>((resolve) => replies.set('ready', (m) => resolve(m as { origin: string })));
const { srv, done } = await benchServer(kind, { pushTestOrigin: origin });
const vapid = webpush.generateVAPIDKeys();
const iat = Math.floor(Date.now() / 1000);
const fn = await serveFunction('send-reminders', {
  SUPABASE_URL: srv.url,
  SUPABASE_SERVICE_ROLE_KEY: signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret),
  SEND_REMINDERS_SECRET: 'bench-secret',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:bench@daybook.test',
  DAYBOOK_TEST_PUSH_ORIGIN: origin,
  CLAIMS_PER_CALL: String(PER_CALL),
});
try {
  // due a minute ago in real time, so every one is due at the first call
  const at = new Date(Date.now() - 60_000);
  const day = at.toISOString().slice(0, 10);
  const time = at.toISOString().slice(11, 16);
  await srv.sql.query(`insert into auth.users (id, email) select gen_random_uuid(), 'edge-' || i || '@example.test' from generate_series(1, $1::int) i`, [DUE]);
  await srv.sql.query(`insert into public.lists (id, owner_id, name, color, position, is_inbox)
    select id, id, 'Inbox', 'grey', 'a0', true from auth.users where email like 'edge-%'`);
  await srv.sql.query(`insert into public.list_members (list_id, user_id, email, role) select id, id, email, 'owner' from auth.users where email like 'edge-%'`);
  await srv.sql.query(
    `insert into public.tasks (id, list_id, title, position, created_by, due_date, due_time)
     select gen_random_uuid(), u.id, 'Reminder for ' || u.email, 'a0', u.id, $1::date, $2 from auth.users u where u.email like 'edge-%'`,
    [day, time],
  );
  await srv.sql.query(`insert into public.reminders (task_id, user_id, list_id, offset_minutes)
    select t.id, t.created_by, t.list_id, 0 from public.tasks t where t.title like 'Reminder for edge-%'`);
  const users = await srv.sql.query<{ id: string }>(`select id from auth.users where email like 'edge-%' order by email`);
  const { subs } = await ask<{ subs: PushSubscriptionJson[] }>('subs', { n: DUE });
  for (let from = 0; from < DUE; from += 1000) {
    const params: string[] = [];
    const values: string[] = [];
    for (let i = from; i < Math.min(DUE, from + 1000); i++) {
      params.push(users[i]!.id, subs[i]!.endpoint, subs[i]!.keys.p256dh, subs[i]!.keys.auth);
      const n = params.length;
      values.push(`($${n - 3}::uuid, $${n - 2}, $${n - 1}, $${n}, 'UTC', '09:00', now() - interval '1 day')`);
    }
    await srv.sql.query(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at, created_at) values ${values.join(', ')}`, params);
  }
  await srv.sql.exec('analyze');
  const call = () => fetch(`${fn.url}/send-reminders`, { method: 'POST', headers: { authorization: 'Bearer bench-secret' } });
  // one call that finds nothing due warms the function up (module load, first JIT)
  await srv.sql.query(`update public.push_subscriptions set next_push_at = now() + interval '1 hour' where user_id in (select id from auth.users where email like 'edge-%')`);
  await call();
  await srv.sql.query(`update public.push_subscriptions set next_push_at = null where user_id in (select id from auth.users where email like 'edge-%')`);
  const calls: { claimed: number; sent: number; cpu: number; wall: number; unfinished: boolean }[] = [];
  for (let i = 0; i < Math.ceil(DUE / PER_CALL) + 3; i++) {
    const cpu0 = cpuMs(fn.pid);
    const t0 = performance.now();
    const r = (await (await call()).json()) as { claimed: number; sent: number; unfinished: boolean };
    const c = { claimed: r.claimed, sent: r.sent, unfinished: r.unfinished, wall: performance.now() - t0, cpu: cpuMs(fn.pid) - cpu0 };
    calls.push(c);
    console.log(`[${kind}] call ${i + 1}: claimed ${fmt(c.claimed)}, sent ${fmt(c.sent)}, unfinished ${c.unfinished} — ${fmt(c.wall)} ms wall, ${fmt(c.cpu)} ms CPU (deno)`);
    if (c.claimed === 0) break;
  }
  const { counts } = await ask<{ counts: Record<string, number> }>('deliveries');
  const once = subs.filter((s) => counts[s.endpoint] === 1).length;
  const full = calls.filter((c) => c.unfinished);
  const perPush = full.map((c) => c.cpu / c.sent).sort((a, b) => a - b);
  const cpus = full.map((c) => c.cpu).sort((a, b) => a - b);
  console.log(
    `[${kind}] ${fmt(DUE)} due, CLAIMS_PER_CALL ${fmt(PER_CALL)}: ${calls.length} calls, delivered once ${fmt(once)} of ${fmt(DUE)}; ` +
      `full calls' (those stopped at the bound) CPU median ${fmt(percentile(cpus, 50))} ms, max ${fmt(cpus.at(-1) ?? 0)} ms; CPU a push median ${fmt(percentile(perPush, 50), 2)} ms`,
  );
} finally {
  await fn.stop();
  await done();
  peer.send({ type: 'close' });
}
