// Reminders through the whole path (SPEC §11.4): a reminder belongs to the person who set it. On
// PGlite and PostgreSQL 15, with devices that edit offline and sync (optimistic write, push, pull,
// rebase): another member of a shared list never receives one in a pull nor reads one through
// RLS; a reminder set offline reaches the person's other device, and so do its clear and snooze;
// a task's move carries it into the new list (and out of sight with a list the person can't see).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, lists, members, reminders, tasks } from '@/data/write';
import type { PullResult, Reminder } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';
import { asUser as asUserOf } from '../../helpers/as-user';

const DUE = { due_date: '2026-12-04', due_time: '09:30' };

/** Every reminder row a full pull with a fresh client id gives this user. */
async function pulledReminders(d: Device): Promise<(Reminder & Record<string, unknown>)[]> {
  const rows: (Reminder & Record<string, unknown>)[] = [];
  let cursors: Record<string, number> = {};
  const client = crypto.randomUUID();
  for (;;) {
    const { data, error } = await d.backend.supabase.rpc('sync_pull', { p_client_id: client, p_cursors: cursors });
    if (error) throw new Error(error.message);
    const page = data as PullResult;
    rows.push(...((page.reminders ?? []) as (Reminder & Record<string, unknown>)[]));
    cursors = page.cursors;
    if (!page.has_more) break;
  }
  return rows;
}

describe.each(SERVER_KINDS)('reminders sync on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const asUser = <T extends Record<string, unknown>>(user: { userId: string }, sql: string, params: unknown[] = []) =>
    asUserOf<T>(srv, kind, user, sql, params);

  async function sharedPair(): Promise<{ alice: Device; bob: Device; a: TestUser; b: TestUser; listId: string }> {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const list = await lists.create({ name: 'Club', color: 'green' }, alice.db);
    await members.invite(list.id, b.email, 'editor', alice.db);
    await alice.sync();
    await invitations.accept(list.id, bob.db);
    await syncUntilQuiet([alice, bob]);
    return { alice, bob, a, b, listId: list.id };
  }

  it('another member of a shared list never receives or reads your reminder; each has their own', async () => {
    const { alice, bob, a, b, listId } = await sharedPair();
    const hall = await tasks.create({ title: 'Book the hall', list_id: listId, ...DUE }, alice.db);
    await reminders.set(hall.id, 15, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.tasks.get(hall.id)).toBeDefined(); // bob sees the task…
    expect(await bob.db.reminders.count()).toBe(0); // …not alice's reminder
    expect(await pulledReminders(bob)).toEqual([]);
    expect(await asUser(b, 'select * from public.reminders')).toEqual([]);

    await reminders.set(hall.id, 1440, bob.db);
    await syncUntilQuiet([alice, bob]);
    expect(await alice.db.reminders.get(hall.id)).toMatchObject({ offset_minutes: 15 });
    expect(await bob.db.reminders.get(hall.id)).toMatchObject({ offset_minutes: 1440 });
    const alicePulls = await pulledReminders(alice);
    expect(alicePulls.map((r) => [r.task_id, r.offset_minutes])).toEqual([[hall.id, 15]]);
    expect(alicePulls[0]).not.toHaveProperty('user_id');
    expect((await pulledReminders(bob)).map((r) => r.offset_minutes)).toEqual([1440]);
    const rls = async (u: TestUser) =>
      (await asUser<{ user_id: string; offset_minutes: number }>(u, 'select user_id::text as user_id, offset_minutes from public.reminders')).map((r) => [
        r.user_id,
        r.offset_minutes,
      ]);
    expect(await rls(a)).toEqual([[a.userId, 15]]);
    expect(await rls(b)).toEqual([[b.userId, 1440]]);
    // the server holds both
    const all = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.reminders where task_id = $1', [hall.id]);
    expect(all[0]!.n).toBe(2);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a reminder set offline reaches the person’s other device, and so do its snooze and its clear', async () => {
    const a = await signUpUser(srv);
    const phone = await connectDevice(srv, a, 'phone');
    const laptop = await connectDevice(srv, a, 'laptop');
    const dentist = await tasks.create({ title: 'Dentist', ...DUE }, phone.db);
    await syncUntilQuiet([phone, laptop]);

    phone.transport.offline = true;
    await reminders.set(dentist.id, 30, phone.db);
    await phone.sync(); // fails quietly: offline
    await laptop.sync();
    expect(await laptop.db.reminders.get(dentist.id)).toBeUndefined();
    phone.transport.offline = false;
    await syncUntilQuiet([phone, laptop]);
    expect(await laptop.db.reminders.get(dentist.id)).toMatchObject({ offset_minutes: 30, list_id: dentist.list_id, snoozed_until: null });

    await reminders.snooze(dentist.id, '2026-12-04', '2026-12-04T09:10:00+01:00', laptop.db);
    await syncUntilQuiet([laptop, phone]);
    expect(await phone.db.reminders.get(dentist.id)).toMatchObject({ snoozed_until: '2026-12-04T08:10:00.000Z', snoozed_occurrence: '2026-12-04' });

    await reminders.clear(dentist.id, laptop.db);
    await syncUntilQuiet([laptop, phone]);
    expect(await phone.db.reminders.get(dentist.id)).toMatchObject({ offset_minutes: null, snoozed_until: null });
    for (const d of [phone, laptop]) expect(await d.db.refused.count()).toBe(0);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('moving the task to another list carries the reminder there, on every device of the person', async () => {
    const a = await signUpUser(srv);
    const phone = await connectDevice(srv, a, 'phone');
    const laptop = await connectDevice(srv, a, 'laptop');
    const work = await lists.create({ name: 'Work' }, phone.db);
    const report = await tasks.create({ title: 'Report', ...DUE }, phone.db);
    await reminders.set(report.id, 60, phone.db);
    await syncUntilQuiet([phone, laptop]);
    expect(await laptop.db.reminders.get(report.id)).toMatchObject({ list_id: report.list_id });

    await tasks.update(report.id, { list_id: work.id }, laptop.db);
    await syncUntilQuiet([laptop, phone]);
    for (const d of [phone, laptop]) {
      expect(await d.db.tasks.get(report.id)).toMatchObject({ list_id: work.id });
      expect(await d.db.reminders.get(report.id)).toMatchObject({ list_id: work.id, offset_minutes: 60 });
    }
    const [row] = await srv.sql.query<{ list_id: string }>('select list_id::text as list_id from public.reminders where task_id = $1', [report.id]);
    expect(row?.list_id).toBe(work.id);
    expect((await pulledReminders(phone)).map((r) => [r.task_id, r.list_id])).toEqual([[report.id, work.id]]);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('a task another member moves to a list you can’t see takes your reminder out of sight', async () => {
    const { alice, bob, a, listId } = await sharedPair();
    const hall = await tasks.create({ title: 'Book the hall', list_id: listId, ...DUE }, alice.db);
    await reminders.set(hall.id, 5, alice.db);
    await syncUntilQuiet([alice, bob]);
    const bobs = await lists.create({ name: 'Bob’s' }, bob.db);
    await tasks.update(hall.id, { list_id: bobs.id }, bob.db);
    await syncUntilQuiet([bob, alice]);
    expect(await alice.db.tasks.get(hall.id)).toBeUndefined();
    expect(await alice.db.reminders.get(hall.id)).toBeUndefined();
    expect(await pulledReminders(alice)).toEqual([]);
    expect(await asUser(a, 'select * from public.reminders')).toEqual([]);
    await Promise.all([alice.close(), bob.close()]);
  });
});
