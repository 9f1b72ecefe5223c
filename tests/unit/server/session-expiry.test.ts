// An access token lives at least the ttl the session advertises (expires_in), whatever the
// millisecond it is issued at: an exp rounded down would cut a short token's life by up to a second.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionContext, startSession, type UserRow } from '../../../server/auth-session';
import type { Querier } from '../../../server/db';
import { verifyJwt } from '../../../server/jwt';

const ctx: SessionContext = { jwtSecret: 'a-test-secret-of-32-characters!!', accessTokenTtlSeconds: 1, issuer: 'daybook', refreshReuseMs: 10_000, now: () => Date.now() };
const q: Querier = { query: async () => [], exec: async () => {} };
const user: UserRow = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@daybook.test',
  encrypted_password: null,
  email_confirmed_at: null,
  last_sign_in_at: null,
  raw_app_meta_data: {},
  raw_user_meta_data: {},
  created_at: new Date(0),
  updated_at: new Date(0),
};

afterEach(() => vi.useRealTimers());

describe('access token expiry', () => {
  it.each(['000', '001', '500', '950', '999'])('issued at .%s s, a 1 s token still verifies just under 1 s later and not after 2 s', async (ms) => {
    const issuedAt = Date.UTC(2026, 10, 26, 4, 0, 0, Number(ms));
    vi.useFakeTimers({ toFake: ['Date'], now: issuedAt });
    const s = await startSession(ctx, q, user);
    expect(s.expires_in).toBe(1);
    expect(s.expires_at * 1000).toBeGreaterThanOrEqual(issuedAt + 1000);
    expect(verifyJwt(s.access_token, ctx.jwtSecret, (issuedAt + 999) / 1000)).toMatchObject({ ok: true });
    expect(verifyJwt(s.access_token, ctx.jwtSecret, (issuedAt + 2000) / 1000)).toEqual({ ok: false, reason: 'expired' });
  });
});
