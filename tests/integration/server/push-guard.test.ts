// Web Push cannot be turned against anyone (SPEC §15), through the real API on PGlite and
// PostgreSQL 15: a subscription names only a known push service (the tests' fake only by the
// server's test-only setting) with keys that can be used; an endpoint does not move to another
// account with other keys; at most 10 subscriptions an account. The sender: one bad
// subscription never stops another's push, a claim is a lease (a crashed sender's reminders go
// again), redirects are not followed, reminders due together for one device are one push.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender, type PushSender } from '../../../supabase/functions/_shared/push-sender';
import { type FakePushService, type PushSubscriptionJson, startFakePushService } from '../../helpers/fake-push-service';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pushOk, taskCreate } from '../../helpers/server-sync';

const SUBJECT = 'mailto:ops@daybook.test';

/** The same point with the last byte of y changed: 65 bytes, 0x04 first, off the curve. */
function offCurve(p256dh: string): string {
  const key = Buffer.from(p256dh, 'base64url');
  key[64] = key[64]! ^ 1;
  return key.toString('base64url');
}

describe.each(SERVER_KINDS)('push guard on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  let vapidPrivateKey = '';
  const senders: PushSender[] = [];

  beforeAll(async () => {
    push = await startFakePushService();
    srv = await startTestServer(kind, { pushTestOrigin: push.origin });
    vapidPrivateKey = (JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string }).vapidPrivateKey;
  });
  afterAll(async () => {
    for (const s of senders) await s.stop();
    await srv?.stop();
    await push?.close();
  });

  const subscribeArgs = (sub: PushSubscriptionJson) => ({
    p_endpoint: sub.endpoint,
    p_p256dh: sub.keys.p256dh,
    p_auth: sub.keys.auth,
    p_time_zone: 'UTC',
    p_remind_at: '09:00',
  });
  async function subscribe(user: TestUser, sub: PushSubscriptionJson = push.newSubscription()) {
    const { error } = await user.client.rpc('push_subscribe', subscribeArgs(sub));
    if (error) throw new Error(`${error.message} ${error.details}`);
    return sub;
  }
  const ownerOf = async (endpoint: string) =>
    (await srv.sql.query<{ user_id: string }>('select user_id from public.push_subscriptions where endpoint = $1', [endpoint]))[0]?.user_id ?? null;

  describe('push_subscribe', () => {
    it('refuses an endpoint that is not https on a known push service, and keys that are not a P-256 point and 16 bytes', async () => {
      const alice = await signUpUser(srv);
      const good = push.newSubscription();
      const port = Number(new URL(push.origin).port);
      const endpoints = [
        'http://127.0.0.1:1/x',
        'http://localhost:5432/',
        'http://[::1]:6379/',
        'https://169.254.169.254/latest/',
        'https://10.0.0.1:8443/admin',
        'https://user:pw@internal.corp/',
        'https://@/',
        'https://x:99999/',
        'https://[/',
        'https://push.example/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        'https://user@fcm.googleapis.com/fcm/send/x',
        'https://push.apple.com.evil.example/x',
        // the fake's host on another port, and its origin over https
        `http://127.0.0.1:${port + 1}/push/x`,
        `https://127.0.0.1:${port}/push/x`,
      ];
      for (const endpoint of endpoints) {
        const { error } = await alice.client.rpc('push_subscribe', { ...subscribeArgs(good), p_endpoint: endpoint });
        expect(error, endpoint).not.toBeNull();
        expect(`${error?.message} ${error?.details}`, endpoint).toMatch(/push endpoint/i);
      }
      const keys: [Record<string, string>, RegExp][] = [
        // 65 bytes, but not an uncompressed point (first byte 0)
        [{ p_p256dh: 'A'.repeat(87) }, /P-256/],
        [{ p_p256dh: `B${'A'.repeat(85)}` }, /P-256/],
        // 0x04 and then zeros: the right shape, but not a point on the curve
        [{ p_p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url') }, /not a point on P-256/],
        // a real point with its y moved by one
        [{ p_p256dh: offCurve(good.keys.p256dh) }, /not a point on P-256/],
        [{ p_auth: 'A'.repeat(21) }, /16 bytes/],
        [{ p_auth: '!'.repeat(22) }, /16 bytes/],
      ];
      for (const [bad, message] of keys) {
        const { error } = await alice.client.rpc('push_subscribe', { ...subscribeArgs(good), ...bad });
        expect(`${error?.message} ${error?.details}`, JSON.stringify(bad)).toMatch(message);
      }
      expect(await srv.sql.query('select 1 from public.push_subscriptions where user_id = $1', [alice.userId])).toHaveLength(0);
      // the known push services' hosts are taken (their keys as a browser makes them)
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc:def',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
        'https://web.push.apple.com/QGx0',
        'https://wns2-bl2p.notify.windows.com/w/?token=BQYAAA',
        good.endpoint,
      ]) {
        await subscribe(alice, { endpoint, keys: push.newSubscription().keys });
      }
      expect(await srv.sql.query('select 1 from public.push_subscriptions where user_id = $1', [alice.userId])).toHaveLength(5);
    });

    it('moves an endpoint to another account only with the same keys', async () => {
      const [alice, bob] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
      const bobs = await subscribe(bob);
      const other = push.newSubscription();
      const { error } = await alice.client.rpc('push_subscribe', { ...subscribeArgs(bobs), p_p256dh: other.keys.p256dh, p_auth: other.keys.auth });
      expect(`${error?.message} ${error?.details}`).toMatch(/another account/);
      expect(await ownerOf(bobs.endpoint)).toBe(bob.userId);
      // the device itself (same keys): a person signing in on it after another
      await subscribe(alice, bobs);
      expect(await ownerOf(bobs.endpoint)).toBe(alice.userId);
    });

    it('keeps at most 10 subscriptions an account: the oldest goes', async () => {
      const carol = await signUpUser(srv);
      const subs: PushSubscriptionJson[] = [];
      for (let i = 0; i < 12; i++) subs.push(await subscribe(carol));
      const left = await srv.sql.query<{ endpoint: string }>('select endpoint from public.push_subscriptions where user_id = $1', [carol.userId]);
      expect(left.map((r) => r.endpoint).sort()).toEqual(subs.slice(2).map((s) => s.endpoint).sort());
    });
  });

  describe('the sender', () => {
    // each scenario at its own minute, far from the others
    let clock = 0;
    const newSender = (over: Partial<Parameters<typeof createPushSender>[0]> = {}) => {
      const s = createPushSender({
        db: srv.sql,
        vapid: { publicKey: srv.vapidPublicKey, privateKey: vapidPrivateKey },
        subject: SUBJECT,
        now: () => clock,
        timeoutMs: 60_000,
        testOrigin: push.origin,
        ...over,
      });
      senders.push(s);
      return s;
    };

    /** `n` tasks of `user` due at `day` `time` UTC, each with a reminder at the time. */
    async function dueTasks(user: TestUser, n: number, day: string, time: string): Promise<string[]> {
      const first = newId();
      await pushOk(user.client, newId(), [taskCreate(1, first, user.userId, `${user.email} task 0`, { due_date: day, due_time: time })]);
      const rest = await srv.sql.query<{ id: string }>(
        `insert into public.tasks (id, list_id, title, position, created_by, due_date, due_time)
         select gen_random_uuid(), $1, $2 || ' task ' || k, 'a' || lpad(k::text, 4, '0'), $1, $3::date, $4
         from generate_series(1, $5::int - 1) k returning id`,
        [user.userId, user.email, day, time, n],
      );
      const ids = [first, ...rest.map((r) => r.id)];
      await srv.sql.query(
        `insert into public.reminders (task_id, user_id, list_id, offset_minutes)
         select t.id, t.created_by, t.list_id, 0 from public.tasks t where t.id = any($1::uuid[])`,
        [ids],
      );
      return ids;
    }
    /** A subscription row as an older server (or a hosted one before these checks) may hold. */
    const storeRaw = (user: TestUser, endpoint: string, p256dh: string, auth: string) =>
      srv.sql.query(
        `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at, created_at)
         values ($1, $2, $3, $4, 'UTC', '09:00', '2020-01-01')`,
        [user.userId, endpoint, p256dh, auth],
      );
    const backdate = (user: TestUser) => srv.sql.query(`update public.push_subscriptions set created_at = '2020-01-01' where user_id = $1`, [user.userId]);
    const payloads = (endpoint: string) =>
      push.deliveries.filter((d) => d.endpoint === endpoint).map((d) => JSON.parse(d.payload) as { kind: string; title: string; count?: number });

    it('one account with 20 bad subscriptions does not stop anyone else’s reminders: all 200 go', async () => {
      clock = Date.parse('2031-03-03T09:00:00.200Z');
      const people = await Promise.all(Array.from({ length: 5 }, () => signUpUser(srv)));
      const devices: PushSubscriptionJson[] = [];
      for (const p of people) {
        devices.push(await subscribe(p));
        await dueTasks(p, 40, '2031-03-03', '09:00');
        await backdate(p);
      }
      const mallory = await signUpUser(srv);
      await dueTasks(mallory, 1, '2031-03-03', '09:00');
      const keys = push.newSubscription().keys;
      const bad: [string, string, string][] = [
        ['https://@/', keys.p256dh, keys.auth],
        ['https://x:99999/', keys.p256dh, keys.auth],
        ['https://[/', keys.p256dh, keys.auth],
        ['http://127.0.0.1:1/x', keys.p256dh, keys.auth],
        ['https://169.254.169.254/latest/', keys.p256dh, keys.auth],
      ];
      // keys nothing can be encrypted to: not on the curve, not a point at all
      for (let i = 0; bad.length < 20; i++) {
        bad.push(i % 2 ? [push.newSubscription().endpoint, `B${'A'.repeat(86)}`, keys.auth] : [`https://fcm.googleapis.com/fcm/send/m${i}`, '_'.repeat(87), keys.auth]);
      }
      for (const [endpoint, p256dh, auth] of bad) await storeRaw(mallory, endpoint, p256dh, auth);

      const result = await newSender().tick();
      expect(result.failed + result.gone).toBe(20);
      // one push each, carrying all 40 of that person's reminders
      for (const d of devices) expect(payloads(d.endpoint).map((p) => p.count)).toEqual([40]);
      const sent = await srv.sql.query<{ n: number }>(
        `select count(*)::int as n from daybook_private.push_sent where sent_at is not null and subscription_id in
           (select id from public.push_subscriptions where user_id = any($1::uuid[]))`,
        [people.map((p) => p.userId)],
      );
      expect(sent[0]?.n).toBe(200);
      clock += 60_000;
      expect((await newSender().tick()).claimed).toBe(0);
    });

    it('reminders due together for one device are one notification, "3 reminders: …"', async () => {
      clock = Date.parse('2031-04-04T09:00:00.200Z');
      const dan = await signUpUser(srv);
      const phone = await subscribe(dan);
      await dueTasks(dan, 3, '2031-04-04', '09:00');
      await backdate(dan);
      const tick = await newSender().tick();
      expect(tick).toMatchObject({ claimed: 3, sent: 3 });
      const got = payloads(phone.endpoint);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ kind: 'reminders', count: 3 });
      expect(got[0]?.title).toMatch(/^3 reminders: \S/);
    });

    it('a claim is a lease: what a sender claimed and never finished goes again once the lease lapses', async () => {
      clock = Date.parse('2031-05-05T09:00:00.200Z');
      const erin = await signUpUser(srv);
      const phone = await subscribe(erin);
      await dueTasks(erin, 1, '2031-05-05', '09:00');
      await backdate(erin);
      // a sender whose process dies mid-send: its request never comes back
      const dying = newSender({ fetch: () => new Promise<Response>(() => {}) });
      senders.pop(); // its tick never ends: nothing to stop
      void dying.tick();
      await expect.poll(async () => (await srv.sql.query('select 1 from daybook_private.push_sent s join public.push_subscriptions p on p.id = s.subscription_id where p.user_id = $1', [erin.userId])).length).toBe(1);
      // another sender (or the restarted one) in the same minute leaves it to the lease
      expect((await newSender().tick()).claimed).toBe(0);
      clock += 5 * 60_000;
      expect(await newSender().tick()).toMatchObject({ claimed: 1, sent: 1 });
      expect(payloads(phone.endpoint)).toHaveLength(1);
    });

    it('never follows a redirect, and a push that never answers is sent again the next minute', async () => {
      clock = Date.parse('2031-06-06T09:00:00.200Z');
      const fay = await signUpUser(srv);
      const redirecting = await subscribe(fay);
      const target = push.newSubscription();
      const hanging = await subscribe(fay);
      await dueTasks(fay, 1, '2031-06-06', '09:00');
      await backdate(fay);
      push.answer(redirecting.endpoint, { redirect: target.endpoint });
      push.answer(hanging.endpoint, 'hang');
      const first = await newSender({ timeoutMs: 300 }).tick();
      expect(first).toMatchObject({ claimed: 2, sent: 0, failed: 1, retried: 1 });
      expect(push.requests.filter((r) => r.endpoint === target.endpoint)).toEqual([]);
      push.answer(hanging.endpoint, null);
      clock += 60_000;
      expect(await newSender().tick()).toMatchObject({ claimed: 1, sent: 1 });
      expect(payloads(hanging.endpoint)).toHaveLength(1);
      expect(payloads(redirecting.endpoint)).toHaveLength(0);
    });

    it('claims in pages of at most its page size, and two ticks asked for at once run one after the other', async () => {
      clock = Date.parse('2031-07-07T09:00:00.200Z');
      const people = await Promise.all(Array.from({ length: 5 }, () => signUpUser(srv)));
      const devices: PushSubscriptionJson[] = [];
      for (const p of people) {
        devices.push(await subscribe(p));
        await dueTasks(p, 1, '2031-07-07', '09:00');
        await backdate(p);
      }
      let inFlight = 0;
      let most = 0;
      const sizes: number[] = [];
      const { sqlPushStore } = await import('../../../supabase/functions/_shared/push-store');
      const inner = sqlPushStore(srv.sql);
      const sender = newSender({
        slices: 1,
        pageSize: 2,
        store: {
          ...inner,
          async claimPage(...args) {
            most = Math.max(most, ++inFlight);
            try {
              const page = await inner.claimPage(...args);
              sizes.push(page.length);
              return page;
            } finally {
              inFlight--;
            }
          },
        },
      });
      const [a, b] = await Promise.all([sender.tick(), sender.tick()]);
      expect(a).toMatchObject({ claimed: 5, sent: 5, pages: 3 });
      expect(b.claimed).toBe(0);
      expect(sizes).toEqual([2, 2, 1, 0]);
      expect(most).toBe(1);
      for (const d of devices) expect(payloads(d.endpoint)).toHaveLength(1);
    });
  });
});
