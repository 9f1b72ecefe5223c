// What notification pushes (SPEC §17) add to the sender's minute: BENCH_SUBS subscriptions (one
// person each, a list of their own), each person holding BENCH_OLD read notifications from days
// ago. Timed, each over the 64 slices in pages of 500 as the sender claims them, median of
// BENCH_ROUNDS rounds:
//  - a busy minute: every person has one new unread notification — the claim statements, the
//    marks, and the whole pass with a push service that answers at once (no encryption: that is
//    the reminders' cost per push, BENCHMARKS.md "the sender under Deno");
//  - an idle minute after read marks: every person's counter moved past the device's cursor but
//    nothing is unread (each device is looked at, none claimed);
//  - a quiet minute: nothing moved.
// Run: npx tsx bench/notification-pushes.ts pglite|pg   (env BENCH_SUBS=10000, BENCH_OLD=20, BENCH_ROUNDS=5)
import webpush from 'web-push';
import { sendNotificationPushes } from '../supabase/functions/_shared/notification-push-sender.ts';
import { sqlNotificationPushStore } from '../supabase/functions/_shared/notification-push-store.ts';
import { userSlices } from '../supabase/functions/_shared/push-batches.ts';
import { pushTargets } from '../supabase/functions/_shared/push-target.ts';
import { vapidHeaders } from '../supabase/functions/_shared/vapid-header.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const SUBS = Number(process.env.BENCH_SUBS ?? 10_000);
const OLD = Number(process.env.BENCH_OLD ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ORIGIN = 'http://127.0.0.1:9';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { srv, done } = await benchServer(kind, { pushTestOrigin: ORIGIN });
try {
  const t0 = performance.now();
  const sql = srv.sql;
  await sql.query(`insert into auth.users (id, email) select gen_random_uuid(), 'nb-' || i || '@example.test' from generate_series(1, $1::int) i`, [SUBS]);
  await sql.query(`insert into public.lists (id, owner_id, name, color, position, is_inbox)
    select id, id, 'Inbox', 'grey', 'a0', true from auth.users where email like 'nb-%'`);
  await sql.query(`insert into public.list_members (list_id, user_id, email, role) select id, id, email, 'owner' from auth.users where email like 'nb-%'`);
  await sql.query(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, created_at)
    select id, '${ORIGIN}/push/' || id, 'k', 'a', 'UTC', now() - interval '30 days' from auth.users where email like 'nb-%'`);
  // the read past: BENCH_OLD each, days old, versions 1…OLD
  await sql.query(`insert into public.notifications (recipient, kind, list_id, task_id, actor_id, at, read_at, payload, version)
    select u.id, 'comment', u.id, gen_random_uuid(), gen_random_uuid(), now() - make_interval(days => 1 + i % 60), now() - interval '1 day',
      '{"title": "Old", "actor_name": "Ana"}', i
    from auth.users u, generate_series(1, $1::int) i where u.email like 'nb-%'`, [OLD]);
  await sql.query(`insert into daybook_private.notification_heads (user_id, version) select id, $1::int from auth.users where email like 'nb-%'`, [OLD]);
  // devices pushed up to the past
  await sql.query(`insert into daybook_private.notification_pushes (subscription_id, pushed_version) select id, $1::int from public.push_subscriptions`, [OLD]);
  await sql.exec('analyze');
  console.log(`[${kind}] set up ${fmt(SUBS)} subscriptions and ${fmt(SUBS * OLD)} read notifications in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const store = sqlNotificationPushStore(sql);
  const slices = userSlices(64);
  const keys = webpush.generateVAPIDKeys();
  const channel = {
    targets: pushTargets([], ORIGIN),
    // the push service answers at once; nothing is encrypted
    deliver: async () => ({ status: 201 }),
    vapid: vapidHeaders({ subject: 'mailto:bench@daybook.test', publicKey: keys.publicKey, privateKey: keys.privateKey }),
    timeoutMs: 10_000,
  };
  // the sender's clock: a minute further each pass
  let clock = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 200;
  const claimAll = async () => {
    const t = performance.now();
    let claimed = 0;
    const now = new Date(clock);
    const since = new Date(clock - 15 * 60_000);
    for (const [from, to] of slices) {
      for (;;) {
        const page = await store.claim(since, now, 500, 120, from, to);
        claimed += page.length;
        if (page.length < 500) break;
      }
    }
    return { ms: performance.now() - t, claimed };
  };
  // made a second before the sender's next minute
  const oneEach = () =>
    sql.query(`with h as (update daybook_private.notification_heads h set version = h.version + 1 from auth.users u
        where u.id = h.user_id and u.email like 'nb-%' returning h.user_id, h.version)
      insert into public.notifications (recipient, kind, list_id, task_id, actor_id, at, payload, version)
      select h.user_id, 'assigned', h.user_id, gen_random_uuid(), gen_random_uuid(), $1::timestamptz, '{"title": "Buy milk", "actor_name": "Ana"}', h.version from h`,
      [new Date(clock + 59_000).toISOString()]);

  const busyClaim: number[] = [];
  const busyMark: number[] = [];
  const busyPass: number[] = [];
  const afterReads: number[] = [];
  const quiet: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // a busy minute, claims and marks on their own
    await oneEach();
    clock += 60_000;
    const c = await claimAll();
    if (c.claimed !== SUBS) throw new Error(`claimed ${c.claimed}, not ${SUBS}`);
    busyClaim.push(c.ms);
    const rows = await sql.query<{ subscription_id: string; version: string } & Record<string, unknown>>(
      `select subscription_id, claimed_version::text as version from daybook_private.notification_pushes where claimed_version is not null`,
    );
    const t = performance.now();
    for (let i = 0; i < rows.length; i += 200) await store.markSent(rows.slice(i, i + 200) as never);
    busyMark.push(performance.now() - t);

    // a busy minute, the whole pass (claims, 50 sends at a time, marks)
    await oneEach();
    clock += 60_000;
    const p = performance.now();
    const r = await sendNotificationPushes({
      store,
      channel,
      drop: async () => {},
      since: new Date(clock - 15 * 60_000),
      now: new Date(clock),
      slices,
      pageSize: 500,
      leaseSeconds: 120,
      concurrency: 50,
      maxPushes: Number.POSITIVE_INFINITY,
      outOfTime: () => false,
    });
    if (r.sent !== SUBS) throw new Error(`sent ${r.sent}, not ${SUBS}`);
    busyPass.push(performance.now() - p);

    // every person read something: their counter moved, nothing to push
    await sql.query(`update daybook_private.notification_heads h set version = h.version + 1 from auth.users u where u.id = h.user_id and u.email like 'nb-%'`);
    clock += 60_000;
    const idle = await claimAll();
    if (idle.claimed !== 0) throw new Error(`claimed ${idle.claimed} with nothing unread`);
    afterReads.push(idle.ms);
    // bring the cursors level again, then a minute where nothing moved
    await sql.query(`update daybook_private.notification_pushes c set pushed_version = h.version from public.push_subscriptions s
      join daybook_private.notification_heads h on h.user_id = s.user_id where s.id = c.subscription_id`);
    clock += 60_000;
    quiet.push((await claimAll()).ms);
  }
  console.log(`[${kind}] ${fmt(SUBS)} devices, one new notification each — claims (64 slices): median ${fmt(median(busyClaim))} ms; marks: ${fmt(median(busyMark))} ms; whole pass: ${fmt(median(busyPass))} ms`);
  console.log(`[${kind}] a minute after everyone read something (counter moved, nothing unread): ${fmt(median(afterReads))} ms`);
  console.log(`[${kind}] a quiet minute: ${fmt(median(quiet))} ms`);
  console.log(`[${kind}] rounds: claims ${busyClaim.map((x) => fmt(x)).join(', ')}; pass ${busyPass.map((x) => fmt(x)).join(', ')}; after reads ${afterReads.map((x) => fmt(x)).join(', ')}; quiet ${quiet.map((x) => fmt(x)).join(', ')}`);
} finally {
  await done();
}
