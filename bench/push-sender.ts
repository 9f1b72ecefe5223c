// The reminder sender's cost per minute tick (issue #14): 1,000 people, one device each, 100
// reminders a person (100,000 stored), of which 1,000 come due in the tick's minute. Reports
// the claim statement's time (daybook_private.claim_due_pushes: find + record) with 1,000 due
// and with none due (every other minute), and pushes per second to the fake push service —
// encryption and VAPID signing by web-push, HTTP on 127.0.0.1, and the receiver's decryption,
// all in this one Node process.
// Run: npx tsx bench/push-sender.ts pglite|pg   (env BENCH_USERS=1000, BENCH_PER_USER=100, BENCH_ROUNDS=5,
// BENCH_AB=1 to compare zoned_instant's two definitions, BENCH_EXPLAIN=1 for the due query's plan)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPushSender } from '../supabase/functions/_shared/push-sender.ts';
import { startFakePushService } from '../tests/helpers/fake-push-service.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// the tick: 2030-10-01 09:00 UTC; one reminder a person fires then, the rest on later days
const TICK = Date.parse('2030-10-01T09:00:00.200Z');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const { srv, done } = await benchServer(kind);
const push = await startFakePushService();
try {
  const t0 = performance.now();
  await srv.sql.query(
    `insert into auth.users (id, email) select gen_random_uuid(), 'bench-' || i || '@example.test' from generate_series(1, $1::int) i`,
    [USERS],
  );
  await srv.sql.query(`insert into public.lists (id, owner_id, name, color, position, is_inbox)
    select id, id, 'Inbox', 'grey', 'a0', true from auth.users where email like 'bench-%'`);
  await srv.sql.query(`insert into public.list_members (list_id, user_id, email, role)
    select id, id, email, 'owner' from auth.users where email like 'bench-%'`);
  // task k of each person: k = 0 is due at the tick (10:00 in London, BST), the others on the
  // following days at assorted times, with assorted offsets
  await srv.sql.query(
    `insert into public.tasks (id, list_id, title, position, created_by, due_date, due_time)
     select gen_random_uuid(), u.id, 'task ' || k, 'a' || lpad(k::text, 4, '0'), u.id,
       date '2030-10-01' + case when k = 0 then 0 else 1 + k % 90 end,
       case when k = 0 then '10:00' when k % 3 = 0 then null else lpad((k % 24)::text, 2, '0') || ':' || lpad((k % 4 * 15)::text, 2, '0') end
     from auth.users u cross join generate_series(0, $1::int - 1) k where u.email like 'bench-%'`,
    [PER_USER],
  );
  await srv.sql.query(`insert into public.reminders (task_id, user_id, list_id, offset_minutes)
    select t.id, t.created_by, t.list_id, case when t.title = 'task 0' then 0 else (array[5, 15, 30, 60, 1440])[1 + length(t.title) % 5] end
    from public.tasks t join auth.users u on u.id = t.created_by where u.email like 'bench-%'`);
  const users = await srv.sql.query<{ id: string }>(`select id from auth.users where email like 'bench-%'`);
  const values: string[] = [];
  const params: string[] = [];
  for (const u of users) {
    const s = push.newSubscription();
    params.push(u.id, s.endpoint, s.keys.p256dh, s.keys.auth);
    const n = params.length;
    values.push(`($${n - 3}::uuid, $${n - 2}, $${n - 1}, $${n}, 'Europe/London', '09:00', '2030-01-01')`);
  }
  await srv.sql.query(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at, created_at) values ${values.join(', ')}`,
    params,
  );
  await srv.sql.exec('analyze');
  const [{ n }] = (await srv.sql.query<{ n: string }>('select count(*) as n from public.reminders')) as [{ n: string }];
  console.log(`[${kind}] set up ${fmt(Number(n))} reminders for ${fmt(users.length)} people in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  if (process.env.BENCH_EXPLAIN) {
    // the due query's plan: its body with the tick's window written in
    const [{ src }] = (await srv.sql.query<{ src: string }>(`select prosrc as src from pg_proc where proname = 'due_pushes'`)) as [{ src: string }];
    const body = src
      .replaceAll('p_since', `'${new Date(TICK - 15 * 60_000).toISOString()}'::timestamptz`)
      .replaceAll('p_now', `'${new Date(TICK).toISOString()}'::timestamptz`);
    for (const row of await srv.sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${body}`)) console.log(row['QUERY PLAN']);
  }
  let clock = TICK;
  const sender = createPushSender({
    db: srv.sql,
    // the pair the server made on first start
    vapid: { publicKey: srv.vapidPublicKey, privateKey: (JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string }).vapidPrivateKey },
    subject: 'mailto:bench@daybook.test',
    now: () => clock,
    // the receiver shares this process: on a loaded machine a request may wait long for it
    timeoutMs: 120_000,
  });
  // BENCH_AB=1: rounds alternate between zoned_instant as it is now (inlined into the query,
  // 20261125300100) and as it was first (a function call per candidate, 20261125300000)
  const migrations = join(import.meta.dirname, '../supabase/migrations');
  const definition = (file: string) => {
    const text = readFileSync(join(migrations, file), 'utf8');
    const start = text.search(/create (or replace )?function daybook_private\.zoned_instant/);
    return text.slice(start, text.indexOf('$$;', start) + 3).replace(/^create function/, 'create or replace function');
  };
  const variants = process.env.BENCH_AB
    ? [
        { name: 'inlined', sql: definition('20261125300100_push_zone_inline.sql') },
        { name: 'called', sql: definition('20261125300000_push.sql') },
      ]
    : [{ name: 'as migrated', sql: '' }];
  const results = new Map(variants.map((v) => [v.name, { busy: [] as { sql: number; send: number; rate: number }[], idle: [] as number[] }]));
  // a warm-up round, then ROUNDS timed; the claims are forgotten between rounds so the same 1,000 come due
  for (let r = 0; r <= ROUNDS; r++) {
    for (const v of variants) {
      if (v.sql) await srv.sql.exec(v.sql);
      await srv.sql.query('delete from daybook_private.push_sent');
      clock = TICK;
      const before = push.deliveries.length;
      const res = await sender.tick();
      if (res.sent !== users.length || push.deliveries.length - before !== users.length) {
        throw new Error(`expected ${users.length} sent, got ${JSON.stringify(res)} (${push.deliveries.length - before} delivered)`);
      }
      clock = TICK + 60_000;
      const quiet = await sender.tick();
      if (quiet.claimed !== 0) throw new Error(`the next minute claimed ${quiet.claimed}`);
      if (r === 0) continue;
      const out = results.get(v.name)!;
      out.busy.push({ sql: res.sqlMs, send: res.sendMs, rate: res.sent / (res.sendMs / 1000) });
      out.idle.push(quiet.sqlMs);
    }
  }
  for (const [name, { busy, idle }] of results) {
    console.log(
      `[${kind}] ${name}: tick with ${fmt(users.length)} due: claim ${fmt(median(busy.map((b) => b.sql)), 1)} ms (median of ${ROUNDS}; ${busy.map((b) => fmt(b.sql, 0)).join(', ')}), ` +
        `sending ${fmt(median(busy.map((b) => b.send)), 0)} ms = ${fmt(median(busy.map((b) => b.rate)), 0)} pushes/s; ` +
        `tick with none due: claim ${fmt(median(idle), 1)} ms (${idle.map((x) => fmt(x, 0)).join(', ')})`,
    );
  }
} finally {
  await push.close();
  await done();
}
