// The SMTP path of invitation mail (SPEC §13.1): with SMTP_URL set the stand-in sends through
// nodemailer to a real SMTP server (smtp-server on loopback) and keeps no dev mailbox.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pushOk } from '../../helpers/server-sync';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('invitation mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let srv: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    smtp = new SMTPServer({
      // plain SMTP on loopback: no STARTTLS (its certificate is self-signed) and no login
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    srv = await startTestServer('pglite', { smtpUrl: `smtp://127.0.0.1:${port}` });
    alice = await signUpUser(srv);
  });
  afterAll(async () => {
    await srv?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the invitation with its link to the SMTP server', async () => {
    const listId = newId();
    const email = `nobody-${newId()}@example.test`;
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment'), { id: 2, name: 'member.invite', args: { list_id: listId, email, role: 'editor' } }]);
    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to.includes(email)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('daybook@localhost');
    // long headers are folded and quoted-printable breaks long lines: unfold both first
    const body = mail!.data.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
    expect(body).toMatch(/^Subject: .*invited you to Allotment on Daybook/m);
    expect(body).toMatch(new RegExp(`${srv.url.replace(/[.:/]/g, '\\$&')}/invites/[0-9a-f]{64}`));
    expect(body).toContain('Content-Type: text/html');
    // nothing is kept for a dev mailbox when mail really goes out
    expect((await fetch(`${srv.url}/_dev/mail`)).status).toBe(404);
    expect(await srv.sql.query('select 1 from public.mail_outbox')).toEqual([]);
  });
});
