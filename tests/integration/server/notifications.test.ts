// Notifications made by the server (SPEC §17), on PGlite and PostgreSQL 15, through devices that
// write, push and pull as the app does: each kind reaches the people §17 names and never the
// actor; a list's level (all / mine / off) holds; a person reads only their own (RLS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, invitations, lists, members, tasks } from '@/data/write';
import { mentionToken } from '@/domain/mentions';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';
import { asUser as asUserOf } from '../../helpers/as-user';

interface Row extends Record<string, unknown> {
  recipient: string;
  kind: string;
  actor_id: string | null;
  task_id: string | null;
  payload: { title?: string; actor_name?: string; list_name?: string };
}

describe.each(SERVER_KINDS)('notifications on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const asUser = <T extends Record<string, unknown>>(user: { userId: string }, sql: string, params: unknown[] = []) =>
    asUserOf<T>(srv, kind, user, sql, params);
  /** What a person reads of the table (RLS on), oldest first. */
  const mine = (u: TestUser) => asUser<Row>(u, 'select * from public.notifications order by version');
  const kinds = async (u: TestUser) => (await mine(u)).map((n) => n.kind);

  async function sharedPair(): Promise<{ alice: Device; bob: Device; a: TestUser; b: TestUser; listId: string }> {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const list = await lists.create({ name: 'House', color: 'green' }, alice.db);
    await members.invite(list.id, b.email, 'editor', alice.db);
    await syncUntilQuiet([alice, bob]);
    await invitations.accept(list.id, bob.db);
    await syncUntilQuiet([alice, bob]);
    return { alice, bob, a, b, listId: list.id };
  }

  it('tells the invitee of an invitation and the owner of the join, not the actor', async () => {
    const { a, b } = await sharedPair();
    expect(await kinds(b)).toEqual(['invited']);
    expect((await mine(b))[0]).toMatchObject({ actor_id: a.userId, payload: { list_name: 'House' } });
    expect(await kinds(a)).toEqual(['joined']);
    expect((await mine(a))[0]).toMatchObject({ actor_id: b.userId, payload: { list_name: 'House' } });
  });

  it('tells the assignee of an assignment, a rename, a new date and a completion by someone else', async () => {
    const { alice, bob, a, b, listId } = await sharedPair();
    const task = await tasks.create({ title: 'Buy milk', list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.update(task.id, { title: 'Buy oat milk' }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.update(task.id, { due_date: '2026-12-24' }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.setDone(task.id, true, alice.db);
    await syncUntilQuiet([alice, bob]);
    const rows = (await mine(b)).filter((n) => n.task_id === task.id);
    expect(rows.map((n) => [n.kind, n.payload.title])).toEqual([
      ['assigned', 'Buy milk'],
      ['task_changed', 'Buy oat milk'],
      ['task_changed', 'Buy oat milk'],
      ['task_completed', 'Buy oat milk'],
    ]);
    expect(rows.every((n) => n.actor_id === a.userId)).toBe(true);
    // the actor is never told; bob's own edits to his task tell nobody about it
    expect((await mine(a)).filter((n) => n.task_id === task.id)).toEqual([]);
    await tasks.update(task.id, { title: 'Buy soy milk' }, bob.db);
    await syncUntilQuiet([alice, bob]);
    expect((await mine(b)).filter((n) => n.task_id === task.id)).toHaveLength(4);
  });

  it('tells the creator, assignee and earlier commenters of a comment, and the mentioned of a mention', async () => {
    const { alice, bob, a, b, listId } = await sharedPair();
    const task = await tasks.create({ title: 'Paint the fence', list_id: listId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await comments.create(task.id, 'I’ll pick it up after work', bob.db);
    await syncUntilQuiet([alice, bob]);
    expect((await mine(a)).filter((n) => n.task_id === task.id).map((n) => n.kind)).toEqual(['comment']);
    await comments.create(task.id, `Thanks ${mentionToken('Bob', b.userId)}`, alice.db);
    await syncUntilQuiet([alice, bob]);
    // bob is both an earlier commenter and mentioned: one notification, the mention
    expect((await mine(b)).filter((n) => n.task_id === task.id).map((n) => [n.kind, n.payload.title])).toEqual([['mention', 'Paint the fence']]);
    expect((await mine(a)).filter((n) => n.task_id === task.id)).toHaveLength(1);
  });

  it('keeps to a list level: mine drops comments, off drops everything', async () => {
    const { alice, bob, b, listId } = await sharedPair();
    await srv.sql.query(`insert into public.list_notify (list_id, user_id, level) values ($1, $2, 'mine')`, [listId, b.userId]);
    const task = await tasks.create({ title: 'Mow', list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await comments.create(task.id, 'Before Sunday', bob.db);
    await comments.create(task.id, 'Sure', alice.db);
    await syncUntilQuiet([alice, bob]);
    expect((await mine(b)).filter((n) => n.task_id === task.id).map((n) => n.kind)).toEqual(['assigned']);
    await srv.sql.query(`update public.list_notify set level = 'off' where list_id = $1 and user_id = $2`, [listId, b.userId]);
    await tasks.update(task.id, { title: 'Mow the lawn' }, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect((await mine(b)).filter((n) => n.task_id === task.id)).toHaveLength(1);
  });

  it('lets nobody read another person’s notifications', async () => {
    const { a, b } = await sharedPair();
    const all = await srv.sql.query<{ recipient: string }>('select recipient from public.notifications where recipient = any($1)', [[a.userId, b.userId]]);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const u of [a, b]) expect((await mine(u)).every((n) => n.recipient === u.userId)).toBe(true);
    expect(await asUser(a, 'select * from public.notifications where recipient = $1', [b.userId])).toEqual([]);
  });

  /** A raw push of changes from a device's backend with a client id of its own. */
  async function push(d: Device, mutations: { name: string; args: unknown }[]) {
    const { data, error } = await d.backend.supabase.rpc('sync_push', {
      p_client_id: crypto.randomUUID(),
      p_mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
    });
    if (error) throw new Error(error.message);
    return (data as { results: { status: string; error?: { code: string; message: string } }[] }).results;
  }

  interface NotesPage {
    rows: { id: string; kind: string; read_at: string | null; version: number }[];
    levels: { list_id: string; level: string }[];
  }

  /** Pulls a person's notifications from `after` to the end, as a device naming the key would. */
  async function pullNotes(d: Device, after: number): Promise<{ cursor: number; pages: NotesPage[] }> {
    const pages: NotesPage[] = [];
    let cursors: Record<string, number> = { notifications: after };
    const client = crypto.randomUUID();
    for (;;) {
      const { data, error } = await d.backend.supabase.rpc('sync_pull', { p_client_id: client, p_cursors: cursors, p_limit: 2 });
      if (error) throw new Error(error.message);
      const page = data as { cursors: Record<string, number>; has_more: boolean; notifications?: NotesPage };
      if (page.notifications) pages.push(page.notifications);
      cursors = page.cursors;
      if (!page.has_more) break;
    }
    return { cursor: cursors.notifications ?? -1, pages };
  }

  it('brings a person’s notifications under their own cursor, read marks and levels following to another device', async () => {
    const { alice, bob, b, listId } = await sharedPair();
    for (const title of ['One', 'Two', 'Three']) await tasks.create({ title, list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    // a pull without the key (a device from before notifications) gets none
    const { data: old } = await bob.backend.supabase.rpc('sync_pull', { p_client_id: crypto.randomUUID(), p_cursors: {} });
    expect((old as Record<string, unknown>).notifications).toBeUndefined();

    const first = await pullNotes(bob, 0);
    const rows = first.pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.kind)).toEqual(['invited', 'assigned', 'assigned', 'assigned']);
    expect(rows.every((r) => r.read_at === null)).toBe(true);
    // nothing new: the cursor stays, no rows come
    expect(await pullNotes(bob, first.cursor)).toEqual({ cursor: first.cursor, pages: [] });

    // the phone reads one, then everything up to now; the laptop's next pull brings the marks
    const phone = await connectDevice(srv, b, 'phone');
    expect(await push(phone, [{ name: 'notification.read', args: { ids: [rows[1]!.id, crypto.randomUUID()] } }])).toMatchObject([{ status: 'applied' }]);
    let next = await pullNotes(bob, first.cursor);
    expect(next.pages.flatMap((p) => p.rows).map((r) => [r.id, r.read_at !== null])).toEqual([[rows[1]!.id, true]]);
    expect(await push(phone, [{ name: 'notification.read_all', args: { before: new Date().toISOString() } }])).toMatchObject([{ status: 'applied' }]);
    next = await pullNotes(bob, next.cursor);
    expect(next.pages.flatMap((p) => p.rows).map((r) => r.id).sort()).toEqual([rows[0]!.id, rows[2]!.id, rows[3]!.id].sort());
    expect(next.pages.flatMap((p) => p.rows).every((r) => r.read_at !== null)).toBe(true);

    // a level is a change too, and comes with the next page
    expect(await push(phone, [{ name: 'list.notify', args: { list_id: listId, level: 'mine' } }])).toMatchObject([{ status: 'applied' }]);
    next = await pullNotes(bob, next.cursor);
    expect(next.pages.at(-1)?.levels).toEqual([{ list_id: listId, level: 'mine' }]);
    const bad = await push(phone, [
      { name: 'list.notify', args: { list_id: listId, level: 'loud' } },
      { name: 'list.notify', args: { list_id: crypto.randomUUID(), level: 'off' } },
      { name: 'notification.read_all', args: { before: 'soon' } },
    ]);
    expect(bad.map((r) => r.error?.code)).toEqual(['invalid', 'not_found', 'invalid']);
  });

  it('keeps a person’s notifications on each of their devices, read marks following', async () => {
    const { alice, bob, b, listId } = await sharedPair();
    const laptop = await connectDevice(srv, b, 'laptop');
    await tasks.create({ title: 'Water the plants', list_id: listId, assignee: b.userId }, alice.db);
    await syncUntilQuiet([alice, bob, laptop]);
    const held = async (d: Device) => (await d.db.notifications.orderBy('at').toArray()).map((n) => [n.kind, n.payload.title ?? n.payload.list_name, n.unread]);
    expect(await held(bob)).toEqual([['invited', 'House', 1], ['assigned', 'Water the plants', 1]]);
    expect(await held(laptop)).toEqual(await held(bob));
    expect(await alice.db.notifications.where('[unread+at]').between([1, ''], [1, '\uffff']).count()).toBe(1);
    await push(bob, [{ name: 'notification.read_all', args: { before: new Date().toISOString() } }]);
    await syncUntilQuiet([bob, laptop]);
    expect((await held(laptop)).map((n) => n[2])).toEqual([0, 0]);
  });
});
