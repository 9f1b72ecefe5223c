// Invitation mail is no relay (SPEC §16 "Abuse limits"), on PGlite and PostgreSQL 15 through the
// real HTTP API and the stand-in's sender: one mail per list and address in 24 hours however often
// the invitation is cancelled and made again; at most 5 mails per address in 24 hours from all
// inviters; every mail has "Don't send me invitations", after which invitations to that address
// are still made (and seen in the app) but never mailed. Addresses are not kept in the records.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteToken, mailsTo, waitForMail } from '../../helpers/dev-mail';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pullAll, pushOk, type RawMutation } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('invitation mail limits on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  let next = 1;
  const invite = (listId: string, email: string): RawMutation => ({ id: next++, name: 'member.invite', args: { list_id: listId, email, role: 'editor' } });
  const cancel = (listId: string, email: string): RawMutation => ({ id: next++, name: 'invitation.cancel', args: { list_id: listId, email } });
  async function applied(user: TestUser, mutations: RawMutation[]) {
    const r = await pushOk(user.client, newId(), mutations);
    expect(r.results.filter((x) => x.status !== 'applied')).toEqual([]);
  }
  /** Waits for the sender to have sent what it will (the mailbox stops growing). */
  async function settledMails(to: string) {
    await sleep(600);
    return mailsTo(srv.url, to);
  }
  async function list(owner: TestUser) {
    const id = newId();
    await applied(owner, [listCreate(next++, id, 'Allotment')]);
    return id;
  }

  it('cancelling and inviting again sends no second mail within a day; the invitation is made each time', async () => {
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    const listId = await list(alice);
    await applied(alice, [invite(listId, bob.email)]);
    await waitForMail(srv.url, bob.email);
    for (let i = 0; i < 5; i++) await applied(alice, [cancel(listId, bob.email), invite(listId, bob.email)]);
    expect(await settledMails(bob.email)).toHaveLength(1);
    const invitations = (await pullAll(bob.client, newId())).at(-1)!.invitations ?? [];
    expect(invitations.map((i) => i.list_id)).toEqual([listId]);
  });

  it('at most 5 mails a day to one address from all inviters; the sixth invitation still shows in the app', async () => {
    const bob = await signUpUser(srv);
    const inviters = [await signUpUser(srv), await signUpUser(srv), await signUpUser(srv)];
    const lists: string[] = [];
    for (let i = 0; i < 6; i++) {
      const owner = inviters[i % 3]!;
      const id = await list(owner);
      lists.push(id);
      await applied(owner, [invite(id, bob.email)]);
    }
    await waitForMail(srv.url, bob.email, 5);
    expect(await settledMails(bob.email)).toHaveLength(5);
    const invitations = (await pullAll(bob.client, newId())).at(-1)!.invitations ?? [];
    expect(invitations.map((i) => i.list_id).sort()).toEqual([...lists].sort());
  });

  it("every mail has \"Don't send me invitations\"; after it, invitations to that address are made but not mailed", async () => {
    const alice = await signUpUser(srv);
    const email = `nobody-${newId()}@example.test`;
    const first = await list(alice);
    await applied(alice, [invite(first, email)]);
    const [mail] = await waitForMail(srv.url, email);
    const token = inviteToken(mail!.text);
    const stop = `${srv.url}/no-invitations/${token}`;
    expect(mail!.text).toContain(`Don't send me invitations: ${stop}`);
    expect(mail!.html).toContain(`href="${stop}"`);

    const anon = newClient(srv.url, srv.anonKey);
    expect((await anon.rpc('stop_invitation_mail', { p_token: 'a'.repeat(64) })).data).toEqual({ stopped: false });
    // the link works after the invitation is gone too
    await applied(alice, [cancel(first, email)]);
    expect((await anon.rpc('stop_invitation_mail', { p_token: token })).data).toEqual({ stopped: true });

    const second = await list(alice);
    await applied(alice, [invite(second, email)]);
    expect(await settledMails(email)).toHaveLength(1);
    const [row] = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.list_invitations where list_id = $1', [second]);
    expect(row!.n).toBe(1);
    // nothing kept names the address
    for (const table of ['daybook_private.invitation_mails', 'daybook_private.mail_opt_outs', 'daybook_private.mail_stop_tokens']) {
      const [found] = await srv.sql.query<{ n: number }>(`select count(*)::int as n from ${table} t where strpos(lower(t::text), $1) > 0`, [email]);
      expect(found!.n, table).toBe(0);
    }
  });
});
