// SPEC §12 "Accounts": a rotated refresh token used again within 10 s
// answers the session's current token, as GoTrue's reuse interval does; later, the family is
// revoked. Two tabs refreshing at the same moment must both stay signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pull } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('refresh-token reuse on %s', (kind) => {
  let srv: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    srv = await startTestServer(kind, { authClock: () => now });
  });
  afterAll(() => srv?.stop());

  const refresh = (token: string) => newClient(srv.url, srv.anonKey).auth.refreshSession({ refresh_token: token });

  it('two tabs refreshing the same token at once both get the current session, and it keeps working', async () => {
    const u = await signUpUser(srv);
    const [a, b] = await Promise.all([refresh(u.refreshToken), refresh(u.refreshToken)]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).toBe(b.data.session!.refresh_token);
    expect(a.data.session!.refresh_token).not.toBe(u.refreshToken);
    for (const session of [a.data.session!, b.data.session!]) {
      const c = newClient(srv.url, srv.anonKey);
      await c.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
      expect((await pull(c, newId())).error).toBeNull();
    }
    const next = await refresh(a.data.session!.refresh_token);
    expect(next.error).toBeNull();
  });

  it('reuse 9 s after rotation answers the newest token of the family, rotating nothing', async () => {
    const u = await signUpUser(srv);
    const second = (await refresh(u.refreshToken)).data.session!.refresh_token;
    const third = (await refresh(second)).data.session!.refresh_token;
    now += 9_000;
    const late = await refresh(u.refreshToken);
    expect(late.error).toBeNull();
    expect(late.data.session!.refresh_token).toBe(third);
    expect(late.data.session!.user.id).toBe(u.userId);
    // the family is alive: the newest token still rotates
    const fourth = await refresh(third);
    expect(fourth.error).toBeNull();
    expect(fourth.data.session!.refresh_token).not.toBe(third);
  });

  it('reuse more than 10 s after rotation revokes the whole family', async () => {
    const u = await signUpUser(srv);
    const second = (await refresh(u.refreshToken)).data.session!.refresh_token;
    now += 10_001;
    const reuse = await refresh(u.refreshToken);
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    // someone held a copy: the legitimate newest token dies with its family
    const after = await refresh(second);
    expect(after.error?.status).toBe(400);
    expect(after.data.session).toBeNull();
    const user = await fetch(`${srv.url}/auth/v1/user`, { headers: { apikey: srv.anonKey, authorization: `Bearer ${u.accessToken}` } });
    expect(user.status).toBe(403);
  });
});
