// People's names (SPEC §16) through supabase-js on PGlite and PostgreSQL 15: a name chosen with
// profile.update reaches the other members' next pull on their member rows; the sign-up's "Name"
// stands until one is chosen, the e-mail's local part before that; the caller's own profile comes
// in the pull under its digest; link and invitation previews and the invitation mail show names,
// never e-mail addresses; nobody reads anyone else's profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPersonColor } from '@/domain/people';
import type { Member } from '@/domain/model';
import { asUser } from '../../helpers/as-user';
import { inviteToken, waitForMail } from '../../helpers/dev-mail';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, linkCreate, listCreate, newId, pull, pullAll, pushOk } from '../../helpers/server-sync';

const local = (u: TestUser) => u.email.split('@')[0]!;

describe.each(SERVER_KINDS)('people’s names on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const rename = (user: TestUser, args: Record<string, unknown>) => pushOk(user.client, newId(), [{ id: 1, name: 'profile.update', args }]);
  const memberOf = (members: Member[], listId: string, userId: string) => members.find((m) => m.list_id === listId && m.user_id === userId);

  /** A list of Alice's that Bob edits. */
  async function shared(name = 'Allotment') {
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, name), { id: 2, name: 'member.invite', args: { list_id: listId, email: bob.email, role: 'editor' } }]);
    await acceptInvitations(bob.client, listId);
    return listId;
  }

  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
    bob = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('a name Bob chooses reaches Alice’s next pull on his member rows, in every list they share', async () => {
    const first = await shared();
    const second = await shared('Choir');
    const device = newId();
    const pages = await pullAll(alice.client, device);
    const before = pages.flatMap((p) => p.members);
    // until he chooses, the part of his e-mail before @ stands in, in a colour fixed by his id
    expect(memberOf(before, first, bob.userId)).toMatchObject({ display_name: local(bob), color: defaultPersonColor(bob.userId) });
    const cursors = pages.at(-1)!.cursors;

    const r = await rename(bob, { display_name: '  Bob Builder ', color: 'green' });
    expect(r.results[0]).toEqual({ id: 1, status: 'applied' });

    const { data } = await pull(alice.client, device, cursors);
    for (const listId of [first, second]) {
      expect(memberOf(data!.members, listId, bob.userId), listId).toMatchObject({ display_name: 'Bob Builder', color: 'green', role: 'editor' });
    }
    // nothing of his profile but the name and colour: no language, no profile of his in her pull
    expect(data!.profile).toMatchObject({ display_name: null });
    expect(JSON.stringify(data!.members)).not.toContain('week_start');

    // a change others do not see (his language) writes no member row
    const quiet = await pull(alice.client, device, data!.cursors);
    await rename(bob, { language: 'de' });
    const after = await pull(alice.client, device, quiet.data!.cursors);
    expect(after.data!.members).toEqual([]);
  });

  it('the pull answers the caller’s own profile, and leaves it out while the device holds it', async () => {
    const carol = await signUpUser(srv);
    const device = newId();
    const first = await pull(carol.client, device, { profile: 0 });
    expect(first.data!.profile).toEqual({ display_name: null, color: null, language: null, week_start: null });
    const digest = first.data!.cursors.profile!;
    expect(digest).toBeGreaterThan(0);
    const again = await pull(carol.client, device, { profile: digest });
    expect(again.data!.profile).toBeUndefined();
    await rename(carol, { display_name: 'Carol', language: 'fr', week_start: 1 });
    const changed = await pull(carol.client, device, { profile: digest });
    expect(changed.data!.profile).toEqual({ display_name: 'Carol', color: null, language: 'fr', week_start: 1 });
  });

  it('the sign-up’s Name stands until a name is chosen, and clearing the name brings back the e-mail’s local part', async () => {
    const client = newClient(srv.url, srv.anonKey);
    const email = `dora-${newId()}@example.test`;
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse', options: { data: { display_name: ' Dora Explorer ' } } });
    expect(error).toBeNull();
    const dora: TestUser = { client, userId: data.user!.id, email, password: 'correct horse', accessToken: '', refreshToken: '' };
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Trip'), { id: 2, name: 'member.invite', args: { list_id: listId, email, role: 'viewer' } }]);
    await acceptInvitations(dora.client, listId);
    const members = (await pullAll(alice.client, newId())).flatMap((p) => p.members);
    expect(memberOf(members, listId, dora.userId)?.display_name).toBe('Dora Explorer');
    expect((await pull(dora.client, newId())).data!.profile?.display_name).toBe('Dora Explorer');

    await rename(dora, { display_name: null });
    const cleared = (await pullAll(alice.client, newId())).flatMap((p) => p.members);
    expect(memberOf(cleared, listId, dora.userId)?.display_name).toBe(`dora-${email.slice(5).split('@')[0]}`);
  });

  it('a link’s preview shows who shares it by name, never an e-mail address', async () => {
    await rename(alice, { display_name: 'Alice Liddell' });
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Garden')]);
    const { token } = await linkCreate(alice.client, listId, 'viewer');
    const stranger = await signUpUser(srv);
    const { data } = await stranger.client.rpc('link_preview', { p_token: token });
    expect(data).toMatchObject({ list_name: 'Garden', shared_by: 'Alice Liddell' });
    expect(JSON.stringify(data)).not.toContain('@');
  });

  it('an invitation’s mail names the inviter in its subject, not the list; its preview shows names and no address', async () => {
    await rename(alice, { display_name: 'Alice Liddell' });
    const listId = newId();
    const email = `nobody-${newId()}@example.test`;
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Buy cheap pills now'), { id: 2, name: 'member.invite', args: { list_id: listId, email, role: 'editor' } }]);
    const [mail] = await waitForMail(srv.url, email);
    expect(mail!.subject).toBe('Alice Liddell invited you to a list on Daybook');
    expect(mail!.subject).not.toContain('pills');
    expect(mail!.text).toContain('Alice Liddell invited you');
    expect(mail!.text).not.toContain(alice.email);

    const token = inviteToken(mail!.text);
    for (const client of [newClient(srv.url, srv.anonKey), (await signUpUser(srv)).client]) {
      const { data } = await client.rpc('invitation_by_token', { p_token: token });
      expect(data).toMatchObject({ state: 'open', invited_by: 'Alice Liddell' });
      expect(JSON.stringify(data)).not.toContain('@');
    }
  });

  it('invitations in the invitee’s pull show who invited by name', async () => {
    await rename(alice, { display_name: 'Alice Liddell' });
    const carol = await signUpUser(srv);
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Book club'), { id: 2, name: 'member.invite', args: { list_id: listId, email: carol.email, role: 'viewer' } }]);
    const last = (await pullAll(carol.client, newId())).at(-1)!;
    expect(last.invitations?.find((i) => i.list_id === listId)).toMatchObject({ invited_by: 'Alice Liddell', incoming: true });
  });

  it('a person reads their own profile and nobody else’s', async () => {
    await rename(bob, { display_name: 'Bob Builder' });
    const own = await asUser(srv, kind, bob, 'select user_id::text as user_id, display_name from public.profiles');
    expect(own).toEqual([{ user_id: bob.userId, display_name: 'Bob Builder' }]);
    // Alice shares lists with him: she sees his name on member rows, and nothing of his profile
    expect(await asUser(srv, kind, alice, 'select user_id from public.profiles where user_id = $1', [bob.userId])).toEqual([]);
    const rows = await asUser(srv, kind, alice, 'select display_name from public.list_members where user_id = $1 and deleted_at is null', [bob.userId]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.display_name === 'Bob Builder')).toBe(true);
  });
});
