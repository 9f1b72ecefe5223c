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
});
