// The stand-in's mail (SPEC §13.1): invitations' mail from public.mail_outbox, sent over SMTP_URL
// with nodemailer, or kept in the dev mailbox (/_dev/mail) when there is none. The sender
// (supabase/functions/_shared/mail-sender.ts, the Edge Function's too) runs when an invitation
// commits (its NOTIFY on daybook_mail, heard by every server process on the database) and every
// 30 s for retries and for claims a stopped process left to lapse. Runs never overlap in a
// process; a wake-up during a run makes one more run after it.
import type { MailMessage } from '../supabase/functions/_shared/mail-message.ts';
import { createMailSender, type MailTransport } from '../supabase/functions/_shared/mail-sender.ts';
import { smtpTransport } from '../supabase/functions/_shared/mail-smtp.ts';
import { sqlMailStore } from '../supabase/functions/_shared/mail-store.ts';
import type { Db } from './db.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { logError } from './log.ts';

const RETRY_EVERY_MS = 30_000;

export interface MailOptions {
  db: Db;
  /** The app's origin for the links. */
  siteUrl: string;
  /** smtp:// or smtps:// URL; without it mail goes to the dev mailbox. */
  smtpUrl?: string;
  /** The From: header. */
  from?: string;
}

export interface StandInMail {
  /** The dev mailbox, or null when mail goes over SMTP. */
  mailbox: DevMailbox | null;
  /** Runs the sender now (again after the current run, if one is under way). */
  wake(): void;
  /** Sends one mail now, by the same way (auth's mails, which wait for no queue). */
  send(message: MailMessage): Promise<void>;
  stop(): Promise<void>;
}

export async function startMail(opts: MailOptions): Promise<StandInMail> {
  const mailbox = opts.smtpUrl ? null : new DevMailbox();
  const smtp = opts.smtpUrl ? smtpTransport(opts.smtpUrl, opts.from) : null;
  const transport: MailTransport = smtp ?? mailbox!;
  const sender = createMailSender({ store: sqlMailStore(opts.db), transport, siteUrl: opts.siteUrl });
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sender.run();
        } catch (err) {
          logError('mail run failed', err);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  const unlisten = await opts.db.listen('daybook_mail', wake);
  const timer = setInterval(wake, RETRY_EVERY_MS);
  timer.unref();
  wake(); // mail left from before a restart
  return {
    mailbox,
    wake,
    send: (message) => transport.send(message),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
      smtp?.close();
    },
  };
}
