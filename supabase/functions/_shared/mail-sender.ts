// The mail sender (SPEC §13.1): the local server's, woken when an invitation commits, and the
// hosted Edge Function's, once per pg_cron run. A run claims due mails in pages (each claim a
// lease, so two senders never send one mail and a crashed one's mail goes later), sends each on
// its own, and records it: sent → the row and its token go; refused for good (an SMTP 5xx) →
// dropped; anything else → tried again later. The invitation waits either way.
import { invitationMail, type MailMessage } from './mail-message.ts';
import type { MailStore } from './mail-store.ts';

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export interface MailSenderOptions {
  store: MailStore;
  transport: MailTransport;
  /** The app's origin, for the links (/invites/<token>). */
  siteUrl: string;
  /** Mails claimed at once. Default 20. */
  pageSize?: number;
  /** How long a claim is held. Default 120 s: longer than a send may take. */
  leaseSeconds?: number;
  /** A run claims no further page once it has run this long. Default 30 s. */
  budgetMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

export interface MailRunResult {
  claimed: number;
  sent: number;
  /** Left for a later run. */
  retried: number;
  /** Refused for good by the mail server. */
  dropped: number;
}

/** An SMTP 5xx is the server refusing the message or address: sending again will not help. */
export function isPermanentMailError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailSender(opts: MailSenderOptions) {
  const pageSize = opts.pageSize ?? 20;
  const lease = opts.leaseSeconds ?? 120;
  const budget = opts.budgetMs ?? 30_000;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((m: string) => console.error(m));

  async function run(): Promise<MailRunResult> {
    const result: MailRunResult = { claimed: 0, sent: 0, retried: 0, dropped: 0 };
    const started = now();
    while (now() - started < budget) {
      const page = await opts.store.claim(pageSize, lease);
      result.claimed += page.length;
      for (const mail of page) {
        try {
          await opts.transport.send(invitationMail(mail, opts.siteUrl));
        } catch (err) {
          const permanent = isPermanentMailError(err);
          log(`mail to an invitee failed (${permanent ? 'dropped' : 'will retry'}): ${err instanceof Error ? err.message : String(err)}`);
          await opts.store.failed(mail.id, permanent);
          if (permanent) result.dropped++;
          else result.retried++;
          continue;
        }
        await opts.store.sent(mail.id);
        result.sent++;
      }
      if (page.length < pageSize) break;
    }
    return result;
  }

  return { run };
}
