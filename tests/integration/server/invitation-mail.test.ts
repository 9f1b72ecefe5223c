// Invitation mail and its link (SPEC §13.1) through the real HTTP API on PGlite and PostgreSQL 15:
// an invitation to an e-mail with no account is mailed with a link /invites/<token>; whoever
// opens it signed in — another e-mail too — may accept it; the token is stored only hashed.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteToken, mailsTo, waitForMail } from '../../helpers/dev-mail';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pullAll, pushOk, taskCreate } from '../../helpers/server-sync';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(SERVER_KINDS)('invitation mail on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  const aliceClient = newId();
  let next = 1;
  const invite = (listId: string, email: string, role = 'editor') => ({ id: next++, name: 'member.invite', args: { list_id: listId, email, role } });
  const open = async (client: TestUser['client'], token: string) => {
    const { data, error } = await client.rpc('invitation_by_token', { p_token: token });
    expect(error).toBeNull();
    return data as Record<string, unknown>;
  };

  /** A list of Alice's with a task, an invitation to a new address, and that invitation's mail. */
  async function invited(role = 'editor') {
    const listId = newId();
    const taskId = newId();
    const email = `nobody-${newId()}@example.test`;
    const r = await pushOk(alice.client, aliceClient, [
      { ...listCreate(next++, listId, 'Allotment') },
      { ...taskCreate(next++, taskId, listId, 'Water the beans') },
      invite(listId, email, role),
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    const [mail] = await waitForMail(srv.url, email);
    return { listId, taskId, email, mail: mail!, token: inviteToken(mail!.text) };
  }

  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('mails an e-mail with no account a link; someone who signs up with another e-mail opens it, accepts and gets the list', async () => {
    const { listId, taskId, email, mail, token } = await invited('viewer');
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe(`${alice.email.split('@')[0]} invited you to a list on Daybook`);
    expect(mail.text).toContain(`${srv.url}/invites/${token}`);
    expect(mail.text).toContain('as a viewer');
    expect(mail.text).toMatch(/works until \d{1,2} \w+ \d{4}/);
    expect(mail.html).toContain(`href="${srv.url}/invites/${token}"`);

    // signed out, the link shows who invited to which list, and binds nothing
    const anon = newClient(srv.url, srv.anonKey);
    expect(await open(anon, token)).toMatchObject({ state: 'open', list_name: 'Allotment', invited_by: alice.email.split('@')[0], role: 'viewer', bound: false });

    const carol = await signUpUser(srv);
    expect((await pullAll(carol.client, newId())).at(-1)!.invitations).toEqual([]);
    expect(await open(carol.client, token)).toMatchObject({ state: 'open', list_id: listId, list_name: 'Allotment', role: 'viewer', bound: true });
    // the invitation is Carol's now: her pull has it, and she accepts it like any other
    expect((await pullAll(carol.client, newId())).at(-1)!.invitations).toMatchObject([{ list_id: listId, incoming: true, role: 'viewer' }]);
    const r = await pushOk(carol.client, newId(), [{ id: 1, name: 'invitation.accept', args: { list_id: listId } }]);
    expect(r.results[0]).toEqual({ id: 1, status: 'applied' });
    const pages = await pullAll(carol.client, newId());
    expect(pages.at(-1)!.visible_lists).toContain(listId);
    expect(pages.flatMap((p) => p.tasks).map((t) => t.id)).toContain(taskId);
    expect(pages.flatMap((p) => p.members).find((m) => m.list_id === listId && m.user_id === carol.userId)?.role).toBe('viewer');
    expect(pages.at(-1)!.invitations).toEqual([]);

    // used: the link works no more, for her or anyone
    expect(await open(carol.client, token)).toEqual({ state: 'unknown' });
    expect(await open((await signUpUser(srv)).client, token)).toEqual({ state: 'unknown' });
  });

  it('stores the token only hashed, and forgets the raw token once the mail is sent', async () => {
    const { listId, token } = await invited();
    const rows = await srv.sql.query<Record<string, unknown>>('select * from public.list_invitations where list_id = $1', [listId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await srv.sql.query('select * from public.mail_outbox o join public.list_invitations i on i.id = o.invitation_id where i.list_id = $1', [listId])).toEqual([]);
    // and nobody reads the outbox or runs the sender's functions through the API
    const { data } = await alice.client.from('mail_outbox').select('*');
    expect(data ?? []).toEqual([]);
    const claim = await alice.client.rpc('mail_claim', { p_limit: 10, p_lease_seconds: 60 });
    expect(claim.error).not.toBeNull();
  });

  it('refuses wrong, expired, declined and replaced tokens', async () => {
    const bob = await signUpUser(srv);
    expect(await open(bob.client, 'f'.repeat(64))).toEqual({ state: 'unknown' });
    expect(await open(bob.client, 'not a token')).toEqual({ state: 'unknown' });

    const expired = await invited();
    await srv.sql.query(`update public.list_invitations set expires_at = now() - interval '1 minute' where list_id = $1`, [expired.listId]);
    expect(await open(bob.client, expired.token)).toEqual({ state: 'expired', list_name: 'Allotment' });
    const r = await pushOk(bob.client, newId(), [{ id: 1, name: 'invitation.accept', args: { list_id: expired.listId } }]);
    expect(r.results[0]).toMatchObject({ status: 'refused', error: { code: 'not_found' } });

    const declined = await invited();
    expect(await open(bob.client, declined.token)).toMatchObject({ state: 'open' });
    await pushOk(bob.client, newId(), [{ id: 1, name: 'invitation.decline', args: { list_id: declined.listId } }]);
    expect(await open(bob.client, declined.token)).toEqual({ state: 'declined', list_name: 'Allotment' });

    // inviting the address again within a day mails nothing (SPEC §16), and the link mailed first
    // still opens it
    const first = await invited();
    await pushOk(alice.client, aliceClient, [invite(first.listId, first.email)]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(srv.url, first.email)).toHaveLength(1);
    expect(await open(bob.client, first.token)).toMatchObject({ state: 'open', list_id: first.listId });
    // a day later it mails a new link, and the first one works no more
    await srv.sql.query(`update daybook_private.invitation_mails set at = at - interval '25 hours'`);
    await pushOk(alice.client, aliceClient, [invite(first.listId, first.email)]);
    const mails = await waitForMail(srv.url, first.email, 2);
    const second = inviteToken(mails[0]!.text);
    expect(second).not.toBe(first.token);
    expect(await open(bob.client, first.token)).toEqual({ state: 'unknown' });
    expect(await open(bob.client, second)).toMatchObject({ state: 'open', list_id: first.listId });
  });

  it('tells a member of the list, its owner too, that they are on it', async () => {
    const { listId, token } = await invited();
    expect(await open(alice.client, token)).toEqual({ state: 'member', list_id: listId, list_name: 'Allotment' });
  });

  it('mails an address that has an account too, and its owner sees the invitation without the link', async () => {
    const dave = await signUpUser(srv);
    const listId = newId();
    await pushOk(alice.client, aliceClient, [listCreate(next++, listId, 'Choir'), invite(listId, dave.email)]);
    const [mail] = await waitForMail(srv.url, dave.email);
    expect(mail!.subject).toBe(`${alice.email.split('@')[0]} invited you to a list on Daybook`);
    expect((await pullAll(dave.client, newId())).at(-1)!.invitations).toMatchObject([{ list_id: listId, incoming: true }]);
  });
});
