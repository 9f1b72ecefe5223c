// SPEC §12 "Accounts": sign-up input is bounded — e-mail at most 255
// characters, password 6 to 1,000, user data at most 2 KB of JSON — with a 400 in GoTrue's
// shape; sign-ups are limited per address (30 an hour); and no log line carries a query's
// parameters (a password hash, an e-mail, user data).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '../../../server/auth-throttle.ts';
import { postAuth } from '../../helpers/raw-http';
import { SERVER_KINDS, startTestServer, type TestServer } from '../../helpers/server';

let seq = 0;
const fresh = (prefix = 'limits') => `${prefix}-${Date.now()}-${seq++}@example.test`;

describe.each(SERVER_KINDS)('sign-up limits on %s', (kind) => {
  let srv: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    // the server's own sign-up limit (the helper raises it for other suites)
    srv = await startTestServer(kind, { authClock: () => now, authLimits: { signUpsPerAddress: DEFAULT_AUTH_LIMITS.signUpsPerAddress } });
  });
  afterAll(() => srv?.stop());
  afterEach(() => vi.restoreAllMocks());

  let address = 20;
  // each test signs up from an address of its own, so the per-address limit is the last test's alone
  const signUp = (body: unknown, from = `127.0.0.${address}`) => postAuth(srv, '/signup', body, from);

  it('bounds the e-mail at 255 characters: a 900 KB one answers 400, not 500', async () => {
    address++;
    const at255 = `${'a'.repeat(255 - '@example.test'.length)}@example.test`;
    expect((await signUp({ email: at255, password: 'secret12' })).status).toBe(200);
    for (const email of [`a${at255}`, `${'a'.repeat(900_000)}@example.test`]) {
      const r = await signUp({ email, password: 'secret12' });
      expect(r.status).toBe(400);
      expect(r.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'An email address is too long (at most 255 characters)' });
    }
  });

  it('bounds the password at 6 to 1,000 characters', async () => {
    address++;
    expect((await signUp({ email: fresh(), password: 'p'.repeat(1000) })).status).toBe(200);
    const long = await signUp({ email: fresh(), password: 'p'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Password should be at most 1000 characters.' });
    const short = await signUp({ email: fresh(), password: '12345' });
    expect(short.status).toBe(422);
    expect(short.json()).toMatchObject({ error_code: 'weak_password' });
  });

  it('bounds user data at 2 KB of JSON, so the token carrying it stays small', async () => {
    address++;
    // {"n":"…"} is 8 bytes around the string
    const ok = await signUp({ email: fresh(), password: 'secret12', data: { n: 'x'.repeat(2048 - 8) } });
    expect(ok.status).toBe(200);
    expect((ok.json() as { access_token: string }).access_token.length).toBeLessThan(4096);
    for (const data of [{ n: 'x'.repeat(2048 - 7) }, { n: 'y'.repeat(20_000) }]) {
      const r = await signUp({ email: fresh(), password: 'secret12', data });
      expect(r.status).toBe(400);
      expect(r.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'User data (data) must be at most 2 KB of JSON' });
    }
    const notObject = await signUp({ email: fresh(), password: 'secret12', data: ['a'] });
    expect(notObject.status).toBe(400);
    expect(notObject.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('a database error on sign-up answers a plain 500 and logs no parameter: no hash, e-mail, password or data', async () => {
    address++;
    const logged: string[] = [];
    const capture = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${JSON.stringify(a)}` : String(a))).join(' '));
    vi.spyOn(console, 'error').mockImplementation(capture);
    vi.spyOn(console, 'warn').mockImplementation(capture);
    vi.spyOn(console, 'log').mockImplementation(capture);
    await srv.sql.exec(`
      create function public.test_refuse_users() returns trigger language plpgsql as $$ begin perform 1 / 0; return new; end $$;
      create trigger test_refuse_users before insert on auth.users for each row execute function public.test_refuse_users();`);
    try {
      const email = fresh('leak-check');
      const r = await signUp({ email, password: 'leak-check-password', data: { secret: 'leak-check-data' } });
      expect(r.status).toBe(500);
      expect(r.json()).toEqual({ code: 'XX000', details: null, hint: null, message: 'Internal server error' });
      expect(logged.join('\n')).toContain('division by zero');
      for (const secret of [email, 'leak-check-password', 'leak-check-data', '$scrypt$']) expect(logged.join('\n')).not.toContain(secret);
    } finally {
      await srv.sql.exec('drop trigger test_refuse_users on auth.users; drop function public.test_refuse_users();');
    }
  });

  it('limits sign-ups to 30 an hour per address; other addresses still sign up', async () => {
    address++;
    for (let i = 0; i < 30; i++) expect((await signUp({ email: fresh(), password: 'secret12' })).status).toBe(200);
    const over = await signUp({ email: fresh(), password: 'secret12' });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('3600');
    expect(over.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Too many sign-ups from this address. For security purposes, you can only request this after 3600 seconds.',
    });
    expect((await signUp({ email: fresh(), password: 'secret12' }, '127.0.0.99')).status).toBe(200);
    now += 3600_000;
    expect((await signUp({ email: fresh(), password: 'secret12' })).status).toBe(200);
  });
});
