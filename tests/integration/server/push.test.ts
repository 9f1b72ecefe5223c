// Reminders by Web Push (SPEC §11.4), the server's path, on PGlite and PostgreSQL 15: which
// reminders are due when (daybook_private.due_pushes: offsets, "Remind at" in each device's zone,
// DST, snoozes; cleared, done and deleted skipped), who may read subscriptions and reminders, and
// the sender delivering each reminder once per device to a push service that decrypts the
// payload and checks the VAPID JWT — across a restart, with a gone subscription dropped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender, type PushSender } from '../../../supabase/functions/_shared/push-sender';
import { occurrenceAt } from '../../../src/domain/recurrence/zone';
import { type FakePushService, type PushSubscriptionJson, startFakePushService } from '../../helpers/fake-push-service';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';
import { asUser as asUserOf } from '../../helpers/as-user';

const SUBJECT = 'mailto:ops@daybook.test';
const iso = (s: string) => new Date(s).toISOString();

interface DueRow {
  subscription_id: string;
  task_id: string;
  occurrence: string;
  fire_at: string;
  snoozed_until: string | null;
  today: string;
  list_name: string;
}

describe.each(SERVER_KINDS)('reminder pushes on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  let alice: TestUser;
  let bob: TestUser;
  // each person's device: its client id and its next mutation id
  const devices = new Map<string, { clientId: string; next: number }>();
  const device = (user: TestUser) => {
    const d = devices.get(user.userId) ?? { clientId: newId(), next: 1 };
    devices.set(user.userId, d);
    return d;
  };
  const apply = (user: TestUser, build: (id: number) => RawMutation) => {
    const d = device(user);
    return pushOk(user.client, d.clientId, [build(d.next++)]);
  };

  beforeAll(async () => {
    push = await startFakePushService();
    // the fake push service is plain http on loopback: allowed only by the test-only setting
    srv = await startTestServer(kind, { restartable: true, pushTestOrigin: push.origin });
    [alice, bob] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
  });
  afterAll(async () => {
    await srv?.stop();
    await push?.close();
  });

  async function task(user: TestUser, title: string, due_date: string | null, due_time: string | null = null, listId = user.userId) {
    const id = newId();
    const r = await apply(user, (n) => taskCreate(n, id, listId, title, { due_date, due_time }));
    expect(r.results[0]?.status).toBe('applied');
    return id;
  }

  async function remind(user: TestUser, taskId: string, offset: number | null, snooze?: { occurrence: string; until: string }) {
    if (!snooze) {
      const r = await apply(user, (id) =>
        offset === null ? { id, name: 'reminder.clear', args: { task_id: taskId } } : { id, name: 'reminder.set', args: { task_id: taskId, offset_minutes: offset } },
      );
      expect(r.results[0]?.status).toBe('applied');
      return;
    }
    // a snooze as the database holds it, also one for an occurrence the task has since left
    await srv.sql.query(
      `insert into public.reminders (task_id, user_id, list_id, offset_minutes, snoozed_until, snoozed_occurrence)
       select $1, $2, t.list_id, $3, $4, $5 from public.tasks t where t.id = $1
       on conflict (task_id, user_id) do update set offset_minutes = excluded.offset_minutes,
         snoozed_until = excluded.snoozed_until, snoozed_occurrence = excluded.snoozed_occurrence`,
      [taskId, user.userId, offset, snooze?.until ?? null, snooze?.occurrence ?? null],
    );
  }

  async function subscribe(user: TestUser, timeZone: string, remindAt = '09:00', sub: PushSubscriptionJson = push.newSubscription()) {
    const { error } = await user.client.rpc('push_subscribe', {
      p_endpoint: sub.endpoint,
      p_p256dh: sub.keys.p256dh,
      p_auth: sub.keys.auth,
      p_time_zone: timeZone,
      p_remind_at: remindAt,
    });
    if (error) throw new Error(error.message);
    const [row] = await srv.sql.query<{ id: string }>('select id from public.push_subscriptions where endpoint = $1', [sub.endpoint]);
    return { ...sub, id: row!.id };
  }

  const due = (since: string, now: string) =>
    srv.sql.query<DueRow & Record<string, unknown>>(
      `select subscription_id, task_id, occurrence::text as occurrence, to_json(fire_at) #>> '{}' as fire_at,
         to_json(snoozed_until) #>> '{}' as snoozed_until, today::text as today, list_name
       from daybook_private.due_pushes($1, $2)`,
      [since, now],
    );
  const fires = (rows: DueRow[], subscription: string) =>
    Object.fromEntries(rows.filter((r) => r.subscription_id === subscription).map((r) => [r.task_id, iso(r.fire_at)]));

  const asUser = <T extends Record<string, unknown>>(user: { userId: string }, sql: string, params: unknown[] = []) =>
    asUserOf<T>(srv, kind, user, sql, params);

  describe('due_pushes', () => {
    it('fires at the due time minus the offset in the device’s zone; "1 day before" is the wall time the day before, across DST', async () => {
      const berlin = await subscribe(alice, 'Europe/Berlin');
      const at0 = await task(alice, 'At the time', '2030-06-10', '14:00');
      const at5 = await task(alice, 'Five before', '2030-06-10', '14:00');
      const at60 = await task(alice, 'Hour before', '2030-06-10', '00:30');
      const dayBefore = await task(alice, 'Day before, DST', '2030-03-31', '09:00');
      const gap = await task(alice, 'In the gap', '2030-03-31', '02:30');
      const twice = await task(alice, 'Happens twice', '2030-10-27', '02:30');
      await remind(alice, at0, 0);
      await remind(alice, at5, 5);
      await remind(alice, at60, 60);
      await remind(alice, dayBefore, 1440);
      await remind(alice, gap, 0);
      await remind(alice, twice, 15);
      const rows = await due('2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z');
      expect(fires(rows, berlin.id)).toEqual({
        [at0]: iso('2030-06-10T12:00:00Z'),
        [at5]: iso('2030-06-10T11:55:00Z'),
        // 00:30 CEST less an hour: the evening before
        [at60]: iso('2030-06-09T21:30:00Z'),
        // 09:00 CET on Saturday, the day before the change to CEST (23 hours earlier, not 24)
        [dayBefore]: iso('2030-03-30T08:00:00Z'),
        // 02:30 does not exist on 31 March: 03:30 CEST
        [gap]: iso('2030-03-31T01:30:00Z'),
        // 02:30 happens twice on 27 October: the first (CEST), less 15 minutes
        [twice]: iso('2030-10-27T00:15:00Z'),
      });
      const first = rows.find((r) => r.task_id === at0)!;
      expect(first).toMatchObject({ occurrence: '2030-06-10', list_name: 'Inbox', snoozed_until: null });
      await srv.sql.query('delete from public.push_subscriptions where id = $1', [berlin.id]);
      await srv.sql.query('delete from public.reminders where user_id = $1', [alice.userId]);
    });

    it('reads a wall time in a zone as the device does (occurrenceAt): gaps move on, repeated times take the first', async () => {
      const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo', 'Asia/Kolkata', 'UTC'];
      // the 2026 transition days of those zones, and an ordinary one
      const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01', '2026-06-15'];
      const cases: [string, string, string][] = [];
      for (const zone of zones) {
        for (const day of days) for (let m = 0; m < 24 * 60; m += 15) cases.push([day, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`, zone]);
      }
      const rows = await srv.sql.query<{ t: string }>(
        `select to_json(daybook_private.zoned_instant(d::date, t::time, z)) #>> '{}' as t
         from unnest($1::text[], $2::text[], $3::text[]) with ordinality as c (d, t, z, n) order by n`,
        [cases.map((c) => c[0]), cases.map((c) => c[1]), cases.map((c) => c[2])],
      );
      const differing = cases.filter((c, i) => Date.parse(rows[i]!.t) !== occurrenceAt(...c)).map((c) => c.join(' '));
      expect(differing).toEqual([]);
      expect(cases.length).toBe(zones.length * days.length * 96);
    });

    it('a task without a time fires at each device’s "Remind at" in its own zone', async () => {
      const ny = await subscribe(bob, 'America/New_York', '07:30');
      const tokyo = await subscribe(bob, 'Asia/Tokyo', '09:00');
      const undated = await task(bob, 'Water plants', '2030-06-10');
      const dayBefore = await task(bob, 'Pack', '2030-06-10');
      await remind(bob, undated, 0);
      await remind(bob, dayBefore, 1440);
      const rows = await due('2030-06-01T00:00:00Z', '2030-06-20T00:00:00Z');
      expect(fires(rows, ny.id)).toEqual({ [undated]: iso('2030-06-10T11:30:00Z'), [dayBefore]: iso('2030-06-09T11:30:00Z') });
      expect(fires(rows, tokyo.id)).toEqual({ [undated]: iso('2030-06-10T00:00:00Z'), [dayBefore]: iso('2030-06-09T00:00:00Z') });
      // "Today" in the body is the device's date at the tick
      const late = await due('2030-06-10T11:00:00Z', '2030-06-10T11:30:00Z');
      expect(late.filter((r) => r.subscription_id === ny.id).map((r) => r.today)).toEqual(['2030-06-10']);
      await srv.sql.query('delete from public.push_subscriptions where user_id = $1', [bob.userId]);
    });

    it('a snooze for the current occurrence replaces the fire time; one for a past occurrence is over', async () => {
      const sub = await subscribe(bob, 'UTC');
      const snoozed = await task(bob, 'Snoozed', '2030-07-01', '10:00');
      const stale = await task(bob, 'Stale snooze', '2030-07-02', '10:00');
      await remind(bob, snoozed, 0, { occurrence: '2030-07-01', until: '2030-07-01T10:10:00.000Z' });
      await remind(bob, stale, 0, { occurrence: '2030-06-30', until: '2030-06-30T10:10:00.000Z' });
      const rows = await due('2030-06-25T00:00:00Z', '2030-07-05T00:00:00Z');
      expect(fires(rows, sub.id)).toEqual({ [snoozed]: iso('2030-07-01T10:10:00Z'), [stale]: iso('2030-07-02T10:00:00Z') });
      expect(rows.find((r) => r.task_id === snoozed)?.snoozed_until).toMatch(/^2030-07-01T10:10:00/);
      expect(rows.find((r) => r.task_id === stale)?.snoozed_until).toBeNull();
      // the window is (since, now]: the snooze's end exactly at now is in, at since is out
      expect((await due('2030-07-01T10:09:00Z', '2030-07-01T10:10:00Z')).map((r) => r.task_id)).toEqual([snoozed]);
      expect(await due('2030-07-01T10:10:00Z', '2030-07-01T10:11:00Z')).toEqual([]);
      await srv.sql.query('delete from public.push_subscriptions where user_id = $1', [bob.userId]);
    });

    it('cleared reminders, done, deleted and undated tasks, and lists one has left never fire', async () => {
      const sub = await subscribe(alice, 'UTC');
      const cleared = await task(alice, 'Cleared', '2030-08-01', '10:00');
      const done = await task(alice, 'Done', '2030-08-01', '10:00');
      const deleted = await task(alice, 'Deleted', '2030-08-01', '10:00');
      const live = await task(alice, 'Live', '2030-08-01', '10:00');
      const shared = newId();
      await apply(bob, (n) => listCreate(n, shared, 'Shared'));
      await apply(bob, (id) => ({ id, name: 'member.invite', args: { list_id: shared, email: alice.email, role: 'editor' } }));
      await acceptInvitations(alice.client, shared);
      const left = await task(alice, 'In a list alice left', '2030-08-01', '10:00', shared);
      for (const id of [cleared, done, deleted, live, left]) await remind(alice, id, 0);
      await remind(alice, cleared, null);
      await apply(alice, (id) => ({ id, name: 'task.update', args: { id: done, patch: { done: true } } }));
      await apply(alice, (id) => ({ id, name: 'task.delete', args: { id: deleted } }));
      const window = ['2030-08-01T09:00:00Z', '2030-08-01T10:00:00Z'] as const;
      expect((await due(...window)).map((r) => r.task_id).sort()).toEqual([live, left].sort());
      await apply(alice, (id) => ({ id, name: 'list.leave', args: { list_id: shared } }));
      expect((await due(...window)).map((r) => r.task_id)).toEqual([live]);
      // a reminder only fires after its device subscribed: no back-fill of the past
      await srv.sql.query(`update public.push_subscriptions set created_at = '2030-08-01T10:00:01Z' where id = $1`, [sub.id]);
      expect(await due(...window)).toEqual([]);
      await srv.sql.query('delete from public.push_subscriptions where user_id = $1', [alice.userId]);
      await srv.sql.query('delete from public.reminders where user_id = $1', [alice.userId]);
    });
  });

  describe('subscriptions and RLS', () => {
    it('one person cannot read another’s subscriptions or reminders, even on a shared task', async () => {
      const a = await subscribe(alice, 'Europe/London');
      const b = await subscribe(bob, 'Europe/Paris');
      const shared = newId();
      await apply(alice, (n) => listCreate(n, shared, 'Together'));
      await apply(alice, (id) => ({ id, name: 'member.invite', args: { list_id: shared, email: bob.email, role: 'editor' } }));
      await acceptInvitations(bob.client, shared);
      const t = await task(alice, 'Shared task', '2030-09-01', '10:00', shared);
      await remind(alice, t, 15);
      await remind(bob, t, 60);
      const aliceSees = await asUser<{ endpoint: string }>(alice, 'select endpoint from public.push_subscriptions');
      expect(aliceSees.map((r) => r.endpoint)).toEqual([a.endpoint]);
      const bobSees = await asUser<{ endpoint: string }>(bob, 'select endpoint from public.push_subscriptions');
      expect(bobSees.map((r) => r.endpoint)).toEqual([b.endpoint]);
      const bobReminders = await asUser<{ user_id: string; offset_minutes: number }>(bob, `select user_id, offset_minutes from public.reminders where task_id = '${t}'`);
      expect(bobReminders).toEqual([{ user_id: bob.userId, offset_minutes: 60 }]);
      await expect(asUser(bob, 'select * from daybook_private.push_sent')).rejects.toThrow(/permission denied/i);
      await expect(asUser(bob, `select * from daybook_private.due_pushes(now(), now())`)).rejects.toThrow(/permission denied/i);
      // the sender's RPCs are service_role's alone
      const { error } = await bob.client.rpc('push_claim_page', { p_since: '2030-01-01T00:00:00Z', p_now: '2031-01-01T00:00:00Z', p_limit: 500, p_lease_seconds: 60 });
      expect(error?.message).toMatch(/permission denied/i);
      // unsubscribing someone else's endpoint does nothing
      await bob.client.rpc('push_unsubscribe', { p_endpoint: a.endpoint });
      expect(await srv.sql.query('select 1 from public.push_subscriptions where id = $1', [a.id])).toHaveLength(1);
      await alice.client.rpc('push_unsubscribe', { p_endpoint: a.endpoint });
      expect(await srv.sql.query('select 1 from public.push_subscriptions where id = $1', [a.id])).toHaveLength(0);
      // an endpoint bob's device held moves to alice when she signs in on it
      const moved = await subscribe(alice, 'UTC', '08:00', b);
      const [row] = await srv.sql.query<{ user_id: string; id: string }>('select user_id, id from public.push_subscriptions where endpoint = $1', [b.endpoint]);
      expect(row).toEqual({ user_id: alice.userId, id: moved.id });
      expect(moved.id).not.toBe(b.id);
      await srv.sql.query('delete from public.push_subscriptions');
      await srv.sql.query('delete from public.reminders');
    });

    it('refuses a bad subscription with a clear message', async () => {
      const sub = push.newSubscription();
      const args = { p_endpoint: sub.endpoint, p_p256dh: sub.keys.p256dh, p_auth: sub.keys.auth, p_time_zone: 'UTC', p_remind_at: '09:00' };
      const cases: [Record<string, string>, RegExp][] = [
        [{ p_time_zone: 'Mars/Olympus_Mons' }, /Unknown time zone: Mars\/Olympus_Mons/],
        [{ p_remind_at: '9am' }, /Remind at must be a time HH:MM/],
        [{ p_endpoint: 'http://push.example/x' }, /must be an https URL/],
        [{ p_p256dh: 'abc' }, /P-256 public key/],
        [{ p_auth: 'abc' }, /16 bytes/],
      ];
      for (const [bad, message] of cases) {
        const { error } = await alice.client.rpc('push_subscribe', { ...args, ...bad });
        expect(error, JSON.stringify(bad)).not.toBeNull();
        expect(`${error?.message} ${error?.details}`).toMatch(message);
      }
      expect(await srv.sql.query('select 1 from public.push_subscriptions where endpoint = $1', [sub.endpoint])).toHaveLength(0);
    });
  });

  describe('the sender', () => {
    let clock = Date.parse('2030-10-01T08:59:30Z');
    const senders: PushSender[] = [];
    const newSender = () => {
      const s = createPushSender({
        db: srv.sql,
        vapid: { publicKey: srv.vapidPublicKey, privateKey: vapidPrivateKey() },
        subject: SUBJECT,
        now: () => clock,
        testOrigin: push.origin,
        // generous: the machine running the tests may be loaded; a timed-out send would be retried
        timeoutMs: 60_000,
      });
      senders.push(s);
      return s;
    };
    let keysJson: { vapidPrivateKey: string } | null = null;
    const vapidPrivateKey = () => keysJson!.vapidPrivateKey;

    beforeAll(async () => {
      // the server made its VAPID pair on first start beside the JWT secret
      keysJson = JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8'));
      expect(keysJson).toMatchObject({ vapidPublicKey: srv.vapidPublicKey });
      push.expectVapidKey(srv.vapidPublicKey);
    });
    afterAll(async () => {
      push.expectVapidKey(null);
      for (const s of senders) await s.stop();
    });

    const deliveredTo = (endpoint: string) => push.deliveries.filter((d) => d.endpoint === endpoint).map((d) => JSON.parse(d.payload) as { title: string; options: { tag: string; body: string; data: Record<string, unknown> }; snoozedUntil: string | null });

    it('delivers each due reminder once to each device, encrypted and VAPID-signed, also across a restart', async () => {
      const phone = await subscribe(alice, 'Europe/London');
      const laptop = await subscribe(alice, 'Europe/London');
      const bobPhone = await subscribe(bob, 'Europe/London');
      const rent = await task(alice, 'Pay rent', '2030-10-01', '10:00');
      const call = await task(bob, 'Call mum', '2030-10-01', '10:00');
      const later = await task(alice, 'Later', '2030-10-01', '10:02');
      await remind(alice, rent, 0);
      await remind(bob, call, 0);
      await remind(alice, later, 0);

      const sender = newSender();
      expect((await sender.tick()).claimed).toBe(0);
      clock = Date.parse('2030-10-01T09:00:00.300Z'); // 10:00 BST
      const first = await sender.tick();
      expect(first).toMatchObject({ claimed: 3, sent: 3, gone: 0, retried: 0, failed: 0 });
      for (const device of [phone, laptop]) {
        const got = deliveredTo(device.endpoint);
        expect(got).toHaveLength(1);
        expect(got[0]).toMatchObject({
          title: 'Pay rent',
          snoozedUntil: null,
          options: {
            tag: `reminder:${rent}:2030-10-01`,
            body: 'Today at 10:00 · Inbox',
            data: { kind: 'reminder', taskId: rent, occurrence: '2030-10-01', userId: alice.userId, url: `/tasks/${rent}` },
          },
        });
      }
      expect(deliveredTo(bobPhone.endpoint).map((p) => p.title)).toEqual(['Call mum']);
      const d = push.deliveries.find((x) => x.endpoint === phone.endpoint)!;
      expect(d.claims).toMatchObject({ aud: push.origin, sub: SUBJECT });
      expect(d.vapidKey).toBe(srv.vapidPublicKey);

      // the next minutes: nothing twice, from this sender or a second one over the same database
      clock += 60_000;
      expect((await sender.tick()).claimed).toBe(0);
      expect((await newSender().tick()).claimed).toBe(0);

      await srv.restart();
      const afterRestart = newSender();
      clock = Date.parse('2030-10-01T09:02:00.200Z');
      expect(await afterRestart.tick()).toMatchObject({ claimed: 2, sent: 2 });
      expect(deliveredTo(phone.endpoint).map((p) => p.title)).toEqual(['Pay rent', 'Later']);
      expect(deliveredTo(laptop.endpoint).map((p) => p.title)).toEqual(['Pay rent', 'Later']);
      expect(deliveredTo(bobPhone.endpoint).map((p) => p.title)).toEqual(['Call mum']);
      expect(push.rejections.filter((r) => [phone, laptop, bobPhone].some((s) => s.endpoint === r.endpoint))).toEqual([]);

      // a snooze is a new fire time under the same tag: it goes again, once
      await remind(alice, rent, 0, { occurrence: '2030-10-01', until: '2030-10-01T09:12:00.000Z' });
      clock = Date.parse('2030-10-01T09:12:00.100Z');
      expect(await afterRestart.tick()).toMatchObject({ claimed: 2, sent: 2 });
      clock += 60_000;
      expect((await afterRestart.tick()).claimed).toBe(0);
      const again = deliveredTo(phone.endpoint).at(-1)!;
      expect(again.options.tag).toBe(`reminder:${rent}:2030-10-01`);
      expect(Date.parse(again.snoozedUntil!)).toBe(Date.parse('2030-10-01T09:12:00Z'));
      await srv.sql.query('delete from public.push_subscriptions');
      await srv.sql.query('delete from public.reminders');
    });

    it('drops a subscription its push service says is gone (410), and retries one that failed for a passing reason', async () => {
      const gone = await subscribe(bob, 'UTC');
      const flaky = await subscribe(bob, 'UTC');
      const t = await task(bob, 'Bins out', '2030-10-02', '07:00');
      await remind(bob, t, 0);
      push.answer(gone.endpoint, 410);
      push.answer(flaky.endpoint, 503);
      const sender = newSender();
      clock = Date.parse('2030-10-02T07:00:00.500Z');
      expect(await sender.tick()).toMatchObject({ claimed: 2, sent: 0, gone: 1, retried: 1 });
      expect(await srv.sql.query('select 1 from public.push_subscriptions where id = $1', [gone.id])).toHaveLength(0);
      expect(await srv.sql.query('select 1 from daybook_private.push_sent where subscription_id = $1', [flaky.id])).toHaveLength(0);
      push.answer(flaky.endpoint, null);
      clock += 60_000;
      expect(await sender.tick()).toMatchObject({ claimed: 1, sent: 1 });
      clock += 60_000;
      expect((await sender.tick()).claimed).toBe(0);
      expect(deliveredTo(flaky.endpoint).map((p) => p.title)).toEqual(['Bins out']);
      expect(deliveredTo(gone.endpoint)).toEqual([]);
      // past the catch-up window a reminder is left to the device's own schedule
      const old = await task(bob, 'Old', '2030-10-02', '07:05');
      await remind(bob, old, 0);
      clock = Date.parse('2030-10-02T07:30:00Z');
      expect((await sender.tick()).claimed).toBe(0);
    });
  });
});
