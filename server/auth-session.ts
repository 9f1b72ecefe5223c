// Sessions as GoTrue issues them: an access token (HS256 JWT) and a rotating refresh token.
// A rotated token that comes back within the reuse interval answers the session's current
// token (two tabs refreshing at the same moment both hold a valid session); later it means a
// copy is in someone else's hands, and the whole family is revoked.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SessionLimits } from './auth-config.ts';
import type { Querier } from './db.ts';
import { type Claims, signJwt } from './jwt.ts';

export interface SessionContext {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  issuer: string;
  /** How long a rotated refresh token still answers the current session. */
  refreshReuseMs: number;
  now: () => number;
  /** `[auth.sessions]` timebox and inactivity_timeout (server/auth-config.ts); none when absent. */
  sessionLimits?: SessionLimits;
}

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  [key: string]: unknown;
}

export const USER_COLUMNS =
  'id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function userJson(u: UserRow) {
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
}

const newRefreshToken = () => randomBytes(18).toString('base64url');

export type Session = Awaited<ReturnType<typeof issueSession>>;

async function issueSession(ctx: SessionContext, q: Querier, user: UserRow, sessionId: string, refreshToken: string) {
  // access tokens live on the real clock: PostgREST and Realtime check them against it.
  // exp rounds up, so a token lives at least the ttl it advertises: floored, a 1 s token
  // issued at x.95 s was dead 50 ms later (a test server's refreshed token failed its next call).
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  const exp = Math.ceil(nowMs / 1000) + ctx.accessTokenTtlSeconds;
  const claims: Claims = {
    aud: 'authenticated',
    exp,
    iat: now,
    iss: ctx.issuer,
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  };
  await q.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
  return {
    access_token: signJwt(claims, ctx.jwtSecret),
    token_type: 'bearer',
    expires_in: ctx.accessTokenTtlSeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson({ ...user, last_sign_in_at: new Date() }),
  };
}

export async function startSession(ctx: SessionContext, q: Querier, user: UserRow): Promise<Session> {
  const sessionId = randomUUID();
  const token = newRefreshToken();
  // stamped by the server's clock, which the session limits are measured by
  const at = new Date(ctx.now());
  await q.query('insert into daybook_meta.sessions (id, user_id, created_at) values ($1, $2, $3)', [sessionId, user.id, at]);
  await q.query('insert into daybook_meta.refresh_tokens (token, session_id, created_at) values ($1, $2, $3)', [token, sessionId, at]);
  return issueSession(ctx, q, user, sessionId, token);
}

export type RefreshOutcome = { error: string; msg: string } | { session: Session };

const ALREADY_USED = { error: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' };
const SESSION_EXPIRED = { error: 'session_expired', msg: 'Invalid Refresh Token: Session Expired' };

/** The refresh_token grant, in the caller's transaction. */
export async function refreshSession(ctx: SessionContext, q: Querier, token: string): Promise<RefreshOutcome> {
  const [row] = await q.query<{
    session_id: string;
    revoked: boolean;
    revoked_at: Date | string | null;
    user_id: string;
    started: Date | string;
    issued: Date | string;
  }>(
    `select r.session_id, r.revoked, r.revoked_at, s.user_id, s.created_at as started, r.created_at as issued
     from daybook_meta.refresh_tokens r join daybook_meta.sessions s on s.id = r.session_id where r.token = $1 for update of r`,
    [token],
  );
  if (!row) return { error: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' };
  // past its time box or idle too long: GoTrue checks these before anything else about the token
  const { timeboxMs = null, inactivityMs = null } = ctx.sessionLimits ?? {};
  if (timeboxMs !== null && ctx.now() - new Date(row.started).getTime() > timeboxMs) return SESSION_EXPIRED;
  if (inactivityMs !== null && ctx.now() - new Date(row.issued).getTime() > inactivityMs) {
    return { error: 'session_expired', msg: 'Invalid Refresh Token: Session Expired (Inactivity)' };
  }
  const [user] = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [row.user_id]);
  if (row.revoked) {
    const revokedAt = row.revoked_at === null ? null : new Date(row.revoked_at).getTime();
    if (user && revokedAt !== null && ctx.now() - revokedAt < ctx.refreshReuseMs) {
      // another tab of the same device refreshed first: answer the token it got, rotating nothing
      const [current] = await q.query<{ token: string }>(
        'select token from daybook_meta.refresh_tokens where session_id = $1 and not revoked order by created_at desc limit 1',
        [row.session_id],
      );
      if (current) return { session: await issueSession(ctx, q, user, row.session_id, current.token) };
    }
    // a rotated token came back late: someone holds a copy, so the whole family goes
    await q.query('delete from daybook_meta.sessions where id = $1', [row.session_id]);
    return ALREADY_USED;
  }
  if (!user) return { error: 'user_not_found', msg: 'User not found' };
  const next = newRefreshToken();
  await q.query('update daybook_meta.refresh_tokens set revoked = true, revoked_at = $2 where token = $1', [token, new Date(ctx.now())]);
  await q.query('insert into daybook_meta.refresh_tokens (token, session_id, parent, created_at) values ($1, $2, $3, $4)', [
    next,
    row.session_id,
    token,
    new Date(ctx.now()),
  ]);
  return { session: await issueSession(ctx, q, user, row.session_id, next) };
}
