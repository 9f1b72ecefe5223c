// GoTrue's slice: signup, password and refresh-token grants (rotation with reuse detection),
// user, logout. Error bodies use GoTrue's shape { code, error_code, msg }. Limits (SPEC §12):
// failed sign-ins throttled per account and per address, sign-ups per address, bounded input.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AuthThrottle, clientAddress } from './auth-throttle.ts';
import { refreshSession, type SessionContext, startSession, USER_COLUMNS, type UserRow, userJson } from './auth-session.ts';
import type { Db } from './db.ts';
import { bearer, sendJson } from './http-util.ts';
import { asObject, parseJsonBody } from './json-body.ts';
import { verifyJwt } from './jwt.ts';
import type { Passwords } from './password.ts';

export interface AuthContext extends SessionContext {
  db: Db;
  passwords: Passwords;
  throttle: AuthThrottle;
}

/** Sign-up bounds: GoTrue's 255-character e-mail; a token carrying user data must fit in a header. */
export const MAX_EMAIL = 255;
export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 1000;
export const MAX_USER_DATA_BYTES = 2048;

function authError(res: ServerResponse, status: number, errorCode: string, msg: string, headers: Record<string, string> = {}) {
  sendJson(res, status, { code: status, error_code: errorCode, msg }, headers);
}

function tooMany(res: ServerResponse, what: string, seconds: number) {
  // the client reads the seconds from msg: supabase-js keeps neither headers nor extra fields
  authError(
    res,
    429,
    'over_request_rate_limit',
    `Too many ${what}. For security purposes, you can only request this after ${seconds} seconds.`,
    { 'Retry-After': String(seconds) },
  );
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

async function signUp(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const address = clientAddress(req);
  const wait = await ctx.throttle.signUpWait(address);
  if (wait) return tooMany(res, 'sign-ups from this address', wait);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!email) return authError(res, 400, 'validation_failed', 'To signup, please provide your email');
  if (email.length > MAX_EMAIL) return authError(res, 400, 'validation_failed', `An email address is too long (at most ${MAX_EMAIL} characters)`);
  if (!EMAIL_RE.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
  if (password.length < MIN_PASSWORD) {
    return sendJson(res, 422, {
      code: 422,
      error_code: 'weak_password',
      msg: `Password should be at least ${MIN_PASSWORD} characters.`,
      weak_password: { reasons: ['length'] },
    });
  }
  if (password.length > MAX_PASSWORD) {
    return authError(res, 400, 'validation_failed', `Password should be at most ${MAX_PASSWORD} characters.`);
  }
  const data = body.data ?? {};
  if (!asObject(data)) return authError(res, 400, 'validation_failed', 'User data (data) must be a JSON object');
  const meta = JSON.stringify(data);
  if (Buffer.byteLength(meta) > MAX_USER_DATA_BYTES) {
    return authError(res, 400, 'validation_failed', `User data (data) must be at most ${MAX_USER_DATA_BYTES / 1024} KB of JSON`);
  }
  // counted before the hash, so a burst in flight cannot slip past the limit
  const over = await ctx.throttle.signUpAttempt(address);
  if (over) return tooMany(res, 'sign-ups from this address', over);
  const hash = await ctx.passwords.hash(password);
  const session = await ctx.db.tx(async (q) => {
    const [user] = await q.query<UserRow>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
       values ($1, $2, now(), $3::jsonb) on conflict do nothing returning ${USER_COLUMNS}`,
      [email, hash, meta],
    );
    return user ? startSession(ctx, q, user) : null;
  });
  if (!session) return authError(res, 422, 'user_already_exists', 'User already registered');
  return sendJson(res, 200, session);
}

async function signIn(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  const address = clientAddress(req);
  const wait = await ctx.throttle.signInWait(email, address);
  if (wait) return tooMany(res, 'sign-in attempts', wait);
  // counted as failed until it succeeds, so parallel guesses cannot all pass the check above
  const attempt = await ctx.throttle.signInAttempt(email, address);
  if (attempt.wait) return tooMany(res, 'sign-in attempts', attempt.wait);
  const [user] =
    email.length <= MAX_EMAIL ? await ctx.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email]) : [];
  // an unknown e-mail pays for a hash too: the answer's timing must not tell who has an account
  const check = user ? await ctx.passwords.verify(password, user.encrypted_password) : { ok: await ctx.passwords.verifyNobody(password), rehash: false };
  if (!user || !check.ok) return authError(res, 400, 'invalid_credentials', 'Invalid login credentials');
  await ctx.throttle.signInSucceeded(email, attempt.counted);
  const upgraded = check.rehash ? await ctx.passwords.hash(password) : null;
  const session = await ctx.db.tx(async (q) => {
    // made with older parameters: replaced now, while the password is known to be right
    if (upgraded) await q.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, upgraded]);
    return startSession(ctx, q, user);
  });
  return sendJson(res, 200, session);
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
  const parsed = parseJsonBody(bodyText);
  const body = parsed.ok ? asObject(parsed.value) : null;
  if (!body) return authError(res, 400, 'bad_json', 'Could not parse request body as JSON');

  if (path === '/signup') return signUp(ctx, req, res, body);
  const grant = url.searchParams.get('grant_type');
  if (grant === 'password') return signIn(ctx, req, res, body);
  if (grant === 'refresh_token') {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    const outcome = await ctx.db.tx((q) => refreshSession(ctx, q, token));
    if ('error' in outcome) return authError(res, 400, outcome.error, outcome.msg);
    return sendJson(res, 200, outcome.session);
  }
  return authError(res, 400, 'unsupported_grant_type', 'unsupported_grant_type');
}
