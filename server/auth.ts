// GoTrue's slice: signup, password and refresh-token grants (rotation with reuse detection),
// user, logout. Error bodies use GoTrue's shape { code, error_code, msg }.
import { randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import type { Db, Querier } from './db.ts';
import { bearer, sendJson } from './http-util.ts';
import { type Claims, signJwt, verifyJwt } from './jwt.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

export interface AuthContext {
  db: Db;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  issuer: string;
}

interface UserRow {
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

const USER_COLUMNS =
  'id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

function authError(res: ServerResponse, status: number, errorCode: string, msg: string) {
  sendJson(res, status, { code: status, error_code: errorCode, msg });
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function userJson(u: UserRow) {
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

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  const [kind, salt, hash] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const want = Buffer.from(hash, 'base64');
  const got = await scrypt(password, Buffer.from(salt, 'base64'), want.length);
  return timingSafeEqual(got, want);
}

const newRefreshToken = () => randomBytes(18).toString('base64url');

async function issueSession(ctx: AuthContext, q: Querier, user: UserRow, sessionId: string, refreshToken: string) {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + ctx.accessTokenTtlSeconds;
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

async function startSession(ctx: AuthContext, q: Querier, user: UserRow) {
  const sessionId = randomUUID();
  const token = newRefreshToken();
  await q.query('insert into daybook_meta.sessions (id, user_id) values ($1, $2)', [sessionId, user.id]);
  await q.query('insert into daybook_meta.refresh_tokens (token, session_id) values ($1, $2)', [token, sessionId]);
  return issueSession(ctx, q, user, sessionId, token);
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Verifies an access token and its session; answers the error itself when it fails. */
async function requireUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
  const token = bearer(req);
  const v = token ? verifyJwt(token, ctx.jwtSecret) : null;
  if (!v?.ok || v.claims.role !== 'authenticated') {
    const expired = v && !v.ok && v.reason === 'expired';
    authError(res, 401, 'bad_jwt', expired ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' : 'invalid JWT: unable to parse or verify signature');
    return null;
  }
  const sid = String(v.claims.session_id ?? '');
  const [session] = await ctx.db.query('select 1 from daybook_meta.sessions where id::text = $1', [sid]);
  if (!session) {
    authError(res, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return null;
  }
  return { userId: String(v.claims.sub), sessionId: sid };
}

export async function handleAuth(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL, bodyText: string) {
  const path = url.pathname.replace(/^\/auth\/v1/, '');
  const method = req.method ?? 'GET';
  if (method === 'GET' && path === '/user') {
    const who = await requireUser(ctx, req, res);
    if (!who) return;
    const [user] = await ctx.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [who.userId]);
    if (!user) return authError(res, 404, 'user_not_found', 'User from sub claim in JWT does not exist');
    return sendJson(res, 200, userJson(user));
  }
  if (method === 'POST' && path === '/logout') {
    const who = await requireUser(ctx, req, res);
    if (!who) return;
    const scope = url.searchParams.get('scope') ?? 'global';
    if (scope === 'local') await ctx.db.query('delete from daybook_meta.sessions where id = $1', [who.sessionId]);
    else if (scope === 'others')
      await ctx.db.query('delete from daybook_meta.sessions where user_id = $1 and id <> $2', [who.userId, who.sessionId]);
    else await ctx.db.query('delete from daybook_meta.sessions where user_id = $1', [who.userId]);
    res.writeHead(204).end();
    return;
  }
  if (method === 'GET' && path === '/settings') {
    return sendJson(res, 200, { external: { email: true }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false });
  }
  if (method !== 'POST' || (path !== '/signup' && path !== '/token')) {
    return authError(res, 404, 'not_found', 'Not found');
  }
  const body = parseJson(bodyText);
  if (!body) return authError(res, 400, 'bad_json', 'Could not parse request body as JSON');

  if (path === '/signup') {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) return authError(res, 400, 'validation_failed', 'To signup, please provide your email');
    if (!EMAIL_RE.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (password.length < 6) {
      return sendJson(res, 422, {
        code: 422,
        error_code: 'weak_password',
        msg: 'Password should be at least 6 characters.',
        weak_password: { reasons: ['length'] },
      });
    }
    const meta = body.data && typeof body.data === 'object' ? body.data : {};
    const hash = await hashPassword(password);
    const session = await ctx.db.tx(async (q) => {
      const [user] = await q.query<UserRow>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
         values ($1, $2, now(), $3::jsonb) on conflict do nothing returning ${USER_COLUMNS}`,
        [email, hash, JSON.stringify(meta)],
      );
      return user ? startSession(ctx, q, user) : null;
    });
    if (!session) return authError(res, 422, 'user_already_exists', 'User already registered');
    return sendJson(res, 200, session);
  }

  const grant = url.searchParams.get('grant_type');
  if (grant === 'password') {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const [user] = await ctx.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email]);
    if (!user || !(await checkPassword(password, user.encrypted_password))) {
      return authError(res, 400, 'invalid_credentials', 'Invalid login credentials');
    }
    return sendJson(res, 200, await ctx.db.tx((q) => startSession(ctx, q, user)));
  }
  if (grant === 'refresh_token') {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    type Outcome = { error: string; msg: string } | { session: Awaited<ReturnType<typeof issueSession>> };
    const outcome = await ctx.db.tx(async (q): Promise<Outcome> => {
      const [row] = await q.query<{ session_id: string; revoked: boolean; user_id: string }>(
        `select r.session_id, r.revoked, s.user_id from daybook_meta.refresh_tokens r
         join daybook_meta.sessions s on s.id = r.session_id where r.token = $1 for update of r`,
        [token],
      );
      if (!row) return { error: 'refresh_token_not_found', msg: 'Invalid Refresh Token: Refresh Token Not Found' };
      if (row.revoked) {
        // a rotated token came back: someone holds a copy, so the whole family goes
        await q.query('delete from daybook_meta.sessions where id = $1', [row.session_id]);
        return { error: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' };
      }
      const [user] = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [row.user_id]);
      if (!user) return { error: 'user_not_found', msg: 'User not found' };
      const next = newRefreshToken();
      await q.query('update daybook_meta.refresh_tokens set revoked = true where token = $1', [token]);
      await q.query('insert into daybook_meta.refresh_tokens (token, session_id, parent) values ($1, $2, $3)', [
        next,
        row.session_id,
        token,
      ]);
      return { session: await issueSession(ctx, q, user, row.session_id, next) };
    });
    if ('error' in outcome) return authError(res, 400, outcome.error, outcome.msg);
    return sendJson(res, 200, outcome.session);
  }
  return authError(res, 400, 'unsupported_grant_type', 'unsupported_grant_type');
}
