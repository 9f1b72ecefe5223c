// SPEC §16 "Behind a proxy": the per-address limits count the socket's address unless
// DAYBOOK_TRUSTED_PROXIES names the socket as a proxy; then the right-most X-Forwarded-For entry
// not in that set. The dev mailbox answers only loopback, directly (no forwarding headers), on a
// server with no SMTP_URL and no DAYBOOK_PUBLIC_URL, unless DAYBOOK_DEV_MAILBOX=1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAuth, rawRequest } from '../../helpers/raw-http';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId } from '../../helpers/server-sync';

const FAILURES = 3;

describe.each(SERVER_KINDS)('client address behind a proxy on %s', (kind) => {
  let proxied: TestServer;
  let direct: TestServer;
  let alice: TestUser;
  let dave: TestUser;
  beforeAll(async () => {
    const authLimits = { signInFailures: FAILURES };
    proxied = await startTestServer(kind, { authLimits, trustedProxies: '127.0.0.0/8, 10.0.0.0/8' });
    direct = await startTestServer(kind, { authLimits });
    alice = await signUpUser(proxied);
    dave = await signUpUser(direct);
  });
  afterAll(async () => {
    await proxied?.stop();
    await direct?.stop();
  });

  const signIn = (srv: TestServer, email: string, password: string, forwardedFor: string, from?: string) =>
    rawRequest(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
      from,
    });

  it('trusted: one client’s wrong guesses lock that client out, not everyone behind the proxy', async () => {
    for (let i = 0; i < FAILURES; i++) {
      expect((await signIn(proxied, `made-up-${newId()}@example.test`, 'guess', '203.0.113.7, 10.1.2.3', '127.0.0.11')).status).toBe(400);
    }
    expect((await signIn(proxied, alice.email, alice.password, '203.0.113.7, 10.1.2.3', '127.0.0.11')).status).toBe(429);
    // the same proxy, another client (a spoofed left-most entry changes nothing: the right-most untrusted counts)
    expect((await signIn(proxied, alice.email, alice.password, '203.0.113.7, 198.51.100.9', '127.0.0.11')).status).toBe(200);
  });

  it('untrusted: X-Forwarded-For is ignored, the socket’s address counts', async () => {
    for (let i = 0; i < FAILURES; i++) {
      expect((await signIn(direct, `made-up-${newId()}@example.test`, 'guess', `198.51.100.${i}`, '127.0.0.12')).status).toBe(400);
    }
    expect((await signIn(direct, dave.email, dave.password, '192.0.2.200', '127.0.0.12')).status).toBe(429);
    expect((await signIn(direct, dave.email, dave.password, '192.0.2.200', '127.0.0.13')).status).toBe(200);
  });

  it('a sign-up limit per address follows the same client address', async () => {
    const srv = await startTestServer(kind, { authLimits: { signUpsPerAddress: 1 }, trustedProxies: '127.0.0.1' });
    try {
      const up = (xff: string) =>
        rawRequest(`${srv.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: srv.anonKey, 'content-type': 'application/json', 'x-forwarded-for': xff },
          body: JSON.stringify({ email: `p-${newId()}@example.test`, password: 'correct horse' }),
        });
      expect((await up('203.0.113.1')).status).toBe(200);
      expect((await up('203.0.113.1')).status).toBe(429);
      expect((await up('203.0.113.2')).status).toBe(200);
    } finally {
      await srv.stop();
    }
  });
});

describe('the dev mailbox', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });
  const start = async (opts: Parameters<typeof startTestServer>[1]) => {
    const srv = await startTestServer('pglite', opts);
    servers.push(srv);
    return srv;
  };

  it('answers loopback on a server without SMTP_URL or a public URL, and nothing through a proxy', async () => {
    const srv = await start({});
    expect((await rawRequest(`${srv.url}/_dev/mail`)).status).toBe(200);
    expect((await rawRequest(`${srv.url}/_dev/mail`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    expect((await rawRequest(`${srv.url}/_dev/mail`, { headers: { forwarded: 'for=203.0.113.9' } })).status).toBe(404);
  });

  it('is shut on a server with a public URL (reached through a proxy) unless DAYBOOK_DEV_MAILBOX=1', async () => {
    const behind = await start({ publicUrl: 'https://daybook.example.com' });
    await postAuth(behind, '/signup', { email: `m-${newId()}@example.test`, password: 'correct horse' });
    const shut = await rawRequest(`${behind.url}/_dev/mail`);
    expect(shut.status).toBe(404);
    expect(shut.text).not.toContain('@');
    const opened = await start({ publicUrl: 'https://daybook.example.com', devMailbox: true });
    expect((await rawRequest(`${opened.url}/_dev/mail`)).status).toBe(200);
  });
});
