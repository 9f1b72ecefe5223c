// Where the mail sender claims and records its work: SQL over the stand-in's own connection, or
// PostgREST RPCs as service_role in the Edge Function. Both reach public.mail_claim,
// mail_mark_sent and mail_mark_failed (supabase/schemas/mail_outbox.sql), and then
// public.mail_languages for the language each claimed mail is written in (server_languages.sql).
import type { ClaimedMail } from './mail-message.ts';
import type { SqlQuerier } from './push-store.ts';

export interface MailStore {
  /** At most `limit` due mails, each leased for `leaseSeconds`. */
  claim(limit: number, leaseSeconds: number): Promise<ClaimedMail[]>;
  /** The mail went: its row (and token) goes. */
  sent(id: string): Promise<void>;
  /** It did not: tried again later, unless `permanent` or tried too often. */
  failed(id: string, permanent: boolean): Promise<void>;
}

const CLAIM_SQL = `select id, to_email, token, list_name, invited_by, role, to_json(expires_at) #>> '{}' as expires_at, attempts
  from public.mail_claim($1::int, $2::int)`;

type Language = { id: string; language: string | null };

/**
 * The claimed mails, each with its language (none when the database knows none). A mail in English
 * beats no mail: should the lookup fail (a function deployed ahead of its migration), they go in English.
 */
async function withLanguages(mails: ClaimedMail[], read: () => Promise<Language[]>): Promise<ClaimedMail[]> {
  let languages: Language[] = [];
  try {
    languages = await read();
  } catch (err) {
    console.error('mail_languages failed; writing in English:', err instanceof Error ? err.message : err);
  }
  const by = new Map(languages.map((l) => [l.id, l.language]));
  return mails.map((m) => ({ ...m, language: by.get(m.id) ?? null }));
}

export function sqlMailStore(db: SqlQuerier): MailStore {
  return {
    async claim(limit, lease) {
      const mails = await db.query<ClaimedMail & Record<string, unknown>>(CLAIM_SQL, [limit, lease]);
      if (!mails.length) return mails;
      const ids = JSON.stringify(mails.map((m) => m.id));
      return withLanguages(mails, () => db.query<Language & Record<string, unknown>>('select id, language from public.mail_languages($1::jsonb)', [ids]));
    },
    async sent(id) {
      await db.query('select public.mail_mark_sent($1::uuid)', [id]);
    },
    async failed(id, permanent) {
      await db.query('select public.mail_mark_failed($1::uuid, $2::boolean)', [id, permanent]);
    },
  };
}

export function rpcMailStore(rpc: (fn: string, args: Record<string, unknown>) => Promise<unknown>): MailStore {
  return {
    async claim(limit, lease) {
      const mails = ((await rpc('mail_claim', { p_limit: limit, p_lease_seconds: lease })) ?? []) as ClaimedMail[];
      if (!mails.length) return mails;
      return withLanguages(mails, async () => ((await rpc('mail_languages', { p_ids: mails.map((m) => m.id) })) ?? []) as Language[]);
    },
    async sent(id) {
      await rpc('mail_mark_sent', { p_id: id });
    },
    async failed(id, permanent) {
      await rpc('mail_mark_failed', { p_id: id, p_permanent: permanent });
    },
  };
}
