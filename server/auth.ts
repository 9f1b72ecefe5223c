// GoTrue's slice: signup, password and refresh-token grants (rotation with reuse detection),
// user, logout. Error bodies use GoTrue's shape { code, error_code, msg }. Limits (SPEC §12):
// failed sign-ins throttled per account and per address, sign-ups per address, bounded input.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAuthFlow, sendSignUpConfirmation } from './auth-flows.ts';
import {
  type AuthContext,
  addressOf,
  authError,
  EMAIL_RE,
  MAX_EMAIL,
  MAX_PASSWORD,
  MAX_USER_DATA_BYTES,
  MIN_PASSWORD,
  requireUser,
  tooMany,
  weakPassword,
} from './auth-http.ts';
import { refreshSession, startSession, USER_COLUMNS, type UserRow, userJson } from './auth-session.ts';
import { sendJson } from './http-util.ts';
import { asObject, parseJsonBody } from './json-body.ts';

export { type AuthContext, MAX_EMAIL, MAX_PASSWORD, MAX_USER_DATA_BYTES, MIN_PASSWORD } from './auth-http.ts';

async function signUp(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const address = addressOf(ctx, req);
  const wait = await ctx.throttle.signUpWait(address);
  if (wait) return tooMany(res, 'sign-ups from this address', wait);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  if (!email) return authError(res, 400, 'validation_failed', 'To signup, please provide your email');
  if (email.length > MAX_EMAIL) return authError(res, 400, 'validation_failed', `An email address is too long (at most ${MAX_EMAIL} characters)`);
  if (!EMAIL_RE.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
  if (password.length < MIN_PASSWORD) return weakPassword(res);
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
  if (ctx.confirmations) return sendSignUpConfirmation(ctx, res, { email, hash, meta, address });
  const session = await ctx.db.tx(async (q) => {
    // confirmations off: the e-mail counts as confirmed, as GoTrue's autoconfirm records it
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
  const address = addressOf(ctx, req);
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
  // only once the password is known right: the answer must not tell a stranger the account exists
  if (user.email_confirmed_at === null) return authError(res, 400, 'email_not_confirmed', 'Email not confirmed');
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
    return sendJson(res, 200, { external: { email: true }, disable_signup: false, mailer_autoconfirm: !ctx.confirmations, phone_autoconfirm: false });
  }
  if (await handleAuthFlow(ctx, req, res, url, path, bodyText)) return;
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
