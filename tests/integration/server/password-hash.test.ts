// New password hashes use OWASP's scrypt parameters (N=2^17, r=8, p=1),
// kept in the hash string; a hash in the first format (Node's defaults, N=2^14) is replaced
// at its owner's next successful sign-in. The one suite that runs at the server's default
// cost (the others lower it: ~0.36 s per hash here).
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAuth } from '../../helpers/raw-http';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';

const OWASP = /^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/;

describe.each(SERVER_KINDS)('password hashes on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind, { passwordHashCost: null });
  });
  afterAll(() => srv?.stop());

  const storedHash = async (userId: string) =>
    (await srv.sql.query<{ h: string }>('select encrypted_password as h from auth.users where id = $1', [userId]))[0]!.h;
  const signIn = (email: string, password: string) => postAuth(srv, '/token?grant_type=password', { email, password });

  it('a new account’s hash is scrypt N=2^17, r=8, p=1 with the parameters in the string', async () => {
    const u = await signUpUser(srv);
    expect(await storedHash(u.userId)).toMatch(OWASP);
  });

  it('an old-format hash still signs in, and is upgraded at that sign-in only when the password was right', async () => {
    const u = await signUpUser(srv);
    // the first format: Node's scrypt defaults (N=2^14, r=8, p=1), no parameters stored
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync(u.password, salt, 32).toString('base64')}`;
    await srv.sql.query('update auth.users set encrypted_password = $2 where id = $1', [u.userId, legacy]);

    expect((await signIn(u.email, 'not the password')).status).toBe(400);
    expect(await storedHash(u.userId)).toBe(legacy);

    expect((await signIn(u.email, u.password)).status).toBe(200);
    const upgraded = await storedHash(u.userId);
    expect(upgraded).toMatch(OWASP);

    expect((await signIn(u.email, u.password)).status).toBe(200);
    expect(await storedHash(u.userId)).toBe(upgraded);
  });
});
