// The invitation mail (SPEC §13.1, §16): plain text and simple HTML with the link /invites/<token>, the
// role and the expiry; the subject names who invited, by their display name. Shared by the local server's sender and the hosted Edge Function.

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
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const ROLE_WORDS: Record<string, string> = { editor: 'an editor', viewer: 'a viewer' };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The app's link for a token; `siteUrl` is the app's origin (with a path, if it is served under one). */
export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/invites/${encodeURIComponent(token)}`;
}

/** "Don't send me invitations": the mail's own token, on the app's page that asks to confirm it. */
export function stopInvitationsLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/no-invitations/${encodeURIComponent(token)}`;
}

/** "27 December 2026", in UTC: the mail cannot know the reader's zone. */
function day(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

export function invitationMail(mail: ClaimedMail, siteUrl: string): MailMessage {
  const inviter = mail.invited_by || 'Someone';
  const list = mail.list_name;
  const role = ROLE_WORDS[mail.role] ?? mail.role;
  const link = invitationLink(siteUrl, mail.token);
  const until = day(mail.expires_at);
  const stop = stopInvitationsLink(siteUrl, mail.token);
  const text = [
    `${inviter} invited you to the list "${list}" on Daybook, as ${role}.`,
    '',
    `Open the invitation: ${link}`,
    '',
    `Sign in or create an account there, then accept or decline. The link works until ${until}.`,
    "If you weren't expecting this, you can ignore this mail.",
    '',
    `Don't send me invitations: ${stop}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
<p><strong>${escapeHtml(inviter)}</strong> invited you to the list <strong>${escapeHtml(list)}</strong> on Daybook, as ${escapeHtml(role)}.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 8px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none">Open the invitation</a></p>
<p>Sign in or create an account there, then accept or decline. The link works until ${escapeHtml(until)}.</p>
<p style="color: #59636e; font-size: 0.9em">If you weren't expecting this, you can ignore this mail.<br>${escapeHtml(link)}</p>
<p style="color: #59636e; font-size: 0.9em"><a href="${escapeHtml(stop)}" style="color: #59636e">Don't send me invitations</a></p>
</body></html>
`;
  // the subject names the inviter only: a list's name is anyone's text, and a subject line is what a spammer would want
  return { to: mail.to_email, subject: `${inviter} invited you to a list on Daybook`, text, html };
}
