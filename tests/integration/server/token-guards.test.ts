// Share links and mailed tokens against guessing and coming back (SPEC §16 "Abuse limits"), on
// PGlite and PostgreSQL 15 through supabase-js: someone removed from a list cannot rejoin through a
// link made before the removal (a newer link works); wrong tokens to join_list, link_preview and
// invitation_by_token are throttled at 20 misses in 10 minutes per account and per client address,
// then answered rate_limited — the misses counted even though each answer is a refusal.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { linkCreate, listCreate, newId, pushOk } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('token guards on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const rpc = async (user: TestUser, fn: 'join_list' | 'link_preview', token: string) => {
    const { data, error } = await user.client.rpc(fn, { p_token: token });
    return { data, code: error?.message ?? null, words: error?.details ?? null };
  };
  const wrong = () => randomBytes(32).toString('base64url');
  const forgetAddresses = () => srv.sql.query(`delete from daybook_private.token_misses where key like 'address:%'`);
  const forgetAll = () => srv.sql.query('delete from daybook_private.token_misses');

  it('a removed member cannot rejoin through a link made before the removal; a newer link lets them', async () => {
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment')]);
    const old = await linkCreate(alice.client, listId, 'editor');
    expect(await rpc(bob, 'join_list', old.token)).toMatchObject({ data: listId, code: null });
    const removed = await pushOk(alice.client, newId(), [{ id: 1, name: 'member.remove', args: { list_id: listId, user_id: bob.userId } }]);
    expect(removed.results[0]?.status).toBe('applied');

    expect(await rpc(bob, 'join_list', old.token)).toMatchObject({ data: null, code: 'forbidden', words: 'You were removed from this list — ask its owner to invite you again' });
    const [row] = await srv.sql.query<{ deleted: boolean }>('select deleted_at is not null as deleted from public.list_members where list_id = $1 and user_id = $2', [listId, bob.userId]);
    expect(row?.deleted).toBe(true);

    const fresh = await linkCreate(alice.client, listId, 'viewer');
    expect(await rpc(bob, 'join_list', fresh.token)).toMatchObject({ data: listId, code: null });
  });

  it('20 wrong tokens from one account, then rate_limited — even for a right one; the others are not held up', async () => {
    await forgetAll();
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment')]);
    const { token } = await linkCreate(alice.client, listId, 'viewer');
    for (let i = 0; i < 20; i++) {
      const fn = i % 2 ? 'join_list' : 'link_preview';
      expect((await rpc(bob, fn, wrong())).code, `miss ${i + 1}`).toBe('not_found');
    }
    expect(await rpc(bob, 'join_list', wrong())).toMatchObject({ code: 'rate_limited' });
    expect(await rpc(bob, 'link_preview', token)).toMatchObject({ code: 'rate_limited' });
    expect(await rpc(bob, 'join_list', token)).toMatchObject({ code: 'rate_limited' });
    const { error } = await bob.client.rpc('invitation_by_token', { p_token: 'f'.repeat(64) });
    expect(error?.message).toBe('rate_limited');

    // the same address, another account: held up only by the address, which is forgotten here
    await forgetAddresses();
    const carol = await signUpUser(srv);
    expect((await rpc(carol, 'link_preview', token)).data).toMatchObject({ list_id: listId });
    expect((await rpc(bob, 'link_preview', token)).code).toBe('rate_limited');
  });

  it('20 wrong tokens from one address, however many accounts and signed out too, then rate_limited', async () => {
    await forgetAll();
    const people = [await signUpUser(srv), await signUpUser(srv)];
    const anon = newClient(srv.url, srv.anonKey);
    for (let i = 0; i < 20; i++) {
      if (i % 3 === 2) {
        const { data } = await anon.rpc('invitation_by_token', { p_token: randomBytes(32).toString('hex') });
        expect(data).toEqual({ state: 'unknown' });
      } else {
        expect((await rpc(people[i % 3]!, 'join_list', wrong())).code).toBe('not_found');
      }
    }
    const dave = await signUpUser(srv);
    expect((await rpc(dave, 'join_list', wrong())).code).toBe('rate_limited');
    const { error } = await anon.rpc('invitation_by_token', { p_token: randomBytes(32).toString('hex') });
    expect(error?.message).toBe('rate_limited');
    await forgetAll();
  });
});
