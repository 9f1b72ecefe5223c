// Notifications by Web Push (SPEC §17), the server's path, on PGlite and PostgreSQL 15, with
// devices that write and sync as the app does: a person's unread notifications are claimed as
// one push per device, grouped ("Ana commented on Buy milk and 2 more"), at most one a minute (a
// notification made within the minute waits for the next and is grouped then); read ones, lists
// turned Off (or Only mine for comments) and the actor's own actions are never pushed; and the
// sender delivers them, in the person's language, encrypted and VAPID-signed, to a push service
// that decrypts them — in the same tick as reminders, retried after a passing failure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comments, invitations, lists, members, notifications, tasks } from '@/data/write';
import { createPushSender, type PushSender } from '../../../supabase/functions/_shared/push-sender';
import type { NotificationPush } from '../../../supabase/functions/_shared/notification-push';
import { type FakePushService, startFakePushService } from '../../helpers/fake-push-service';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';

interface Claimed extends Record<string, unknown> {
  subscription_id: string;
  user_id: string;
  count: number;
  kind: string;
  actor_name: string;
  title: string | null;
  task_id: string | null;
  one_task: boolean;
  version: string;
  ids: string[];
}

/** A whole minute, one second in: the claims' minute slots are calendar minutes. */
const minuteAfterNow = () => (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1000;

describe.each(SERVER_KINDS)('notification pushes on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
    srv = await startTestServer(kind, { pushTestOrigin: push.origin });
  });
  afterAll(async () => {
    await srv?.stop();
    await push?.close();
  });

  interface Pair {
    alice: Device;
    bob: Device;
    a: TestUser;
    b: TestUser;
    listId: string;
  }

  /** Ana shares "House" with Bob (who accepts): both named, before either device subscribes. */
  async function sharedPair(): Promise<Pair> {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    await srv.sql.query(`insert into public.profiles (user_id, display_name) values ($1, 'Ana'), ($2, 'Bob')`, [a.userId, b.userId]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const list = await lists.create({ name: 'House', color: 'green' }, alice.db);
    await members.invite(list.id, b.email, 'editor', alice.db);
    await syncUntilQuiet([alice, bob]);
    await invitations.accept(list.id, bob.db);
    await syncUntilQuiet([alice, bob]);
    return { alice, bob, a, b, listId: list.id };
  }

  async function subscribe(user: TestUser) {
    const sub = push.newSubscription();
    const { error } = await user.client.rpc('push_subscribe', {
      p_endpoint: sub.endpoint,
      p_p256dh: sub.keys.p256dh,
      p_auth: sub.keys.auth,
      p_time_zone: 'UTC',
      p_remind_at: '09:00',
    });
    if (error) throw new Error(error.message);
    const [row] = await srv.sql.query<{ id: string }>('select id from public.push_subscriptions where endpoint = $1', [sub.endpoint]);
    return { ...sub, id: row!.id };
  }

  /** The sender's claim for one person's devices at `now` (15 minutes back), as the stand-in makes it. */
  const claim = (user: TestUser, now: number) =>
    srv.sql.query<Claimed>(
      `select subscription_id, user_id, count, kind, actor_name, title, task_id, one_task, version::text as version, to_json(ids) as ids
       from daybook_private.claim_notification_pushes($1, $2, 500, 120, $3, $3)`,
      [new Date(now - 15 * 60_000).toISOString(), new Date(now).toISOString(), user.userId],
    );
  const markSent = (rows: Claimed[]) =>
    srv.sql.query('select daybook_private.mark_notification_pushes_sent($1::jsonb)', [
      JSON.stringify(rows.map((r) => ({ subscription_id: r.subscription_id, version: Number(r.version) }))),
    ]);

  it('claims one push per device for a person’s unread notifications, newest first, “and N more”, never the actor’s', async () => {
    const { alice, bob, a, b, listId } = await sharedPair();
    const [phone, laptop, anasPhone] = [await subscribe(b), await subscribe(b), await subscribe(a)];
    await tasks.create({ title: 'Pay rent', list_id: listId, assignee: b.userId }, alice.db);
    const milk = await tasks.create({ title: 'Buy milk', list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await comments.create(milk.id, 'Oat, please', alice.db);
    await syncUntilQuiet([alice, bob]);

    const now = minuteAfterNow();
    const rows = await claim(b, now);
    expect(rows.map((r) => r.subscription_id).sort()).toEqual([phone.id, laptop.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ user_id: b.userId, count: 3, kind: 'comment', actor_name: 'Ana', title: 'Buy milk', task_id: milk.id, one_task: false });
    }
    // Ana acted: nothing of hers to push
    expect(await claim(a, now)).toEqual([]);
    expect(anasPhone.id).toBeTruthy();
    // claimed (leased) and slotted: not again this minute, and once sent not again at all
    expect(await claim(b, now)).toEqual([]);
    await markSent(rows);
    expect(await claim(b, now + 60_000)).toEqual([]);
  });

  it('pushes a notification made within the minute after the last push only when the minute is over, grouped', async () => {
    const { alice, bob, b, listId } = await sharedPair();
    await subscribe(b);
    const fence = await tasks.create({ title: 'Paint the fence', list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    const t0 = minuteAfterNow();
    const first = await claim(b, t0);
    expect(first.map((r) => [r.kind, r.count, r.one_task])).toEqual([['assigned', 1, true]]);
    await markSent(first);

    await comments.create(fence.id, 'Which colour?', alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await claim(b, t0 + 20_000)).toEqual([]);
    await tasks.update(fence.id, { title: 'Paint the fence green' }, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await claim(b, t0 + 50_000)).toEqual([]);

    const next = await claim(b, t0 + 60_000);
    const made = await srv.sql.query<{ id: string }>(`select id from public.notifications where recipient = $1 and task_id = $2 order by version desc`, [b.userId, fence.id]);
    // the push's own, newest first (not the one pushed before)
    expect(next[0]?.ids).toEqual(made.slice(0, 2).map((m) => m.id));
    // the two made since the last push, about one task: a click opens it
    expect(next.map((r) => [r.kind, r.count, r.title, r.task_id, r.one_task])).toEqual([['task_changed', 2, 'Paint the fence green', fence.id, true]]);
    await markSent(next);

    // a push late in its minute (a tick that ran late): not again at the next minute's start, which
    // would be seconds later, but the minute after
    await comments.create(fence.id, 'Green it is', alice.db);
    await syncUntilQuiet([alice, bob]);
    const late = await claim(b, t0 + 120_000 + 45_000);
    expect(late.map((r) => [r.kind, r.count])).toEqual([['comment', 1]]);
    await markSent(late);
    await tasks.setDone(fence.id, true, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await claim(b, t0 + 180_000)).toEqual([]);
    expect((await claim(b, t0 + 240_000)).map((r) => [r.kind, r.count])).toEqual([['task_completed', 1]]);
  });

  it('does not push what was read meanwhile, nor what a list turned Off (or Only mine, for comments) holds', async () => {
    const { alice, bob, b, listId } = await sharedPair();
    await subscribe(b);
    const mow = await tasks.create({ title: 'Mow', list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    // read on another device before the sender came round: nothing to push
    await notifications.readAll(bob.db);
    await syncUntilQuiet([alice, bob]);
    const t0 = minuteAfterNow();
    expect(await claim(b, t0)).toEqual([]);

    // made while the list was on All, then turned to Only mine: the comment is not pushed, the rename is
    await comments.create(mow.id, 'Before Sunday', alice.db);
    await tasks.update(mow.id, { title: 'Mow the lawn' }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await notifications.setLevel(listId, 'mine', bob.db);
    await syncUntilQuiet([alice, bob]);
    const mine = await claim(b, t0);
    expect(mine.map((r) => [r.kind, r.count, r.title])).toEqual([['task_changed', 1, 'Mow the lawn']]);
    await markSent(mine);

    // Off: nothing of the list, even what was made before (the comment was never made: Only mine)
    await comments.create(mow.id, 'Or Saturday', alice.db);
    await tasks.setDone(mow.id, true, alice.db);
    await syncUntilQuiet([alice, bob]);
    await notifications.setLevel(listId, 'off', bob.db);
    await syncUntilQuiet([alice, bob]);
    expect(await claim(b, t0 + 60_000)).toEqual([]);
    // the level is read when the push goes: back on, what is still unread and recent goes
    await notifications.setLevel(listId, 'all', bob.db);
    await syncUntilQuiet([alice, bob]);
    expect((await claim(b, t0 + 120_000)).map((r) => [r.kind, r.count])).toEqual([['task_completed', 1]]);
  });

  it('is the service role’s alone', async () => {
    const { b } = await sharedPair();
    const { error } = await b.client.rpc('push_claim_notifications', {
      p_since: new Date(0).toISOString(),
      p_now: new Date().toISOString(),
      p_limit: 10,
      p_lease_seconds: 60,
    });
    expect(error).not.toBeNull();
  });

  describe('the sender', () => {
    let clock = 0;
    const senders: PushSender[] = [];
    const newSender = () => {
      const keys = JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string };
      const s = createPushSender({
        db: srv.sql,
        vapid: { publicKey: srv.vapidPublicKey, privateKey: keys.vapidPrivateKey },
        subject: 'mailto:ops@daybook.test',
        now: () => clock,
        testOrigin: push.origin,
        timeoutMs: 60_000,
      });
      senders.push(s);
      return s;
    };
    afterAll(async () => {
      for (const s of senders) await s.stop();
    });
    // the sender claims for everyone: the earlier tests' devices (some left claimed) go first
    beforeEach(async () => {
      await srv.sql.query('delete from public.push_subscriptions');
    });
    const deliveredTo = (endpoint: string) =>
      push.deliveries.filter((d) => d.endpoint === endpoint).map((d) => JSON.parse(d.payload) as NotificationPush);

    it('pushes each device one grouped message in the person’s language, opening the task or the notifications', async () => {
      const { alice, bob, b, listId } = await sharedPair();
      const phone = await subscribe(b);
      await tasks.create({ title: 'Pay rent', list_id: listId, assignee: b.userId }, alice.db);
      const milk = await tasks.create({ title: 'Buy milk', list_id: listId, assignee: b.userId }, alice.db);
      await syncUntilQuiet([alice, bob]);
      await comments.create(milk.id, 'Oat, please', alice.db);
      await syncUntilQuiet([alice, bob]);
      const sender = newSender();
      clock = minuteAfterNow();
      const first = await sender.tick();
      expect(first.notifications).toMatchObject({ sent: 1, notifications: 3, retried: 0, failed: 0 });
      expect(deliveredTo(phone.endpoint)).toEqual([
        {
          kind: 'notification',
          title: 'Ana commented on Buy milk and 2 more',
          options: { tag: `notifications:${b.userId}`, body: '', data: { kind: 'notification', userId: b.userId, taskId: null, url: '/notifications', ids: [] } },
        },
      ]);
      const d = push.deliveries.find((x) => x.endpoint === phone.endpoint)!;
      expect(d.vapidKey).toBe(srv.vapidPublicKey);

      // one task, in Bob's language now (his profile's)
      await srv.sql.query(`update public.profiles set language = 'de' where user_id = $1`, [b.userId]);
      await tasks.update(milk.id, { title: 'Hafermilch kaufen' }, alice.db);
      await syncUntilQuiet([alice, bob]);
      clock += 60_000;
      expect((await sender.tick()).notifications).toMatchObject({ sent: 1, notifications: 1 });
      // opening it marks the one it stands for read
      const [changed] = await srv.sql.query<{ id: string }>(`select id from public.notifications where recipient = $1 and kind = 'task_changed'`, [b.userId]);
      expect(deliveredTo(phone.endpoint).at(-1)).toMatchObject({
        title: 'Ana hat Hafermilch kaufen geändert',
        options: { data: { taskId: milk.id, url: `/tasks/${milk.id}`, ids: [changed!.id] } },
      });
      clock += 60_000;
      expect((await sender.tick()).notifications.claimed).toBe(0);
    });

    it('tries again the next minute after a passing failure, and drops a device its push service says is gone', async () => {
      const { alice, bob, b, listId } = await sharedPair();
      const flaky = await subscribe(b);
      const gone = await subscribe(b);
      push.answer(flaky.endpoint, 503);
      push.answer(gone.endpoint, 410);
      const bins = await tasks.create({ title: 'Bins out', list_id: listId, assignee: b.userId }, alice.db);
      await syncUntilQuiet([alice, bob]);
      const sender = newSender();
      clock = minuteAfterNow();
      expect((await sender.tick()).notifications).toMatchObject({ claimed: 2, sent: 0, retried: 1, gone: 1 });
      expect(await srv.sql.query('select 1 from public.push_subscriptions where id = $1', [gone.id])).toHaveLength(0);
      push.answer(flaky.endpoint, null);
      // the same minute: the device's slot is taken
      expect((await sender.tick()).notifications.claimed).toBe(0);
      await comments.create(bins.id, 'Tonight', alice.db);
      await syncUntilQuiet([alice, bob]);
      clock += 60_000;
      expect((await sender.tick()).notifications).toMatchObject({ sent: 1, notifications: 2 });
      expect(deliveredTo(flaky.endpoint).map((p) => [p.title, p.options.data.url])).toEqual([['Ana commented on Bins out and 1 more', `/tasks/${bins.id}`]]);
    });
  });
});
