// Auth's mails (SPEC §16): confirming the e-mail, resetting the password, confirming a new e-mail
// and telling the old address. The texts are keyed by kind and, inside, by language (English only
// for now), so a languages pass adds a table per language without touching the senders.
// The stand-in sends them; hosted Supabase Auth sends its own templates (supabase/README.md says
// what to paste into the dashboard so the links are the same).
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
  language?: string;
}

interface Texts {
  subject: string;
  lead: (input: AuthMailInput) => string;
  /** The button's words; none for a notice. */
  action?: string;
  after: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const EN: Record<AuthMailKind, Texts> = {
  signup: {
    subject: 'Confirm your e-mail for Daybook',
    lead: () => 'Someone (we hope you) made a Daybook account with this e-mail address. Confirm it to start syncing:',
    action: 'Confirm your e-mail',
    after: "The link works for an hour, once. If you didn't make an account, you can ignore this mail.",
  },
  recovery: {
    subject: 'Reset your Daybook password',
    lead: () => 'Someone (we hope you) asked to reset the password of the Daybook account with this e-mail address.',
    action: 'Reset password',
    after: "The link works for an hour, once. If you didn't ask, you can ignore this mail: your password stays as it is.",
  },
  email_change: {
    subject: 'Confirm your new e-mail for Daybook',
    lead: () => 'Someone (we hope you) asked to move a Daybook account to this e-mail address. Confirm it to make the change:',
    action: 'Confirm your new e-mail',
    after: "The link works for an hour, once. If you didn't ask, you can ignore this mail: nothing changes.",
  },
  email_changed: {
    subject: 'Your Daybook e-mail is being changed',
    lead: (i) => `Someone signed in to your Daybook account asked to change its e-mail address to ${i.newEmail ?? 'another address'}. It changes once the new address confirms it.`,
    after: "If this wasn't you, sign in and change your password, then change the e-mail back in Settings → Account.",
  },
};

const TEXTS: Record<string, Record<AuthMailKind, Texts>> = { en: EN };

function textsFor(language: string | undefined, kind: AuthMailKind): Texts {
  const base = (language ?? 'en').toLowerCase().split('-')[0]!;
  return (TEXTS[base] ?? EN)[kind];
}

/** The app's page a mailed link opens; it verifies the token there (supabase-js verifyOtp). */
export function authLink(siteUrl: string, kind: Exclude<AuthMailKind, 'email_changed'>, tokenHash: string): string {
  const page = kind === 'recovery' ? 'reset-password' : 'confirm';
  return `${siteUrl.replace(/\/+$/, '')}/${page}?token_hash=${encodeURIComponent(tokenHash)}&type=${kind}`;
}

export function authMail(input: AuthMailInput): MailMessage {
  const t = textsFor(input.language, input.kind);
  const link = input.kind !== 'email_changed' && input.tokenHash ? authLink(input.siteUrl, input.kind, input.tokenHash) : null;
  const lead = t.lead(input);
  const text = [lead, '', ...(link && t.action ? [`${t.action}: ${link}`, ''] : []), t.after, ''].join('\n');
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
