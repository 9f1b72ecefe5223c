// A refused refresh told apart by GoTrue's code: the session ended on the server (signed out
// everywhere: refresh_token_not_found, session_not_found) or merely ran out (session_expired, …).
import { expect, it } from 'vitest';
import { isRevokedCode, watchRefreshes } from '@/backend/revoked-session';

const REFRESH = 'https://x.supabase.co/auth/v1/token?grant_type=refresh_token';

function answering(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

it.each([
  ['refresh_token_not_found', true],
  ['session_not_found', true],
  ['session_expired', false],
  ['refresh_token_already_used', false],
  ['user_banned', false],
  [undefined, false],
])('%s is revoked: %s', (code, revoked) => {
  expect(isRevokedCode(code)).toBe(revoked);
});

it('remembers whether the last refused refresh was a revocation, and leaves the answer readable', async () => {
  const refused = watchRefreshes(answering(400, { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' }));
  const answer = await refused.fetch(REFRESH, { method: 'POST' });
  expect(refused.lastRefusedAsRevoked()).toBe(true);
  expect(((await answer.json()) as { error_code: string }).error_code).toBe('refresh_token_not_found');

  const expired = watchRefreshes(answering(400, { code: 400, error_code: 'session_expired', msg: 'Invalid Refresh Token: Session Expired' }));
  await expired.fetch(new Request(REFRESH, { method: 'POST' }));
  expect(expired.lastRefusedAsRevoked()).toBe(false);
});

it('a refresh that succeeds clears it; other requests and server errors leave it as it was', async () => {
  let next: [number, unknown] = [400, { error_code: 'session_not_found' }];
  const watch = watchRefreshes(async () => new Response(JSON.stringify(next[1]), { status: next[0] }));
  await watch.fetch(REFRESH);
  expect(watch.lastRefusedAsRevoked()).toBe(true);
  next = [401, { code: 'PGRST303', message: 'JWT expired' }];
  await watch.fetch('https://x.supabase.co/rest/v1/rpc/sync_pull');
  next = [503, 'busy'];
  await watch.fetch(REFRESH);
  expect(watch.lastRefusedAsRevoked()).toBe(true);
  next = [200, { access_token: 'a', refresh_token: 'b' }];
  await watch.fetch(REFRESH);
  expect(watch.lastRefusedAsRevoked()).toBe(false);
  next = [400, 'not json'];
  await watch.fetch(REFRESH);
  expect(watch.lastRefusedAsRevoked()).toBe(false);
});

it('a new session from signing in clears it too', async () => {
  let next: [number, unknown] = [400, { error_code: 'refresh_token_not_found' }];
  const watch = watchRefreshes(async () => new Response(JSON.stringify(next[1]), { status: next[0] }));
  await watch.fetch(REFRESH);
  expect(watch.lastRefusedAsRevoked()).toBe(true);
  next = [400, { error_code: 'invalid_credentials' }];
  await watch.fetch('https://x.supabase.co/auth/v1/token?grant_type=password');
  expect(watch.lastRefusedAsRevoked()).toBe(true);
  next = [200, { access_token: 'a', refresh_token: 'b' }];
  await watch.fetch('https://x.supabase.co/auth/v1/token?grant_type=password');
  expect(watch.lastRefusedAsRevoked()).toBe(false);
});
