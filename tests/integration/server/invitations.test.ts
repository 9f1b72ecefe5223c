// Invitations with consent (SPEC §13.1) through supabase-js on PGlite and PostgreSQL 15: an
// invitation is not a membership; nothing of the list reaches the invitee until they accept; the
// invitee sees theirs through sync_pull; an e-mail with no account waits for one.
import { defaultPersonColor } from '@/domain/people';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pullAll, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('invitations on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  const aliceClient = newId();
  let next = 1;
  const alicePush = (...ms: Omit<RawMutation, 'id'>[]) => pushOk(alice.client, aliceClient, ms.map((m) => ({ ...m, id: next++ })));
  const answer = (user: TestUser, name: string, args: Record<string, unknown>) => pushOk(user.client, newId(), [{ id: 1, name, args }]);
  const invitationsOf = async (user: TestUser): Promise<Invitation[]> => (await pullAll(user.client, newId())).at(-1)!.invitations ?? [];
  const invite = (listId: string, email: string, role = 'editor') => ({ name: 'member.invite', args: { list_id: listId, email, role } });

  /** A list of Alice's with one task, and an invitation to `email`. */
  async function invited(email: string, role = 'editor') {
    const listId = newId();
    const taskId = newId();
    const r = await alicePush(listCreate(0, listId, 'Allotment'), taskCreate(0, taskId, listId, 'Water the beans'), invite(listId, email, role));
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    return { listId, taskId };
  }

  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('an invitation is pending: the invitee is no member, reads nothing of the list, and sees the invitation in the pull', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await invited(bob.email.toUpperCase(), 'viewer');

    const pages = await pullAll(bob.client, newId());
    expect(pages.flatMap((p) => p.visible_lists)).not.toContain(listId);
    expect(pages.flatMap((p) => p.tasks).filter((t) => t.list_id === listId)).toEqual([]);
    expect(pages.at(-1)!.invitations).toEqual([
      {
        id: expect.any(String), list_id: listId, email: bob.email.toUpperCase(), role: 'viewer', status: 'pending', incoming: true,
        list_name: 'Allotment', list_color: 'blue', invited_by: alice.email.split('@')[0], invited_by_color: defaultPersonColor(alice.userId), expires_at: expect.any(String),
      },
    ]);
    // RLS: the list, its members and tasks, and the invitations table itself stay unreadable
    for (const table of ['lists', 'list_members', 'tasks']) {
      const { data } = await bob.client.from(table).select('*').eq(table === 'lists' ? 'id' : 'list_id', listId);
      expect(data ?? [], table).toEqual([]);
    }
    const { data: rows } = await bob.client.from('list_invitations').select('*');
    expect(rows ?? []).toEqual([]);
    // the inviter sees it pending
    expect((await invitationsOf(alice)).filter((i) => i.list_id === listId)).toMatchObject([{ email: bob.email.toUpperCase(), role: 'viewer', status: 'pending', incoming: false }]);
  });

  it('accepting makes the invitee a member with the role, and the list comes down', async () => {
    const bob = await signUpUser(srv);
    const { listId, taskId } = await invited(bob.email);
    expect((await answer(bob, 'invitation.accept', { list_id: listId })).results[0]).toEqual({ id: 1, status: 'applied' });
    const pages = await pullAll(bob.client, newId());
    expect(pages.at(-1)!.visible_lists).toContain(listId);
    expect(pages.flatMap((p) => p.tasks).map((t) => t.id)).toContain(taskId);
    expect(pages.flatMap((p) => p.members).find((m) => m.list_id === listId && m.user_id === bob.userId)?.role).toBe('editor');
    expect(pages.at(-1)!.invitations).toEqual([]);
    expect((await invitationsOf(alice)).filter((i) => i.list_id === listId)).toEqual([]);
    // accepting again (another device) changes nothing and is not an error
    expect((await answer(bob, 'invitation.accept', { list_id: listId })).results[0]).toEqual({ id: 1, status: 'applied' });
  });

  it('declining leaves the invitee out; the owner sees it declined until they dismiss it', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await invited(bob.email);
    expect((await answer(bob, 'invitation.decline', { list_id: listId })).results[0]).toEqual({ id: 1, status: 'applied' });
    expect(await invitationsOf(bob)).toEqual([]);
    expect((await pullAll(bob.client, newId())).at(-1)!.visible_lists).not.toContain(listId);
    expect((await invitationsOf(alice)).filter((i) => i.list_id === listId)).toMatchObject([{ email: bob.email, status: 'declined' }]);
    // a declined invitation cannot be accepted after all
    expect((await answer(bob, 'invitation.accept', { list_id: listId })).results[0]).toMatchObject({ status: 'refused', error: { code: 'not_found' } });
    await alicePush({ name: 'invitation.cancel', args: { list_id: listId, email: bob.email } });
    expect((await invitationsOf(alice)).filter((i) => i.list_id === listId)).toEqual([]);
  });

  it('a cancelled invitation is gone from the invitee and cannot be accepted', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await invited(bob.email);
    expect(await invitationsOf(bob)).toHaveLength(1);
    const r = await alicePush({ name: 'invitation.cancel', args: { list_id: listId, email: bob.email } });
    expect(r.results[0]?.status).toBe('applied');
    expect(await invitationsOf(bob)).toEqual([]);
    expect((await answer(bob, 'invitation.accept', { list_id: listId })).results[0]).toMatchObject({
      status: 'refused',
      error: { code: 'not_found', message: 'This invitation was cancelled or has expired' },
    });
  });

  it('an e-mail with no account is not refused: the invitation waits, and whoever signs up with it sees it and accepts', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const { listId, taskId } = await invited(email, 'viewer');
    expect((await invitationsOf(alice)).filter((i) => i.list_id === listId)).toMatchObject([{ email, status: 'pending' }]);
    const newcomer = await signUpUser(srv, email);
    expect(await invitationsOf(newcomer)).toMatchObject([{ list_id: listId, role: 'viewer', incoming: true, list_name: 'Allotment' }]);
    expect((await answer(newcomer, 'invitation.accept', { list_id: listId })).results[0]?.status).toBe('applied');
    const pages = await pullAll(newcomer.client, newId());
    expect(pages.flatMap((p) => p.tasks).map((t) => t.id)).toContain(taskId);
    expect(pages.flatMap((p) => p.members).find((m) => m.list_id === listId && m.user_id === newcomer.userId)?.role).toBe('viewer');
  });

  it('an invitation expires after 30 days', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await invited(bob.email);
    const [row] = await srv.sql.query<{ days: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400)::int as days from public.list_invitations where list_id = $1`,
      [listId],
    );
    expect(row?.days).toBe(30);
    await srv.sql.query(`update public.list_invitations set expires_at = now() - interval '1 second' where list_id = $1`, [listId]);
    expect(await invitationsOf(bob)).toEqual([]);
    expect((await invitationsOf(alice)).filter((i) => i.list_id === listId)).toEqual([]);
    expect((await answer(bob, 'invitation.accept', { list_id: listId })).results[0]).toMatchObject({ status: 'refused', error: { code: 'not_found' } });
  });

  it('the invitations of a deleted list vanish from the invitee', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await invited(bob.email);
    await alicePush({ name: 'list.delete', args: { id: listId } });
    expect(await invitationsOf(bob)).toEqual([]);
    expect((await answer(bob, 'invitation.accept', { list_id: listId })).results[0]).toMatchObject({ status: 'refused', error: { code: 'deleted' } });
  });
});
