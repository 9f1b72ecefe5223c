// The stand-in's mailbox when no SMTP_URL is set (like Supabase's local Inbucket): mail the server
// sent, kept in memory for the developer and the tests at GET /_dev/mail (newest first; `?to=`
// keeps one address's). It holds the last 200 mails of this process only, and is gone at restart.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MailMessage } from '../supabase/functions/_shared/mail-message.ts';
import type { MailTransport } from '../supabase/functions/_shared/mail-sender.ts';
import { sendJson } from './http-util.ts';

export interface DevMail extends MailMessage {
  sent_at: string;
}

const KEEP = 200;

export class DevMailbox implements MailTransport {
  private readonly mails: DevMail[] = [];

  async send(message: MailMessage): Promise<void> {
    this.mails.unshift({ ...message, sent_at: new Date().toISOString() });
    this.mails.length = Math.min(this.mails.length, KEEP);
  }

  list(to?: string | null): DevMail[] {
    const who = to?.trim().toLowerCase();
    return who ? this.mails.filter((m) => m.to.toLowerCase() === who) : [...this.mails];
  }

  handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { message: 'Only GET' }, { Allow: 'GET, HEAD' });
      return;
    }
    sendJson(res, 200, this.list(url.searchParams.get('to')));
  }
}
