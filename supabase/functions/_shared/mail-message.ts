// The invitation mail (SPEC §13.1, §16, §20): plain text and simple HTML with the link /invites/<token>, the
// role and the expiry; the subject names who invited, by their display name. Shared by the local server's sender and the hosted Edge Function.
// Written in the invitee's language (./i18n/): their own when they have an account, else the inviter's.
import { escapeHtml, serverText } from './i18n/catalogue.ts';

/** One claimed mail, as public.mail_claim answers it. */
export interface ClaimedMail {
  id: string;
  to_email: string;
  token: string;
  list_name: string;
  /** The inviter's display name ('' when their account is gone). */
  invited_by: string;
  role: string;
  /** ISO 8601. */
  expires_at: string;
  attempts: number;
  /** The language to write in (public.mail_languages); none: English. */
  language?: string | null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The app's link for a token; `siteUrl` is the app's origin (with a path, if it is served under one). */
export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/invites/${encodeURIComponent(token)}`;
}

/** "Don't send me invitations": the mail's own token, on the app's page that asks to confirm it. */
export function stopInvitationsLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/no-invitations/${encodeURIComponent(token)}`;
}

/** "27 December 2026" (in the mail's language), in UTC: the mail cannot know the reader's zone. */
function day(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

const ROLE_KEYS = { editor: 'invitation.asEditor', viewer: 'invitation.asViewer' } as const;

export function invitationMail(mail: ClaimedMail, siteUrl: string): MailMessage {
  const w = serverText(mail.language);
  const inviter = mail.invited_by || w.t('invitation.someone');
  const list = mail.list_name;
  const roleKey = ROLE_KEYS[mail.role as keyof typeof ROLE_KEYS];
  const role = roleKey ? w.t(roleKey) : w.t('invitation.asRole', { role: mail.role });
  const link = invitationLink(siteUrl, mail.token);
  const until = day(mail.expires_at, w.locale);
  const stop = stopInvitationsLink(siteUrl, mail.token);
  const strong = (s: string) => ({ raw: `<strong>${escapeHtml(s)}</strong>` });
  const text = [
    w.t('invitation.lead', { inviter, list: w.t('invitation.quotedList', { list }), role }),
    '',
    w.t('invitation.openLine', { link }),
    '',
    w.t('invitation.until', { date: until }),
    w.t('invitation.ignore'),
    '',
    w.t('invitation.stopLine', { link: stop }),
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
<p>${w.html('invitation.lead', { inviter: strong(inviter), list: strong(list), role })}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 8px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none">${w.html('invitation.openButton')}</a></p>
<p>${w.html('invitation.until', { date: until })}</p>
<p style="color: #59636e; font-size: 0.9em">${w.html('invitation.ignore')}<br>${escapeHtml(link)}</p>
<p style="color: #59636e; font-size: 0.9em"><a href="${escapeHtml(stop)}" style="color: #59636e">${w.html('invitation.stopButton')}</a></p>
</body></html>
`;
  // the subject names the inviter only: a list's name is anyone's text, and a subject line is what a spammer would want
  return { to: mail.to_email, subject: w.t('invitation.subject', { inviter }), text, html };
}
