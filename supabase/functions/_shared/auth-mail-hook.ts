// Supabase Auth's "Send Email" hook (hosted): Auth hands each of its mails to the auth-mail Edge
// Function instead of sending its one-language template, and this writes the same mail the
// stand-in sends (./auth-mail.ts) in the person's language and sends it over the project's SMTP.
// The links open the app's /confirm and /reset-password pages with the token's hash, as the
// stand-in's do and the dashboard templates did, and those pages verify it (supabase-js verifyOtp).
import { type AuthMailKind, authMail } from './auth-mail.ts';
import type { MailMessage } from './mail-message.ts';
import type { MailTransport } from './mail-sender.ts';

/** What Auth posts (supabase.com/docs/guides/auth/auth-hooks/send-email-hook), as far as it is read. */
export interface SendEmailHookPayload {
  user: { id: string; email?: string; new_email?: string; user_metadata?: Record<string, unknown> | null };
  email_data: {
    token?: string;
    token_hash: string;
    redirect_to?: string;
    email_action_type: string;
    site_url?: string;
    token_new?: string;
    token_hash_new?: string;
    /** The notice of a changed address: the address it was changed from. */
    old_email?: string;
  };
}

/** Auth's action types Daybook's flows cause, and the stand-in's mail for each. */
const KINDS: Readonly<Record<string, AuthMailKind>> = {
  // sign-up, and resend({ type: 'signup' }) of an unconfirmed account
  signup: 'signup',
  recovery: 'recovery',
  email_change: 'email_change',
  // the old address's notice (Authentication → Emails → Notifications: "Email address changed")
  email_changed_notification: 'email_changed',
};

export class HookError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AuthMailHookDeps {
  /** The app's origin (the secret SITE_URL): Auth's own site_url is its API's address. */
  siteUrl: string;
  transport: MailTransport;
  /** The person's language as the database has it (profile, else sign-up); null when unknown. */
  profileLanguage?: (userId: string) => Promise<string | null>;
}

function parsePayload(body: string): SendEmailHookPayload {
  let payload: SendEmailHookPayload;
  try {
    payload = JSON.parse(body) as SendEmailHookPayload;
  } catch {
    throw new HookError(400, 'The hook payload is not JSON');
  }
  if (!payload?.user?.id || typeof payload.email_data?.email_action_type !== 'string') {
    throw new HookError(400, 'The hook payload has no user or email_data.email_action_type');
  }
  return payload;
}

/**
 * The profile's language when the database has one (an account being signed up is not committed
 * yet when Auth calls the hook), else the one the app sent in the sign-up's user data, else English.
 */
async function languageOf(user: SendEmailHookPayload['user'], deps: AuthMailHookDeps): Promise<string | null> {
  let stored: string | null = null;
  try {
    stored = (await deps.profileLanguage?.(user.id)) ?? null;
  } catch (err) {
    // the mail still goes, in the sign-up's language or English
    console.error('auth-mail: no profile language:', err instanceof Error ? err.message : err);
  }
  const meta = user.user_metadata?.language;
  return stored ?? (typeof meta === 'string' ? meta : null);
}

/** The mails one hook call sends. */
export async function authHookMails(payload: SendEmailHookPayload, deps: AuthMailHookDeps): Promise<MailMessage[]> {
  const { user, email_data: data } = payload;
  const kind = KINDS[data.email_action_type];
  if (!kind) throw new HookError(400, `Daybook sends no "${data.email_action_type}" mail`);
  const language = await languageOf(user, deps);
  const base = { siteUrl: deps.siteUrl, language };
  if (kind === 'email_change') {
    if (!user.new_email) throw new HookError(400, 'An email_change call without user.new_email');
    const mails = [authMail({ ...base, kind, to: user.new_email, tokenHash: data.token_hash, newEmail: user.new_email })];
    // "Secure email change" on: the current address confirms too, with the other hash
    if (data.token_hash_new && user.email) {
      mails.push(authMail({ ...base, kind, to: user.email, tokenHash: data.token_hash_new, newEmail: user.new_email }));
    }
    return mails;
  }
  if (kind === 'email_changed') {
    // after the change, user.email is already the new address; the notice goes to the old one
    const to = data.old_email || user.email;
    if (!to) throw new HookError(400, 'An email_changed_notification call without an address');
    return [authMail({ ...base, kind, to, newEmail: data.old_email ? user.email : user.new_email || undefined })];
  }
  if (!user.email) throw new HookError(400, 'The user has no e-mail address');
  if (!data.token_hash) throw new HookError(400, `A ${data.email_action_type} call without email_data.token_hash`);
  return [authMail({ ...base, kind, to: user.email, tokenHash: data.token_hash })];
}

/** Parses a verified call's body and sends its mails; throws HookError for Auth's answer. */
export async function handleAuthMailHook(body: string, deps: AuthMailHookDeps): Promise<void> {
  const mails = await authHookMails(parsePayload(body), deps);
  for (const mail of mails) {
    try {
      await deps.transport.send(mail);
    } catch (err) {
      console.error('auth-mail: SMTP failed:', err instanceof Error ? err.message : err);
      throw new HookError(500, 'The mail could not be sent; see the function logs');
    }
  }
}

/** Auth's error shape for a hook: `{ error: { http_code, message } }`. */
export function hookError(status: number, message: string): Response {
  return Response.json({ error: { http_code: status, message } }, { status });
}
