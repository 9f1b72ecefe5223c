// An invitation addressed to an e-mail is seen and accepted by an account only once that account's
// e-mail is confirmed (auth.users.email_confirmed_at), or through the mailed link's token (SPEC
// §16): someone who signs up first with another person's address gets nothing of theirs. On
// PGlite and PostgreSQL 15; the stand-in with confirmations off confirms every sign-up at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteToken, waitForMail } from '../../helpers/dev-mail';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { listCreate, newId, pullAll, pushOk } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('invitations to confirmed addresses on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const invitationsOf = async (client: Parameters<typeof pullAll>[0]) => ((await pullAll(client, newId())).at(-1)!.invitations ?? []).filter((i) => i.incoming);

  it('an unconfirmed account neither sees nor accepts an invitation to its address; confirmed, it does', async () => {
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    const [confirmed] = await srv.sql.query<{ at: string | null }>('select email_confirmed_at as at from auth.users where id = $1', [bob.userId]);
    expect(confirmed?.at).not.toBeNull(); // confirmations off: confirmed at sign-up
    await srv.sql.query('update auth.users set email_confirmed_at = null where id = $1', [bob.userId]);

    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment'), { id: 2, name: 'member.invite', args: { list_id: listId, email: bob.email, role: 'editor' } }]);
    expect(await invitationsOf(bob.client)).toEqual([]);
    const accept = await pushOk(bob.client, newId(), [{ id: 1, name: 'invitation.accept', args: { list_id: listId } }]);
    expect(accept.results[0]).toMatchObject({ status: 'refused', error: { code: 'not_found' } });
    const decline = await pushOk(bob.client, newId(), [{ id: 1, name: 'invitation.decline', args: { list_id: listId } }]);
    expect(decline.results[0]).toMatchObject({ status: 'refused', error: { code: 'not_found' } });

    await srv.sql.query('update auth.users set email_confirmed_at = now() where id = $1', [bob.userId]);
    expect((await invitationsOf(bob.client)).map((i) => i.list_id)).toEqual([listId]);
    const accepted = await pushOk(bob.client, newId(), [{ id: 1, name: 'invitation.accept', args: { list_id: listId } }]);
    expect(accepted.results[0]?.status).toBe('applied');
  });

  it('through the mailed link an unconfirmed account may answer it', async () => {
    const alice = await signUpUser(srv);
    const email = `nobody-${newId()}@example.test`;
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Choir'), { id: 2, name: 'member.invite', args: { list_id: listId, email, role: 'viewer' } }]);
    const [mail] = await waitForMail(srv.url, email);
    const carol = await signUpUser(srv, email);
    await srv.sql.query('update auth.users set email_confirmed_at = null where id = $1', [carol.userId]);
    expect(await invitationsOf(carol.client)).toEqual([]);
    const { data } = await carol.client.rpc('invitation_by_token', { p_token: inviteToken(mail!.text) });
    expect(data).toMatchObject({ state: 'open', bound: true });
    expect((await invitationsOf(carol.client)).map((i) => i.list_id)).toEqual([listId]);
    const accepted = await pushOk(carol.client, newId(), [{ id: 1, name: 'invitation.accept', args: { list_id: listId } }]);
    expect(accepted.results[0]?.status).toBe('applied');
  });
});
