// SPEC §12 "Accounts": failed sign-ins are throttled per account and per
// address (10 in 15 minutes, then 429 with Retry-After and GoTrue's body), an unknown e-mail
// costs a password hash like a wrong password, and the app says "Too many attempts — try again
// in N minutes". Each test sends from its own loopback addresses (127.0.0.x) so the per-address
// counts of one test do not reach the next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '@/backend/auth';
import { passwordHashStats } from '../../../server/password.ts';
import { postAuth, type RawAnswer } from '../../helpers/raw-http';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';

const FIFTEEN_MINUTES = 15 * 60;

describe.each(SERVER_KINDS)('sign-in throttle on %s', (kind) => {
  let srv: TestServer;
  let now = Date.now();
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind, { authClock: () => now });
    alice = await signUpUser(srv);
    bob = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  const signIn = (email: string, password: string, from: string) => postAuth(srv, '/token?grant_type=password', { email, password }, from);

  function expectThrottled(r: RawAnswer, seconds = FIFTEEN_MINUTES) {
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe(String(seconds));
    // readable by a browser app on another origin
    expect(String(r.headers['access-control-expose-headers'])).toContain('retry-after');
    expect(r.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: `Too many sign-in attempts. For security purposes, you can only request this after ${seconds} seconds.`,
    });
  }

  it('10 failures for one account answer 429 for it from any address, even with the right password, until 15 minutes pass', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(alice.email, `wrong ${i}`, '127.0.0.2')).status).toBe(400);
    expectThrottled(await signIn(alice.email, alice.password, '127.0.0.3'));
    // the e-mail is the account however it is written
    expectThrottled(await signIn(` ${alice.email.toUpperCase()}`, alice.password, '127.0.0.3'));
    // others are not locked out by it
    expect((await signIn(bob.email, bob.password, '127.0.0.3')).status).toBe(200);
    now += 5 * 60_000;
    expectThrottled(await signIn(alice.email, alice.password, '127.0.0.3'), 10 * 60);
    now += 10 * 60_000;
    expect((await signIn(alice.email, alice.password, '127.0.0.3')).status).toBe(200);
  });

  it('10 failures from one address answer 429 for every account from it, not from other addresses', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`nobody-${i}@example.test`, 'guess', '127.0.0.4')).status).toBe(400);
    expectThrottled(await signIn(bob.email, bob.password, '127.0.0.4'));
    expect((await signIn(bob.email, bob.password, '127.0.0.5')).status).toBe(200);
    now += FIFTEEN_MINUTES * 1000;
    expect((await signIn(bob.email, bob.password, '127.0.0.4')).status).toBe(200);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(bob.email, `guess ${i}`, '127.0.0.6')));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
    now += FIFTEEN_MINUTES * 1000;
  });

  it('a right password starts the account’s count again', async () => {
    const u = await signUpUser(srv);
    for (let i = 0; i < 9; i++) expect((await signIn(u.email, 'wrong', '127.0.0.7')).status).toBe(400);
    expect((await signIn(u.email, u.password, '127.0.0.8')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(u.email, 'wrong', '127.0.0.9')).status).toBe(400);
    expect((await signIn(u.email, u.password, '127.0.0.10')).status).toBe(200);
  });

  it('an unknown e-mail runs the password hash, as a wrong password does', async () => {
    const runs = () => passwordHashStats.runs;
    let before = runs();
    expect((await signIn(`nobody-${Date.now()}@example.test`, 'guess', '127.0.0.11')).status).toBe(400);
    expect(runs() - before).toBe(1);
    before = runs();
    expect((await signIn(alice.email, 'not it', '127.0.0.11')).status).toBe(400);
    expect(runs() - before).toBe(1);
    // an e-mail longer than any account can have: no lookup, the same hash
    before = runs();
    expect((await signIn(`${'x'.repeat(300)}@example.test`, 'guess', '127.0.0.11')).status).toBe(400);
    expect(runs() - before).toBe(1);
  });

  it('the sign-in screen’s words: "Too many attempts — try again in 15 minutes"', async () => {
    const u = await signUpUser(srv);
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const auth = createAuth(newClient(srv.url, srv.anonKey), storage, 'sb-test-auth-token');
    for (let i = 0; i < 10; i++) expect(await auth.signIn(u.email, 'wrong')).toMatchObject({ ok: false, message: 'Wrong e-mail or password' });
    expect(await auth.signIn(u.email, u.password)).toEqual({ ok: false, message: 'Too many attempts — try again in 15 minutes' });
    now += FIFTEEN_MINUTES * 1000 - 30_000;
    expect(await auth.signIn(u.email, u.password)).toEqual({ ok: false, message: 'Too many attempts — try again in 1 minute' });
    now += 30_000;
    expect(await auth.signIn(u.email, u.password)).toMatchObject({ ok: true });
  });
});
