// SPEC §12, the database's side: one person must not stall everyone. A stranger's
// push naming someone's list does not lock it; deleting and restoring a big list rewrites its
// tasks with fresh, distinct versions in one move; invitations are limited.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, newId, pullAll, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

let seq = 0;
const m = (name: string, args: Record<string, unknown>): RawMutation => ({ id: ++seq, name, args });

describe.each(SERVER_KINDS)('bounded work on %s', (kind) => {
  let srv: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    owner = await signUpUser(srv);
  }, 120_000);
  afterAll(() => srv?.stop());

  it('deleting and restoring a list rewrites its tasks with fresh distinct versions; a device sees all of them', async () => {
    const client = newId();
    const listId = newId();
    await pushOk(owner.client, client, [m('list.create', { id: listId, name: 'Big', color: 'grey', position: 'a0' })]);
    await srv.sql.query(
      `insert into public.tasks (id, list_id, title, position, created_by)
       select gen_random_uuid(), $1::uuid, 'task ' || i, 'a' || lpad(i::text, 5, '0'), $2::uuid from generate_series(1, 300) i`,
      [listId, owner.userId],
    );
    const device = newId();
    const before = await pullAll(owner.client, device);
    const cursors = before.at(-1)!.cursors;
    await srv.sql.query(`update public.tasks set deleted_at = now() where id = (select id from public.tasks where list_id = $1 order by position limit 1)`, [listId]);
    await pushOk(owner.client, client, [m('list.delete', { id: listId })]);
    const deleted = await srv.sql.query<{ version: string; deleted_with_list: boolean }>(
      `select version::text, deleted_with_list from public.tasks where list_id = $1 and deleted_with_list`,
      [listId],
    );
    expect(deleted).toHaveLength(299);
    expect(new Set(deleted.map((r) => r.version)).size).toBe(299);
    const after = await pullAll(owner.client, device, cursors);
    // the 299 the list took, and the one deleted on its own just before
    expect(after.flatMap((p) => p.tasks).filter((t) => t.list_id === listId && t.deleted_at)).toHaveLength(300);

    await pushOk(owner.client, client, [m('list.restore', { id: listId })]);
    const live = await srv.sql.query<{ n: string }>(`select count(*)::text as n from public.tasks where list_id = $1 and deleted_at is null`, [listId]);
    expect(live[0]!.n).toBe('299');
    const again = await pullAll(owner.client, device, after.at(-1)!.cursors);
    expect(again.flatMap((p) => p.tasks).filter((t) => t.list_id === listId && !t.deleted_at)).toHaveLength(299);
  });

  it('someone who left a list is not invited back to it for 24 hours (rate_limited), then is', async () => {
    const guest = await signUpUser(srv);
    const client = newId();
    const listId = newId();
    await pushOk(owner.client, client, [m('list.create', { id: listId, name: 'Club', color: 'grey', position: 'a0' }), m('member.invite', { list_id: listId, email: guest.email, role: 'editor' })]);
    await acceptInvitations(guest.client, listId);
    await pushOk(guest.client, newId(), [m('list.leave', { list_id: listId })]);
    const refused = await pushOk(owner.client, client, [m('member.invite', { list_id: listId, email: guest.email, role: 'editor' })]);
    expect(refused.results[0]).toMatchObject({ status: 'refused', error: { code: 'rate_limited' } });
    await srv.sql.query(`update public.list_members set left_at = now() - interval '25 hours' where list_id = $1 and user_id = $2`, [listId, guest.userId]);
    const applied = await pushOk(owner.client, client, [m('member.invite', { list_id: listId, email: guest.email, role: 'viewer' })]);
    expect(applied.results[0]).toMatchObject({ status: 'applied' });
  });

  it('at most 100 invitations an hour per inviter; the 101st is refused rate_limited with the words people read', async () => {
    const inviter = await signUpUser(srv);
    const guest = await signUpUser(srv);
    const client = newId();
    const listId = newId();
    await pushOk(inviter.client, client, [m('list.create', { id: listId, name: 'Party', color: 'grey', position: 'a0' })]);
    const invites = Array.from({ length: 101 }, (_, i) => m('member.invite', { list_id: listId, email: guest.email, role: i % 2 ? 'viewer' : 'editor' }));
    const answer = await pushOk(inviter.client, client, invites.slice(0, 100));
    expect(answer.results.every((r) => r.status === 'applied')).toBe(true);
    const over = await pushOk(inviter.client, client, invites.slice(100));
    expect(over.results[0]).toMatchObject({ status: 'refused', error: { code: 'rate_limited', message: 'Too many invitations — try again later' } });
    // an hour later the inviter may invite again
    await srv.sql.query(`update daybook_private.invitations set at = at - interval '61 minutes' where inviter = $1`, [inviter.userId]);
    const later = await pushOk(inviter.client, client, [m('member.invite', { list_id: listId, email: guest.email, role: 'editor' })]);
    expect(later.results[0]).toMatchObject({ status: 'applied' });
  });

  it.runIf(kind === 'pg')('a stranger’s open push naming someone’s list does not make its owner wait', async () => {
    const stranger = await signUpUser(srv);
    // The stranger's push, held open inside a transaction, names the owner's Inbox (its id is
    // the owner's user id) — as a slow batch would while it runs.
    const c = new pg.Client({ connectionString: srv.databaseUrl });
    await c.connect();
    try {
      await c.query('begin');
      await c.query('set local role authenticated');
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: stranger.userId, role: 'authenticated' })]);
      const held = await c.query<{ r: { results: { status: string }[] } }>(`select public.sync_push($1, $2) as r`, [
        newId(),
        JSON.stringify([taskCreate(1, newId(), owner.userId, 'not yours')]),
      ]);
      expect(held.rows[0]!.r.results[0]!.status).toBe('refused');
      // meanwhile the owner pushes into that Inbox: it must not wait for the stranger's commit
      const started = Date.now();
      const answer = await Promise.race([
        pushOk(owner.client, newId(), [taskCreate(1, newId(), owner.userId, 'mine')]),
        new Promise<null>((r) => setTimeout(() => r(null), 5000)),
      ]);
      expect(answer, `the owner's push waited ${Date.now() - started} ms behind the stranger's`).not.toBeNull();
      await c.query('rollback');
    } finally {
      await c.end();
    }
  });
});

