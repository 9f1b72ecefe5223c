// GoTrue's mail flows (SPEC §16): /recover, /verify (POST for supabase-js verifyOtp, GET for a
// mailed ConfirmationURL, which redirects with the session in the fragment), /resend, PUT /user
// (password, e-mail, metadata). Whether an address has an account is never told: /recover and
// /resend answer {} either way. Mails are throttled per account and kind (GoTrue's
// max_frequency) and per client address; wrong tokens per client address.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AuthMailKind, authMail } from '../supabase/functions/_shared/auth-mail.ts';
import {
  type AuthContext,
  addressOf,
  authError,
  EMAIL_RE,
  MAX_EMAIL,
  MAX_PASSWORD,
  MAX_USER_DATA_BYTES,
  MIN_PASSWORD,
  normalEmail,
  requireUser,
  tooMany,
  weakPassword,
} from './auth-http.ts';
import { type Session, startSession, USER_COLUMNS, type UserRow, userJson } from './auth-session.ts';
import { issueToken, pendingEmail, type TokenKind, spendToken } from './auth-tokens.ts';
import type { Querier } from './db.ts';
import { sendJson } from './http-util.ts';
import { asObject, parseJsonBody } from './json-body.ts';
import { logError } from './log.ts';

const mailLimited = (res: ServerResponse, seconds: number) => tooMany(res, 'e-mails', seconds, 'over_email_send_rate_limit');

/** Sends one of auth's mails to the account `userId`, in its language (supabase/schemas/server_languages.sql). */
async function mail(ctx: AuthContext, kind: AuthMailKind, userId: string, to: string, tokenHash?: string, newEmail?: string): Promise<boolean> {
  try {
    const [row] = await ctx.db.query<{ language: string | null }>('select daybook_private.person_language($1::uuid) as language', [userId]);
    await ctx.sendMail(authMail({ kind, to, siteUrl: ctx.siteUrl, tokenHash, newEmail, language: row?.language ?? null }));
    return true;
  } catch (err) {
    logError(`auth mail (${kind}) failed`, err);
    return false;
  }
}

const mailFailed = (res: ServerResponse, what: string) => authError(res, 500, 'unexpected_failure', `Error sending ${what} email`);

async function userByEmail(q: Querier, email: string): Promise<UserRow | null> {
  if (!email || email.length > MAX_EMAIL) return null;
  const [user] = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email]);
  return user ?? null;
}

/** Sign-up with confirmations on: the account waits unconfirmed, the mail goes, no session (GoTrue's user-only answer). */
export async function sendSignUpConfirmation(
  ctx: AuthContext,
  res: ServerResponse,
  input: { email: string; hash: string; meta: string; address: string },
) {
  const wait = await ctx.throttle.mailAttempt('signup', input.email, input.address);
  if (wait) return mailLimited(res, wait);
  const made = await ctx.db.tx(async (q) => {
    const [fresh] = await q.query<UserRow>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, $2, $3::jsonb)
       on conflict do nothing returning ${USER_COLUMNS}`,
      [input.email, input.hash, input.meta],
    );
    // signing up again before confirming sends the mail again (the first password stays)
    const user = fresh ?? (await userByEmail(q, input.email));
    if (!user || user.email_confirmed_at !== null) return null;
    return { user, token: await issueToken(q, user.id, 'signup') };
  });
  if (!made) return authError(res, 422, 'user_already_exists', 'User already registered');
  if (!(await mail(ctx, 'signup', made.user.id, made.user.email, made.token))) return mailFailed(res, 'confirmation');
  return sendJson(res, 200, { ...userJson(made.user), confirmation_sent_at: new Date().toISOString() });
}

async function recover(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const email = normalEmail(body.email);
  if (!email) return authError(res, 400, 'validation_failed', 'Password recovery requires an email');
  if (email.length > MAX_EMAIL || !EMAIL_RE.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
  const wait = await ctx.throttle.mailAttempt('recovery', email, addressOf(ctx, req));
  if (wait) return mailLimited(res, wait);
  const made = await ctx.db.tx(async (q) => {
    const user = await userByEmail(q, email);
    return user ? { user, token: await issueToken(q, user.id, 'recovery') } : null;
  });
  if (made && !(await mail(ctx, 'recovery', made.user.id, made.user.email, made.token))) return mailFailed(res, 'recovery');
  return sendJson(res, 200, {});
}

async function resend(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change') {
    return authError(res, 400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = normalEmail(body.email);
  if (!email || email.length > MAX_EMAIL || !EMAIL_RE.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
  const wait = await ctx.throttle.mailAttempt(type, email, addressOf(ctx, req));
  if (wait) return mailLimited(res, wait);
  const made = await ctx.db.tx(async (q) => {
    const user = await userByEmail(q, email);
    if (!user) return null;
    if (type === 'signup') return user.email_confirmed_at === null ? { userId: user.id, to: user.email, token: await issueToken(q, user.id, 'signup') } : null;
    const pending = await pendingEmail(q, user.id);
    return pending ? { userId: user.id, to: pending.email, token: await issueToken(q, user.id, 'email_change', pending.email) } : null;
  });
  if (made && !(await mail(ctx, type, made.userId, made.to, made.token))) return mailFailed(res, 'confirmation');
  return sendJson(res, 200, {});
}

const KINDS: Record<string, TokenKind> = { signup: 'signup', email: 'signup', recovery: 'recovery', email_change: 'email_change' };

type Verified = { session: Session; type: string } | { error: 'otp_expired' | 'email_exists' };

/** Uses the token and does what it was for, then signs the person in: one transaction. */
async function verifyToken(ctx: AuthContext, req: IncomingMessage, type: string, tokenHash: string): Promise<Verified> {
  const address = addressOf(ctx, req);
  const kind = KINDS[type];
  const outcome = await ctx.db.tx(async (q): Promise<Verified> => {
    const used = kind ? await spendToken(q, tokenHash, [kind]) : null;
    if (!used) return { error: 'otp_expired' };
    if (used.kind === 'email_change') {
      const taken = await userByEmail(q, used.email ?? '');
      if (!used.email || (taken && taken.id !== used.userId)) return { error: 'email_exists' };
      await q.query('update auth.users set email = $2, email_confirmed_at = now(), updated_at = now() where id = $1', [used.userId, used.email]);
    } else {
      // a reset link opened proves the address as much as a confirmation does
      await q.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [used.userId]);
    }
    const [user] = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [used.userId]);
    if (!user) return { error: 'otp_expired' };
    return { session: await startSession(ctx, q, user), type };
  });
  if ('error' in outcome && outcome.error === 'otp_expired') await ctx.throttle.verifyMissed(address);
  return outcome;
}

async function verifyPost(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const type = typeof body.type === 'string' ? body.type : '';
  if (!type) return authError(res, 400, 'validation_failed', 'Verify requires a verification type');
  const wait = await ctx.throttle.verifyWait(addressOf(ctx, req));
  if (wait) return tooMany(res, 'attempts', wait);
  // the six-digit code ({ email, token }) is not mailed by the stand-in: only the link's hash
  const tokenHash = typeof body.token_hash === 'string' ? body.token_hash : '';
  const outcome = await verifyToken(ctx, req, type, tokenHash);
  if ('error' in outcome) {
    return outcome.error === 'email_exists'
      ? authError(res, 422, 'email_exists', 'A user with this email address has already been registered')
      : authError(res, 403, 'otp_expired', 'Email link is invalid or has expired');
  }
  return sendJson(res, 200, outcome.session);
}

/** Where GET /verify may send the browser: the app's own pages only (else the app's start). */
function redirectTarget(ctx: AuthContext, raw: string | null): string {
  const site = ctx.siteUrl.replace(/\/+$/, '');
  if (raw && (raw === site || raw.startsWith(`${site}/`) || raw.startsWith(`${site}?`) || raw.startsWith(`${site}#`))) return raw.split('#')[0]!;
  return `${site}/`;
}

async function verifyGet(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const target = redirectTarget(ctx, url.searchParams.get('redirect_to'));
  const go = (fragment: URLSearchParams) => res.writeHead(303, { Location: `${target}#${fragment}`, 'Cache-Control': 'no-store' }).end();
  const wait = await ctx.throttle.verifyWait(addressOf(ctx, req));
  if (wait) return go(new URLSearchParams({ error: 'access_denied', error_code: 'over_request_rate_limit', error_description: 'Too many attempts' }));
  const outcome = await verifyToken(ctx, req, url.searchParams.get('type') ?? '', url.searchParams.get('token') ?? '');
  if ('error' in outcome) {
    const description = outcome.error === 'email_exists' ? 'A user with this email address has already been registered' : 'Email link is invalid or has expired';
    return go(new URLSearchParams({ error: 'access_denied', error_code: outcome.error, error_description: description }));
  }
  const s = outcome.session;
  return go(
    new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type: outcome.type,
    }),
  );
}

async function updateUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) {
  const who = await requireUser(ctx, req, res);
  if (!who) return;
  const [current] = await ctx.db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [who.userId]);
  if (!current) return authError(res, 404, 'user_not_found', 'User from sub claim in JWT does not exist');
  let hash: string | null = null;
  if (body.password !== undefined) {
    const password = typeof body.password === 'string' ? body.password : '';
    if (password.length < MIN_PASSWORD) return weakPassword(res);
    if (password.length > MAX_PASSWORD) return authError(res, 400, 'validation_failed', `Password should be at most ${MAX_PASSWORD} characters.`);
    if (current.encrypted_password && (await ctx.passwords.verify(password, current.encrypted_password)).ok) {
      return authError(res, 422, 'same_password', 'New password should be different from the old password.');
    }
    hash = await ctx.passwords.hash(password);
  }
  let meta: string | null = null;
  if (body.data !== undefined) {
    if (!asObject(body.data)) return authError(res, 400, 'validation_failed', 'User data (data) must be a JSON object');
    meta = JSON.stringify({ ...current.raw_user_meta_data, ...(body.data as Record<string, unknown>) });
    if (Buffer.byteLength(meta) > MAX_USER_DATA_BYTES) {
      return authError(res, 400, 'validation_failed', `User data (data) must be at most ${MAX_USER_DATA_BYTES / 1024} KB of JSON`);
    }
  }
  let newEmail: string | null = null;
  if (body.email !== undefined) {
    const email = normalEmail(body.email);
    if (!email || email.length > MAX_EMAIL || !EMAIL_RE.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (email !== current.email.toLowerCase()) {
      const taken = await userByEmail(ctx.db, email);
      if (taken) return authError(res, 422, 'email_exists', 'A user with this email address has already been registered');
      const wait = await ctx.throttle.mailAttempt('email_change', current.email, addressOf(ctx, req));
      if (wait) return mailLimited(res, wait);
      newEmail = email;
    }
  }
  const done = await ctx.db.tx(async (q) => {
    if (hash) await q.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [who.userId, hash]);
    if (meta) await q.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [who.userId, meta]);
    const token = newEmail ? await issueToken(q, who.userId, 'email_change', newEmail) : null;
    const [user] = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [who.userId]);
    return { user: user!, token, pending: await pendingEmail(q, who.userId) };
  });
  if (newEmail && done.token) {
    // the new address confirms the change; the old one is told it was asked for
    if (!(await mail(ctx, 'email_change', who.userId, newEmail, done.token))) return mailFailed(res, 'email change');
    await mail(ctx, 'email_changed', who.userId, current.email, undefined, newEmail);
  }
  const pending = done.pending ? { new_email: done.pending.email, email_change_sent_at: done.pending.sentAt.toISOString() } : {};
  return sendJson(res, 200, { ...userJson(done.user), ...pending });
}

/** The mail flows' routes; false when the request is not one of them. */
export async function handleAuthFlow(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL, path: string, bodyText: string): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (method === 'GET' && path === '/verify') {
    await verifyGet(ctx, req, res, url);
    return true;
  }
  const handlers: Record<string, (ctx: AuthContext, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => Promise<void>> = {
    'POST /recover': recover,
    'POST /resend': resend,
    'POST /verify': verifyPost,
    'PUT /user': updateUser,
  };
  const handler = handlers[`${method} ${path}`];
  if (!handler) return false;
  const parsed = parseJsonBody(bodyText);
  const body = parsed.ok ? asObject(parsed.value) : null;
  if (!body) authError(res, 400, 'bad_json', 'Could not parse request body as JSON');
  else await handler(ctx, req, res, body);
  return true;
}
