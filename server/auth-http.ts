// What every auth handler shares: GoTrue's error shape { code, error_code, msg }, its 429s, the
// bearer check, the context (server/auth.ts, server/auth-flows.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MailMessage } from '../supabase/functions/_shared/mail-message.ts';
import type { AuthThrottle } from './auth-throttle.ts';
import type { SessionContext } from './auth-session.ts';
import { clientAddress, type TrustedProxies } from './client-address.ts';
import type { Db } from './db.ts';
import { bearer, sendJson } from './http-util.ts';
import { verifyJwt } from './jwt.ts';
import type { Passwords } from './password.ts';

export interface AuthContext extends SessionContext {
  db: Db;
  passwords: Passwords;
  throttle: AuthThrottle;
  /** Sign-up mails a confirmation and answers no session ([auth.email] enable_confirmations). */
  confirmations: boolean;
  /** The app's origin, for the mailed links. */
  siteUrl: string;
  /** Sends one auth mail now (SMTP or the dev mailbox). */
  sendMail(message: MailMessage): Promise<void>;
  /** DAYBOOK_TRUSTED_PROXIES. */
  proxies: TrustedProxies;
}

/** Sign-up bounds: GoTrue's 255-character e-mail; a token carrying user data must fit in a header. */
export const MAX_EMAIL = 255;
export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 1000;
export const MAX_USER_DATA_BYTES = 2048;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const addressOf = (ctx: AuthContext, req: IncomingMessage) => clientAddress(req, ctx.proxies);

export function authError(res: ServerResponse, status: number, errorCode: string, msg: string, headers: Record<string, string> = {}) {
  sendJson(res, status, { code: status, error_code: errorCode, msg }, headers);
}

export function tooMany(res: ServerResponse, what: string, seconds: number, errorCode = 'over_request_rate_limit') {
  // the client reads the seconds from msg: supabase-js keeps neither headers nor extra fields
  authError(res, 429, errorCode, `Too many ${what}. For security purposes, you can only request this after ${seconds} seconds.`, {
    'Retry-After': String(seconds),
  });
}

export function weakPassword(res: ServerResponse) {
  sendJson(res, 422, {
    code: 422,
    error_code: 'weak_password',
    msg: `Password should be at least ${MIN_PASSWORD} characters.`,
    weak_password: { reasons: ['length'] },
  });
}

/** Verifies an access token and its session; answers the error itself when it fails. */
export async function requireUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse) {
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

export const normalEmail = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
