// Auth's mails (SPEC §16): confirming the e-mail, resetting the password, confirming a new e-mail
// and telling the old address, in the person's language (./i18n/: their profile's, else the one
// their device sent at sign-up).
// The stand-in sends them; hosted Supabase Auth sends them through its Send Email hook
// (../auth-mail/, ./auth-mail-hook.ts), or else its own templates (supabase/README.md says what
// to paste into the dashboard so the links are the same).
import { escapeHtml, type MessageKey, serverText } from './i18n/catalogue.ts';
import type { MailMessage } from './mail-message.ts';

export type AuthMailKind = 'signup' | 'recovery' | 'email_change' | 'email_changed';

export interface AuthMailInput {
  kind: AuthMailKind;
  to: string;
  /** The app's origin (with a path, if it is served under one). */
  siteUrl: string;
  /** The one-time token's hash as the link carries it (none for the old address's notice). */
  tokenHash?: string;
  /** email_change and email_changed: the new address. */
  newEmail?: string;
  /** A BCP 47 tag; texts fall back to English. */
  language?: string | null;
}

const KEYS = {
  signup: { subject: 'auth.signup.subject', lead: 'auth.signup.lead', action: 'auth.signup.action', after: 'auth.signup.after' },
  recovery: { subject: 'auth.recovery.subject', lead: 'auth.recovery.lead', action: 'auth.recovery.action', after: 'auth.recovery.after' },
  email_change: {
    subject: 'auth.emailChange.subject',
    lead: 'auth.emailChange.lead',
    action: 'auth.emailChange.action',
    after: 'auth.emailChange.after',
  },
  email_changed: { subject: 'auth.emailChanged.subject', lead: 'auth.emailChanged.lead', action: null, after: 'auth.emailChanged.after' },
} as const satisfies Record<AuthMailKind, { subject: MessageKey; lead: MessageKey; action: MessageKey | null; after: MessageKey }>;

/** The app's page a mailed link opens; it verifies the token there (supabase-js verifyOtp). */
export function authLink(siteUrl: string, kind: Exclude<AuthMailKind, 'email_changed'>, tokenHash: string): string {
  const page = kind === 'recovery' ? 'reset-password' : 'confirm';
  return `${siteUrl.replace(/\/+$/, '')}/${page}?token_hash=${encodeURIComponent(tokenHash)}&type=${kind}`;
}

export function authMail(input: AuthMailInput): MailMessage {
  const w = serverText(input.language);
  const keys = KEYS[input.kind];
  const t = { subject: w.t(keys.subject), action: keys.action ? w.t(keys.action) : undefined, after: w.t(keys.after) };
  const link = input.kind !== 'email_changed' && input.tokenHash ? authLink(input.siteUrl, input.kind, input.tokenHash) : null;
  const lead = w.t(keys.lead, { newEmail: input.newEmail ?? w.t('auth.emailChanged.anotherAddress') });
  const text = [lead, '', ...(link && t.action ? [w.t('auth.actionLine', { action: t.action, link }), ''] : []), t.after, ''].join('\n');
  const button =
    link && t.action
      ? `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 8px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(t.action)}</a></p>\n`
      : '';
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
<p>${escapeHtml(lead)}</p>
${button}<p style="color: #59636e; font-size: 0.9em">${escapeHtml(t.after)}${link ? `<br>${escapeHtml(link)}` : ''}</p>
</body></html>
`;
  return { to: input.to, subject: t.subject, text, html };
}
