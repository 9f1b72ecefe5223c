// SPEC §16 "Passwords": the Supabase Auth endpoints the app's account flows use, through supabase-js
// as the app calls them — resetPasswordForEmail (POST /recover), verifyOtp (POST /verify) and
// the mailed link (GET /verify), updateUser (PUT /user: password, e-mail), signOut with a scope
// (POST /logout) — on the stand-in, with the mail read from the dev mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../../helpers/dev-mail';
import { rawRequest } from '../../helpers/raw-http';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pull } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('auth mail flows on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    // one mail per account and kind a minute, as GoTrue: the throttle's own test changes it
    srv = await startTestServer(kind, { authLimits: { mailIntervalMs: 0 } });
  });
  afterAll(() => srv?.stop());

  it('forgot password: the mail links to Reset password; verifyOtp signs in; updateUser sets the new password; the link works once', async () => {
    const u = await signUpUser(srv);
    const c = newClient(srv.url, srv.anonKey);
    const asked = await c.auth.resetPasswordForEmail(u.email.toUpperCase());
    expect(asked.error).toBeNull();
    const [mail] = await waitForMail(srv.url, u.email);
    expect(mail!.subject).toBe('Reset your Daybook password');
    const link = linkIn(mail!.text);
    expect(link).toMatchObject({ path: 'reset-password', type: 'recovery' });
    expect(mail!.text).toContain(`${srv.url}/reset-password?token_hash=`);

    const verified = await c.auth.verifyOtp({ token_hash: link.tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(u.userId);
    expect(verified.data.session?.access_token).toBeTruthy();
    const same = await c.auth.updateUser({ password: u.password });
    expect(same.error?.code).toBe('same_password');
    const weak = await c.auth.updateUser({ password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    const changed = await c.auth.updateUser({ password: 'a new password' });
    expect(changed.error).toBeNull();

    const fresh = newClient(srv.url, srv.anonKey);
    expect((await fresh.auth.signInWithPassword({ email: u.email, password: u.password })).error?.code).toBe('invalid_credentials');
    expect((await fresh.auth.signInWithPassword({ email: u.email, password: 'a new password' })).error).toBeNull();

    const again = await newClient(srv.url, srv.anonKey).auth.verifyOtp({ token_hash: link.tokenHash, type: 'recovery' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
  });

  it('answers {} for an address without an account and mails nothing; a token of another type or an hour old is refused', async () => {
    const nobody = `nobody-${newId()}@example.test`;
    const r = await rawRequest(`${srv.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: nobody }),
    });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({});
    const u = await signUpUser(srv);
    const c = newClient(srv.url, srv.anonKey);
    await c.auth.resetPasswordForEmail(u.email);
    const link = linkIn((await waitForMail(srv.url, u.email))[0]!.text);
    expect((await c.auth.verifyOtp({ token_hash: link.tokenHash, type: 'signup' })).error?.code).toBe('otp_expired');
    await c.auth.resetPasswordForEmail(u.email);
    const second = linkIn((await waitForMail(srv.url, u.email, 2))[0]!.text);
    await srv.sql.query(`update daybook_meta.auth_tokens set created_at = now() - interval '61 minutes' where user_id = $1`, [u.userId]);
    expect((await c.auth.verifyOtp({ token_hash: second.tokenHash, type: 'recovery' })).error?.code).toBe('otp_expired');
    expect(await srv.sql.query('select 1 from daybook_meta.auth_tokens where user_id = $1', [u.userId])).toEqual([]);
  });

  it('the mailed ConfirmationURL (GET /verify) redirects to the app with the session in the fragment, or the error', async () => {
    const u = await signUpUser(srv);
    await newClient(srv.url, srv.anonKey).auth.resetPasswordForEmail(u.email);
    const link = linkIn((await waitForMail(srv.url, u.email))[0]!.text);
    const to = `${srv.url}/reset-password`;
    const ok = await rawRequest(`${srv.url}/auth/v1/verify?token=${link.tokenHash}&type=recovery&redirect_to=${encodeURIComponent(to)}`);
    expect(ok.status).toBe(303);
    const location = String(ok.headers.location);
    expect(location.startsWith(`${to}#`)).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    const { data } = await newClient(srv.url, srv.anonKey).auth.getUser(fragment.get('access_token')!);
    expect(data.user?.id).toBe(u.userId);

    const used = await rawRequest(`${srv.url}/auth/v1/verify?token=${link.tokenHash}&type=recovery&redirect_to=${encodeURIComponent('https://evil.example/')}`);
    expect(used.status).toBe(303);
    const refused = String(used.headers.location);
    expect(refused.startsWith(`${srv.url}/#`)).toBe(true);
    expect(new URLSearchParams(refused.split('#')[1]).get('error_code')).toBe('otp_expired');
  });

  it('change e-mail: the new address gets the link, the old one is told; the change happens when the link is opened', async () => {
    const u = await signUpUser(srv);
    const taken = await signUpUser(srv);
    expect((await u.client.auth.updateUser({ email: taken.email })).error?.code).toBe('email_exists');
    const next = `moved-${newId()}@example.test`;
    const asked = await u.client.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(u.email);
    expect((asked.data.user as unknown as { new_email?: string }).new_email).toBe(next);
    const [confirm] = await waitForMail(srv.url, next);
    expect(confirm!.subject).toBe('Confirm your new e-mail for Daybook');
    const [notice] = await waitForMail(srv.url, u.email);
    expect(notice!.subject).toBe('Your Daybook e-mail is being changed');
    expect(notice!.text).toContain(next);
    expect(notice!.text).not.toContain('token_hash');
    // until then the old address signs in
    expect((await newClient(srv.url, srv.anonKey).auth.signInWithPassword({ email: u.email, password: u.password })).error).toBeNull();

    expect((await newClient(srv.url, srv.anonKey).auth.resend({ type: 'email_change', email: u.email })).error).toBeNull();
    const [resent] = await waitForMail(srv.url, next, 2);
    const link = linkIn(resent!.text);
    expect(link).toMatchObject({ path: 'confirm', type: 'email_change' });
    const v = await newClient(srv.url, srv.anonKey).auth.verifyOtp({ token_hash: link.tokenHash, type: 'email_change' });
    expect(v.error).toBeNull();
    expect(v.data.user?.email).toBe(next);
    expect((await newClient(srv.url, srv.anonKey).auth.signInWithPassword({ email: next, password: u.password })).error).toBeNull();
    expect((await newClient(srv.url, srv.anonKey).auth.signInWithPassword({ email: u.email, password: u.password })).error?.code).toBe('invalid_credentials');
  });

  it('sign out everywhere ends every session: the other device’s next call and refresh are refused; "others" keeps the caller’s', async () => {
    const u = await signUpUser(srv);
    const third = newClient(srv.url, srv.anonKey);
    await third.auth.signInWithPassword({ email: u.email, password: u.password });
    expect((await third.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await pull(third, newId())).error).toBeNull();
    expect((await pull(u.client, newId())).error).not.toBeNull();

    const other = newClient(srv.url, srv.anonKey);
    const signedIn = await other.auth.signInWithPassword({ email: u.email, password: u.password });
    expect(signedIn.error).toBeNull();
    expect((await pull(other, newId())).error).toBeNull();
    expect((await third.auth.signOut({ scope: 'global' })).error).toBeNull();
    const answer = await rawRequest(`${srv.url}/rest/v1/rpc/sync_pull`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, authorization: `Bearer ${signedIn.data.session!.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_client_id: newId(), p_cursors: {} }),
    });
    expect(answer.status).toBe(401);
    const refreshed = await newClient(srv.url, srv.anonKey).auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    expect(await srv.sql.query('select 1 from daybook_meta.sessions where user_id = $1', [u.userId])).toEqual([]);
  });

  it('mails are throttled: one of a kind per account a minute, then over_email_send_rate_limit', async () => {
    const strict = await startTestServer(kind, { authLimits: { mailIntervalMs: 60_000 } });
    try {
      const u = await signUpUser(strict);
      const c = newClient(strict.url, strict.anonKey);
      expect((await c.auth.resetPasswordForEmail(u.email)).error).toBeNull();
      const second = await c.auth.resetPasswordForEmail(u.email);
      expect(second.error?.status).toBe(429);
      expect(second.error?.code).toBe('over_email_send_rate_limit');
      // unknown addresses count the same, so the answer tells nothing
      const nobody = `nobody-${newId()}@example.test`;
      expect((await c.auth.resetPasswordForEmail(nobody)).error).toBeNull();
      expect((await c.auth.resetPasswordForEmail(nobody)).error?.code).toBe('over_email_send_rate_limit');
    } finally {
      await strict.stop();
    }
  });
});
