import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pull } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('auth on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('signs up with a session and the user, and rejects a second sign-up with the same e-mail', async () => {
    const u = await signUpUser(srv);
    expect(u.accessToken.split('.')).toHaveLength(3);
    const { data } = await u.client.auth.getUser(u.accessToken);
    expect(data.user?.email).toBe(u.email);
    expect(data.user?.id).toBe(u.userId);
    const again = await newClient(srv.url, srv.anonKey).auth.signUp({ email: u.email.toUpperCase(), password: 'whatever1' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
  });

  it('refuses a weak password with GoTrue’s weak_password error', async () => {
    const r = await newClient(srv.url, srv.anonKey).auth.signUp({ email: `w-${newId()}@example.test`, password: '123' });
    expect(r.error?.status).toBe(422);
    expect(r.error?.code).toBe('weak_password');
  });

  it('signs in with the password and refuses a wrong one with GoTrue’s error shape', async () => {
    const u = await signUpUser(srv);
    const c = newClient(srv.url, srv.anonKey);
    const wrong = await c.auth.signInWithPassword({ email: u.email, password: 'not it' });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error?.name).toBe('AuthApiError');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const raw = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: 'nope' }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    const right = await c.auth.signInWithPassword({ email: u.email, password: u.password });
    expect(right.error).toBeNull();
    expect(right.data.user?.id).toBe(u.userId);
    const { error } = await pull(c, newId());
    expect(error).toBeNull();
  });

  it('rotates the refresh token: each refresh answers a new one (reuse: refresh-reuse.test.ts)', async () => {
    const u = await signUpUser(srv);
    const r1 = await u.client.auth.refreshSession({ refresh_token: u.refreshToken });
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(u.refreshToken);
    const r2 = await newClient(srv.url, srv.anonKey).auth.refreshSession({ refresh_token: second });
    expect(r2.error).toBeNull();
    expect(r2.data.session!.refresh_token).not.toBe(second);
  });

  it('answers 401 PGRST303 for an expired access token, and 401 for a forged one', async () => {
    // a second server whose tokens live one second; raw fetch, since supabase-js would refresh first
    const short = await startTestServer(kind, { accessTokenTtlSeconds: 1 });
    try {
      const u = await signUpUser(short);
      const call = (token: string) =>
        fetch(`${short.url}/rest/v1/rpc/sync_pull`, {
          method: 'POST',
          headers: { apikey: short.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_client_id: newId(), p_cursors: {} }),
        });
      expect((await call(u.accessToken)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2100));
      const expired = await call(u.accessToken);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
      const forged = await call(`${u.accessToken.slice(0, -4)}AAAA`);
      expect(forged.status).toBe(401);
      expect(await forged.json()).toMatchObject({ code: 'PGRST301' });
    } finally {
      await short.stop();
    }
  });

  it('logs out: the refresh token stops working and the session is gone', async () => {
    const u = await signUpUser(srv);
    const c = newClient(srv.url, srv.anonKey);
    const s = await c.auth.signInWithPassword({ email: u.email, password: u.password });
    expect(s.error).toBeNull();
    const refresh = s.data.session!.refresh_token;
    const out = await c.auth.signOut();
    expect(out.error).toBeNull();
    const again = await newClient(srv.url, srv.anonKey).auth.refreshSession({ refresh_token: refresh });
    expect(again.error?.status).toBe(400);
    const user = await fetch(`${srv.url}/auth/v1/user`, {
      headers: { apikey: srv.anonKey, authorization: `Bearer ${s.data.session!.access_token}` },
    });
    expect(user.status).toBe(403);
  });
});
