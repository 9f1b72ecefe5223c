// The SMTP path of invitation mail (SPEC §13.1): with SMTP_URL set the stand-in sends through
// nodemailer to a real SMTP server (smtp-server on loopback) and keeps no dev mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pushOk } from '../../helpers/server-sync';
import { type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink';

describe('invitation mail over SMTP', () => {
  let smtp: SmtpSink;
  let srv: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    srv = await startTestServer('pglite', { smtpUrl: smtp.url, emailConfirmations: false });
    alice = await signUpUser(srv);
  });
  afterAll(async () => {
    await srv?.stop();
    await smtp?.close();
  });

  it('sends the invitation with its link to the SMTP server', async () => {
    const listId = newId();
    const email = `nobody-${newId()}@example.test`;
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment'), { id: 2, name: 'member.invite', args: { list_id: listId, email, role: 'editor' } }]);
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('daybook@localhost');
    expect(mail.data).toMatch(/^Subject: .*invited you to a list on Daybook/m);
    expect(mail.data).toMatch(new RegExp(`${srv.url.replace(/[.:/]/g, '\\$&')}/invites/[0-9a-f]{64}`));
    expect(mail.data).toContain('Content-Type: text/html');
    // nothing is kept for a dev mailbox when mail really goes out
    expect((await fetch(`${srv.url}/_dev/mail`)).status).toBe(404);
    expect(await srv.sql.query('select 1 from public.mail_outbox')).toEqual([]);
  });
});
