// SPEC §16 "Confirming the e-mail": with confirmations on, sign-up mails "Confirm your e-mail" and
// answers the user without a session (GoTrue's shape); signing in first is refused with
// email_not_confirmed; /resend sends a new link (the old one stops working); opening it sets
// auth.users.email_confirmed_at and signs in. Off (the default without SMTP_URL), accounts count
// as confirmed from the start. On by default once SMTP_URL is set: the mail reaches an SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../../helpers/dev-mail';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId } from '../../helpers/server-sync';
import { startSmtpSink } from '../../helpers/smtp-sink';

describe.each(SERVER_KINDS)('e-mail confirmation on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind, { emailConfirmations: true, authLimits: { mailIntervalMs: 0 } });
  });
  afterAll(() => srv?.stop());

  it('sign-up answers no session and mails the link; sign-in waits for it; resend replaces it; opening it confirms and signs in', async () => {
    const email = `c-${newId()}@example.test`;
    const c = newClient(srv.url, srv.anonKey);
    const up = await c.auth.signUp({ email, password: 'correct horse' });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    expect(up.data.user?.email).toBe(email);
    expect(up.data.user?.email_confirmed_at ?? null).toBeNull();
    const [first] = await waitForMail(srv.url, email);
    expect(first!.subject).toBe('Confirm your e-mail for Daybook');
    const firstLink = linkIn(first!.text);
    expect(firstLink).toMatchObject({ path: 'confirm', type: 'signup' });
    const [row] = await srv.sql.query<{ email_confirmed_at: unknown }>('select email_confirmed_at from auth.users where email = $1', [email]);
    expect(row!.email_confirmed_at).toBeNull();

    const early = await c.auth.signInWithPassword({ email, password: 'correct horse' });
    expect(early.error?.status).toBe(400);
    expect(early.error?.code).toBe('email_not_confirmed');
    // the wrong password still says only that
    expect((await c.auth.signInWithPassword({ email, password: 'wrong one' })).error?.code).toBe('invalid_credentials');

    expect((await c.auth.resend({ type: 'signup', email })).error).toBeNull();
    const [second] = await waitForMail(srv.url, email, 2);
    const link = linkIn(second!.text);
    expect(link.tokenHash).not.toBe(firstLink.tokenHash);
    expect((await newClient(srv.url, srv.anonKey).auth.verifyOtp({ token_hash: firstLink.tokenHash, type: 'signup' })).error?.code).toBe('otp_expired');

    const other = newClient(srv.url, srv.anonKey);
    const v = await other.auth.verifyOtp({ token_hash: link.tokenHash, type: 'signup' });
    expect(v.error).toBeNull();
    expect(v.data.session?.user.id).toBe(up.data.user!.id);
    expect(v.data.user?.email_confirmed_at).toBeTruthy();
    const [after] = await srv.sql.query<{ email_confirmed_at: unknown }>('select email_confirmed_at from auth.users where email = $1', [email]);
    expect(after!.email_confirmed_at).not.toBeNull();
    expect((await c.auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
    // confirmed: signing up again is refused as before
    expect((await c.auth.signUp({ email, password: 'correct horse' })).error?.code).toBe('user_already_exists');
  });

  it('signing up again before confirming sends the mail again; /settings says mailer_autoconfirm false', async () => {
    const email = `c-${newId()}@example.test`;
    const c = newClient(srv.url, srv.anonKey);
    await c.auth.signUp({ email, password: 'correct horse' });
    const again = await c.auth.signUp({ email, password: 'correct horse' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    await waitForMail(srv.url, email, 2);
    const settings = await (await fetch(`${srv.url}/auth/v1/settings`, { headers: { apikey: srv.anonKey } })).json();
    expect(settings.mailer_autoconfirm).toBe(false);
  });
});

describe('e-mail confirmation off and on by default', () => {
  it('off without SMTP_URL: sign-up signs in and the account counts as confirmed', async () => {
    const srv = await startTestServer('pglite');
    try {
      const u = await signUpUser(srv);
      const [row] = await srv.sql.query<{ email_confirmed_at: unknown }>('select email_confirmed_at from auth.users where id = $1', [u.userId]);
      expect(row!.email_confirmed_at).not.toBeNull();
    } finally {
      await srv.stop();
    }
  });

  it('on with SMTP_URL unless turned off: the confirmation reaches the SMTP server', async () => {
    const smtp = await startSmtpSink();
    const srv = await startTestServer('pglite', { smtpUrl: smtp.url });
    try {
      const email = `s-${newId()}@example.test`;
      const up = await newClient(srv.url, srv.anonKey).auth.signUp({ email, password: 'correct horse' });
      expect(up.error).toBeNull();
      expect(up.data.session).toBeNull();
      const mail = await smtp.waitFor(email);
      expect(mail.data).toMatch(/^Subject: Confirm your e-mail for Daybook/m);
      const hash = /token_hash=3D([0-9a-f]+)|token_hash=([0-9a-f]+)/.exec(mail.data);
      expect(hash).not.toBeNull();
      const v = await newClient(srv.url, srv.anonKey).auth.verifyOtp({ token_hash: (hash![1] ?? hash![2])!, type: 'signup' });
      expect(v.error).toBeNull();
    } finally {
      await srv.stop();
      await smtp.close();
    }
  });
});
