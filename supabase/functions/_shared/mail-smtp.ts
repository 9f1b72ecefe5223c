// Sending over SMTP with nodemailer: SMTP_URL is `smtp://user:password@host:587` (STARTTLS when the
// server offers it) or `smtps://…:465` (TLS from the start; hosted Edge Functions may not open
// ports 25 and 587, so the Edge Function takes smtps:// only: hostedSmtpUrl). From: MAIL_FROM,
// e.g. `Daybook <daybook@example.org>`. `ca`: the PEM certificate of a mail server's own CA, for
// a server whose certificate no public CA signed.
import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message.ts';
import type { MailTransport } from './mail-sender.ts';

export const DEFAULT_MAIL_FROM = 'Daybook <daybook@localhost>';

/** SMTP_URL as a hosted function can use it: TLS from the start (smtps://, port 465 unless named). */
export function hostedSmtpUrl(url: string): string {
  if (!/^smtps:\/\//i.test(url)) {
    throw new Error('SMTP_URL must be smtps://user:password@host:465 — hosted Edge Functions may not open ports 25 or 587');
  }
  return url;
}

export function smtpTransport(url: string, from = DEFAULT_MAIL_FROM, ca?: string): MailTransport & { close(): void } {
  // bounded, so a dead mail server holds a run for seconds, not minutes
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const transporter = nodemailer.createTransport({ url, ...timeouts, ...(ca ? { tls: { ca } } : {}) });
  return {
    async send(message: MailMessage) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transporter.close(),
  };
}
