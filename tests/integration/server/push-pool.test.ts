// The stand-in's send threads (server/push-pool.ts), through the real API on PGlite and
// PostgreSQL 15: a sender whose pushes are encrypted and sent in worker threads keeps every
// promise of the one that sends on its own thread — each device gets its reminders once,
// encrypted to its keys (the fake push service decrypts them, RFC 8291) and VAPID-signed; a
// gone subscription is dropped, a 503 or a push with no answer goes again, a redirect is not
// followed — and a thread that dies or stops answering loses nothing and sends nothing twice:
// its pushes go again the next minute, once. close() ends every thread.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPushPool, type PushPool } from '../../../server/push-pool';
import { createPushSender, type PushSender } from '../../../supabase/functions/_shared/push-sender';
import { type FakePushService, type PushSubscriptionJson, startFakePushService } from '../../helpers/fake-push-service';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pushOk, taskCreate } from '../../helpers/server-sync';

const SUBJECT = 'mailto:ops@daybook.test';
const failing = (name: string) => new URL(`../../helpers/push-workers/${name}.mjs`, import.meta.url);

describe.each(SERVER_KINDS)('reminder pushes through send threads on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  let vapidPrivateKey = '';
  let clock = 0;
  const pools: PushPool[] = [];
  const senders: PushSender[] = [];

  beforeAll(async () => {
    push = await startFakePushService();
    srv = await startTestServer(kind, { pushTestOrigin: push.origin, pushSender: false });
    vapidPrivateKey = (JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string }).vapidPrivateKey;
  });
  afterEach(async () => {
    for (const s of senders.splice(0)) await s.stop();
    for (const p of pools.splice(0)) await p.close();
  });
  afterAll(async () => {
    await srv?.stop();
    await push?.close();
  });

  const pool = (opts: Parameters<typeof createPushPool>[0] = {}) => {
    const p = createPushPool({ threads: 2, ...opts });
    pools.push(p);
    return p;
  };
  const newSender = (p: PushPool, over: Partial<Parameters<typeof createPushSender>[0]> = {}) => {
    const s = createPushSender({
      db: srv.sql,
      vapid: { publicKey: srv.vapidPublicKey, privateKey: vapidPrivateKey },
      subject: SUBJECT,
      now: () => clock,
      timeoutMs: 60_000,
      testOrigin: push.origin,
      deliver: p.deliver,
      ...over,
    });
    senders.push(s);
    return s;
  };
  async function subscribe(user: TestUser, sub: PushSubscriptionJson = push.newSubscription()) {
    const { error } = await user.client.rpc('push_subscribe', {
      p_endpoint: sub.endpoint,
      p_p256dh: sub.keys.p256dh,
      p_auth: sub.keys.auth,
      p_time_zone: 'UTC',
      p_remind_at: '09:00',
    });
    if (error) throw new Error(`${error.message} ${error.details}`);
    await srv.sql.query(`update public.push_subscriptions set created_at = '2020-01-01' where endpoint = $1`, [sub.endpoint]);
    return sub;
  }
  /** `n` tasks of `user` due at `day` `time` UTC, each with a reminder at the time. */
  async function dueTasks(user: TestUser, n: number, day: string, time: string) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(newId());
    await pushOk(
      user.client,
      newId(),
      ids.map((id, i) => taskCreate(i + 1, id, user.userId, `${user.email} task ${i}`, { due_date: day, due_time: time })),
    );
    await srv.sql.query(
      `insert into public.reminders (task_id, user_id, list_id, offset_minutes)
       select t.id, t.created_by, t.list_id, 0 from public.tasks t where t.id = any($1::uuid[])`,
      [ids],
    );
  }
  const payloads = (endpoint: string) =>
    push.deliveries.filter((d) => d.endpoint === endpoint).map((d) => JSON.parse(d.payload) as { kind: string; title: string; count?: number });

  it('sends each device its reminders once, encrypted to its keys and VAPID-signed; drops the gone, retries the passing', async () => {
    clock = Date.parse('2032-03-03T09:00:00.200Z');
    const people = await Promise.all(Array.from({ length: 6 }, () => signUpUser(srv)));
    const phones: PushSubscriptionJson[] = [];
    for (const [i, p] of people.entries()) {
      phones.push(await subscribe(p));
      await dueTasks(p, i === 0 ? 3 : 1, '2032-03-03', '09:00');
    }
    const [gone, busy, redirecting, hanging] = phones.slice(2);
    push.answer(gone!.endpoint, 410);
    push.answer(busy!.endpoint, 503);
    push.answer(redirecting!.endpoint, { redirect: push.newSubscription().endpoint });
    push.answer(hanging!.endpoint, 'hang');
    push.expectVapidKey(srv.vapidPublicKey);
    const p = pool();
    const first = await newSender(p, { timeoutMs: 500 }).tick();
    expect(first).toMatchObject({ claimed: 8, sent: 4, gone: 1, failed: 1, retried: 2, pushes: 6 });
    expect(p.live).toBe(2);
    expect(payloads(phones[0]!.endpoint)).toEqual([expect.objectContaining({ kind: 'reminders', count: 3 })]);
    expect(payloads(phones[1]!.endpoint)).toEqual([expect.objectContaining({ kind: 'reminder' })]);
    expect(push.deliveries.filter((d) => d.endpoint === phones[1]!.endpoint)[0]).toMatchObject({ ttl: 3600, urgency: 'high', claims: { sub: SUBJECT, aud: push.origin } });
    expect(push.requests.filter((r) => r.method !== 'POST')).toEqual([]);
    expect(await srv.sql.query('select 1 from public.push_subscriptions where endpoint = $1', [gone!.endpoint])).toHaveLength(0);

    push.answer(busy!.endpoint, null);
    push.answer(hanging!.endpoint, null);
    clock += 60_000;
    expect(await newSender(p).tick()).toMatchObject({ claimed: 2, sent: 2 });
    for (const phone of [phones[0]!, phones[1]!, busy!, hanging!]) expect(payloads(phone.endpoint)).toHaveLength(1);
    expect(payloads(redirecting!.endpoint)).toHaveLength(0);
    clock += 60_000;
    expect((await newSender(p).tick()).claimed).toBe(0);
  });

  it('a send thread that dies loses no reminder and sends none twice: its pushes go again the next minute', async () => {
    clock = Date.parse('2032-04-04T09:00:00.200Z');
    const people = await Promise.all(Array.from({ length: 5 }, () => signUpUser(srv)));
    const phones: PushSubscriptionJson[] = [];
    for (const p of people) {
      phones.push(await subscribe(p));
      await dueTasks(p, 1, '2032-04-04', '09:00');
    }
    const broken = pool({ threads: 1, workerUrl: failing('throws') });
    expect(await newSender(broken).tick()).toMatchObject({ claimed: 5, sent: 0, retried: 5, failed: 0 });
    expect(broken.live).toBe(0);
    for (const phone of phones) expect(payloads(phone.endpoint)).toHaveLength(0);
    // in the same minute the claims are released, not recorded: the next minute sends them, once
    clock += 60_000;
    expect(await newSender(pool()).tick()).toMatchObject({ claimed: 5, sent: 5 });
    for (const phone of phones) expect(payloads(phone.endpoint)).toHaveLength(1);
    clock += 60_000;
    expect((await newSender(pool()).tick()).claimed).toBe(0);
  });

  it('a send thread that stops answering is stopped and its pushes go again', async () => {
    clock = Date.parse('2032-05-05T09:00:00.200Z');
    const erin = await signUpUser(srv);
    const phone = await subscribe(erin);
    await dueTasks(erin, 1, '2032-05-05', '09:00');
    const stuck = pool({ threads: 1, workerUrl: failing('silent'), graceMs: 100 });
    expect(await newSender(stuck, { timeoutMs: 200 }).tick()).toMatchObject({ claimed: 1, sent: 0, retried: 1 });
    expect(stuck.live).toBe(0);
    clock += 60_000;
    expect(await newSender(pool()).tick()).toMatchObject({ claimed: 1, sent: 1 });
    expect(payloads(phone.endpoint)).toHaveLength(1);
  });
});

describe('the send threads', () => {
  it('start on the first push and all end on close(); a push after close() is refused', async () => {
    const push = await startFakePushService();
    try {
      const p = createPushPool({ threads: 2 });
      expect(p.live).toBe(0);
      const sub = push.newSubscription();
      const delivery = { ...sub.keys, endpoint: sub.endpoint, payload: '{"kind":"test"}', authorization: 'vapid t=x, k=y', ttlSeconds: 60, urgency: 'high' as const, timeoutMs: 5000 };
      // the fake refuses the made-up VAPID header: the push service answered, which is all this needs
      expect(await p.deliver(delivery)).toEqual({ status: expect.any(Number) });
      expect(p.live).toBe(2);
      await p.close();
      expect(p.live).toBe(0);
      await expect(p.deliver(delivery)).rejects.toThrow(/closed/);
    } finally {
      await push.close();
    }
  });
});
