// Share links (SPEC §13.1) through supabase-js on PGlite and PostgreSQL 15: the owner's
// link.create and link.revoke go through sync_push; someone else previews and joins with
// link_preview and join_list. The server keeps only the token's SHA-256.
import { defaultPersonColor } from '@/domain/people';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLink } from '@/domain/model';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { linkCreate, linkTokenHash, listCreate, newId, newLinkToken, pullAll, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('share links on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;

  const push = (user: TestUser, name: string, args: Record<string, unknown>) => pushOk(user.client, newId(), [{ id: 1, name, args }]);
  const linksOf = async (user: TestUser): Promise<ShareLink[]> => (await pullAll(user.client, newId())).at(-1)!.links ?? [];
  const rpc = async (user: TestUser, fn: 'join_list' | 'link_preview', token: string) => {
    const { data, error } = await user.client.rpc(fn, { p_token: token });
    return { data, code: error?.message ?? null, words: error?.details ?? null };
  };

  /** A list of Alice's with one task. */
  async function aliceList() {
    const listId = newId();
    const taskId = newId();
    const r = await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment'), taskCreate(2, taskId, listId, 'Water the beans')]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied']);
    return { listId, taskId };
  }

  /** A link of Alice's to the list: its id and token. */
  const link = (listId: string, role = 'viewer', days = 7) => linkCreate(alice.client, listId, role, days);

  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('a viewer link: the preview tells the list, who shares it and the role; joining makes a viewer who reads and cannot write', async () => {
    const bob = await signUpUser(srv);
    const { listId, taskId } = await aliceList();
    const { token } = await link(listId, 'viewer');

    const preview = await rpc(bob, 'link_preview', token);
    expect(preview).toEqual({
      data: { list_id: listId, list_name: 'Allotment', list_color: 'blue', role: 'viewer', shared_by: alice.email.split('@')[0], shared_by_color: defaultPersonColor(alice.userId), my_role: null },
      code: null,
      words: null,
    });
    // the preview joins nobody
    expect((await pullAll(bob.client, newId())).at(-1)!.visible_lists).not.toContain(listId);

    expect(await rpc(bob, 'join_list', token)).toEqual({ data: listId, code: null, words: null });
    const pages = await pullAll(bob.client, newId());
    expect(pages.at(-1)!.visible_lists).toContain(listId);
    expect(pages.flatMap((p) => p.tasks).map((t) => t.id)).toContain(taskId);
    expect(pages.flatMap((p) => p.members).find((m) => m.list_id === listId && m.user_id === bob.userId)?.role).toBe('viewer');
    const write = await pushOk(bob.client, newId(), [taskCreate(1, newId(), listId, 'Weed')]);
    expect(write.results[0]).toMatchObject({ status: 'refused', error: { code: 'forbidden' } });
    // joining again changes nothing; the preview now says they are on it
    expect((await rpc(bob, 'join_list', token)).data).toBe(listId);
    expect((await rpc(bob, 'link_preview', token)).data).toMatchObject({ my_role: 'viewer' });
  });

  it('the server keeps the hash only: the raw token is in no row', async () => {
    const { listId } = await aliceList();
    const { id, token } = await link(listId);
    const [row] = await srv.sql.query<{ token_hash: string }>('select token_hash from public.list_links where id = $1', [id]);
    expect(row?.token_hash).toBe(linkTokenHash(token));
    for (const table of ['public.list_links', 'public.sync_mutations', 'public.list_members']) {
      const [found] = await srv.sql.query<{ n: number }>(`select count(*)::int as n from ${table} t where t::text like '%' || $1 || '%'`, [token]);
      expect(found?.n, table).toBe(0);
    }
    // and nobody reads the table through the API, the owner neither
    const { data } = await alice.client.from('list_links').select('*');
    expect(data ?? []).toEqual([]);
  });

  it('an editor link never lowers anyone: a viewer becomes an editor, an editor joining a viewer link stays one', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await aliceList();
    const viewer = await link(listId, 'viewer');
    const editor = await link(listId, 'editor');
    await rpc(bob, 'join_list', viewer.token);
    await rpc(bob, 'join_list', editor.token);
    await rpc(bob, 'join_list', viewer.token);
    const members = (await pullAll(bob.client, newId())).flatMap((p) => p.members);
    expect(members.find((m) => m.list_id === listId && m.user_id === bob.userId)?.role).toBe('editor');
    // and the owner joining their own link stays the owner
    expect((await rpc(alice, 'join_list', viewer.token)).data).toBe(listId);
    const mine = (await pullAll(alice.client, newId())).flatMap((p) => p.members);
    expect(mine.find((m) => m.list_id === listId && m.user_id === alice.userId)?.role).toBe('owner');
  });

  it("a revoked link joins nobody, and is gone from the owner's links", async () => {
    const bob = await signUpUser(srv);
    const { listId } = await aliceList();
    const { id, token } = await link(listId);
    expect((await linksOf(alice)).filter((l) => l.list_id === listId)).toMatchObject([{ id, role: 'viewer' }]);
    expect((await push(alice, 'link.revoke', { id, list_id: listId })).results[0]?.status).toBe('applied');
    expect(await rpc(bob, 'join_list', token)).toEqual({ data: null, code: 'revoked', words: 'This link was revoked' });
    expect((await rpc(bob, 'link_preview', token)).code).toBe('revoked');
    expect((await linksOf(alice)).filter((l) => l.list_id === listId)).toEqual([]);
    expect((await pullAll(bob.client, newId())).at(-1)!.visible_lists).not.toContain(listId);
  });

  it('a link lasts its days, then joins nobody; an unknown token is not_found', async () => {
    const bob = await signUpUser(srv);
    const { listId } = await aliceList();
    const { id, token } = await link(listId, 'editor', 30);
    const [row] = await srv.sql.query<{ days: number }>(
      'select round(extract(epoch from expires_at - created_at) / 86400)::int as days from public.list_links where id = $1',
      [id],
    );
    expect(row?.days).toBe(30);
    await srv.sql.query(`update public.list_links set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect(await rpc(bob, 'join_list', token)).toEqual({ data: null, code: 'expired', words: 'This link has expired' });
    expect((await linksOf(alice)).filter((l) => l.list_id === listId)).toEqual([]);
    expect((await rpc(bob, 'join_list', newLinkToken())).code).toBe('not_found');
    expect((await rpc(bob, 'link_preview', 'short')).code).toBe('not_found');
  });

  it('at most 5 live links a list; a revoked one makes room', async () => {
    const { listId } = await aliceList();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await link(listId));
    const sixth = { id: newId(), list_id: listId, role: 'viewer', expires_in_days: 1, token_hash: linkTokenHash(newLinkToken()) };
    expect((await push(alice, 'link.create', sixth)).results[0]).toMatchObject({ status: 'refused', error: { code: 'invalid', message: 'A list has at most 5 live links — revoke one first' } });
    await push(alice, 'link.revoke', { id: made[0]!.id, list_id: listId });
    expect((await push(alice, 'link.create', sixth)).results[0]?.status).toBe('applied');
  });

  it("only the owner makes links and sees them: an editor's link.create is forbidden and their pull has none", async () => {
    const bob = await signUpUser(srv);
    const { listId } = await aliceList();
    await rpc(bob, 'join_list', (await link(listId, 'editor')).token);
    const r = await push(bob, 'link.create', { id: newId(), list_id: listId, role: 'viewer', expires_in_days: 7, token_hash: linkTokenHash(newLinkToken()) });
    expect(r.results[0]).toMatchObject({ status: 'refused', error: { code: 'forbidden' } });
    expect(await linksOf(bob)).toEqual([]);
    expect((await linksOf(alice)).filter((l) => l.list_id === listId)).toHaveLength(1);
  });

  it('someone who left waits 24 hours to join again; the owner adds at most 100 people an hour', async () => {
    const bob = await signUpUser(srv);
    const carol = await signUpUser(srv);
    const { listId } = await aliceList();
    const { token } = await link(listId, 'editor');
    await rpc(bob, 'join_list', token);
    expect((await push(bob, 'list.leave', { list_id: listId })).results[0]?.status).toBe('applied');
    expect((await rpc(bob, 'join_list', token)).code).toBe('rate_limited');

    await srv.sql.query('insert into daybook_private.invitations (inviter) select $1 from generate_series(1, 100)', [alice.userId]);
    try {
      expect((await rpc(carol, 'join_list', token)).code).toBe('rate_limited');
    } finally {
      await srv.sql.query('delete from daybook_private.invitations where inviter = $1', [alice.userId]);
    }
    expect((await rpc(carol, 'join_list', token)).data).toBe(listId);
  });

  it('signed out, neither RPC answers', async () => {
    const { listId } = await aliceList();
    const { token } = await link(listId);
    const anon = newClient(srv.url, srv.anonKey);
    for (const fn of ['join_list', 'link_preview'] as const) {
      const { data, error } = await anon.rpc(fn, { p_token: token });
      expect(data, fn).toBeNull();
      expect(error, fn).not.toBeNull();
    }
  });
});
