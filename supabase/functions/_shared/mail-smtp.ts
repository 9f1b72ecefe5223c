// Sending over SMTP with nodemailer: SMTP_URL is `smtp://user:password@host:587` (STARTTLS when the
// server offers it) or `smtps://…:465` (TLS from the start; hosted Edge Functions may not open
// ports 25 and 587). From: MAIL_FROM, e.g. `Daybook <daybook@example.org>`.
import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message.ts';
import type { MailTransport } from './mail-sender.ts';

export const DEFAULT_MAIL_FROM = 'Daybook <daybook@localhost>';

export function smtpTransport(url: string, from = DEFAULT_MAIL_FROM): MailTransport & { close(): void } {
  // bounded, so a dead mail server holds a run for seconds, not minutes
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(message: MailMessage) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transporter.close(),
  };
}
