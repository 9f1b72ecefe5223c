// The stand-in's sessions end as GoTrue's do under `[auth.sessions]` (supabase/config.toml): past
// the time box, or idle past the inactivity timeout, a refresh is refused 400 `session_expired`;
// a session ended by a sign-out everywhere is `refresh_token_not_found` instead, whatever the
// limits — the two the app tells apart (an expiry keeps the banner, a revocation goes to sign-in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';

const HOUR = 3_600_000;

describe.each(SERVER_KINDS)('session limits on %s', (kind) => {
  let srv: TestServer;
  let offset = 0;
  beforeAll(async () => {
    srv = await startTestServer(kind, { authClock: () => Date.now() + offset, sessionLimits: { timeboxMs: 24 * HOUR, inactivityMs: 8 * HOUR } });
  });
  afterAll(() => srv?.stop());

  async function signIn(email: string, password: string) {
    const client = newClient(srv.url, srv.anonKey);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return data.session!.refresh_token;
  }
  const refresh = (token: string) => newClient(srv.url, srv.anonKey).auth.refreshSession({ refresh_token: token });

  it('a session refreshed within the limits lives on; idle past the inactivity timeout it is expired', async () => {
    offset = 0;
    const u = await signUpUser(srv);
    let token = await signIn(u.email, u.password);
    for (const hours of [3, 6]) {
      offset = hours * HOUR;
      const next = await refresh(token);
      expect(next.error).toBeNull();
      token = next.data.session!.refresh_token;
    }
    offset = 6 * HOUR + 8 * HOUR + 60_000;
    const idle = await refresh(token);
    expect(idle.error?.status).toBe(400);
    expect(idle.error?.code).toBe('session_expired');
    expect(idle.error?.message).toBe('Invalid Refresh Token: Session Expired (Inactivity)');
  });

  it('past the time box it is expired however often refreshed; a signed-out-everywhere one is not found', async () => {
    offset = 0;
    const u = await signUpUser(srv);
    let token = await signIn(u.email, u.password);
    for (const hours of [6, 12, 18, 23]) {
      offset = hours * HOUR;
      const next = await refresh(token);
      expect(next.error).toBeNull();
      token = next.data.session!.refresh_token;
    }
    offset = 24 * HOUR + 60_000;
    const late = await refresh(token);
    expect(late.error?.code).toBe('session_expired');
    expect(late.error?.message).toBe('Invalid Refresh Token: Session Expired');

    offset = 0;
    const other = await signIn(u.email, u.password);
    const everywhere = newClient(srv.url, srv.anonKey);
    await everywhere.auth.signInWithPassword({ email: u.email, password: u.password });
    expect((await everywhere.auth.signOut({ scope: 'global' })).error).toBeNull();
    const revoked = await refresh(other);
    expect(revoked.error?.code).toBe('refresh_token_not_found');
  });
});
