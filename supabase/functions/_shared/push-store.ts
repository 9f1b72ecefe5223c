// Where the reminder sender claims and records its work: SQL over the stand-in's own connection,
// or PostgREST RPCs as service_role in the Edge Function. Both reach the same functions of
// supabase/schemas/reminder_sender.sql (claim_push_page, mark_pushes_sent, release_pushes), and
// then server_languages.sql's push_languages for the language each person's push is written in.
import type { DuePush } from './push-payload.ts';

export interface PushStore {
  /**
   * At most `limit` due reminders of the people whose ids are in [from, to], whole
   * subscriptions first, each leased for `leaseSeconds`.
   */
  claimPage(since: Date, now: Date, limit: number, leaseSeconds: number, from: string, to: string): Promise<DuePush[]>;
  /** The push service took these: never sent again. */
  markSent(items: readonly DuePush[]): Promise<void>;
  /** A passing failure: the claims go, and the next minute tries again. */
  release(items: readonly DuePush[]): Promise<void>;
  /** Forgets a subscription that is gone or can never be pushed to. */
  drop(subscriptionId: string): Promise<void>;
}

/** A direct connection (server/db.ts's Querier has this shape); declared here so the Edge Function loads nothing of the server. */
export interface SqlQuerier {
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

const keys = (items: readonly DuePush[]) =>
  JSON.stringify(items.map((d) => ({ subscription_id: d.subscription_id, task_id: d.task_id, occurrence: d.occurrence, fire_at: d.fire_at })));

const CLAIM_SQL = `select subscription_id, endpoint, p256dh, auth, user_id, time_zone, task_id,
  occurrence::text as occurrence, to_json(fire_at) #>> '{}' as fire_at, title, due_time, list_name,
  today::text as today, to_json(snoozed_until) #>> '{}' as snoozed_until
  from daybook_private.claim_push_page($1::timestamptz, $2::timestamptz, $3::int, $4::int, $5::uuid, $6::uuid)`;

type Language = { user_id: string; language: string | null };

const people = (rows: readonly DuePush[]) => [...new Set(rows.map((r) => r.user_id))];

/**
 * The claimed reminders, each with its person's language (none when the database knows none). A
 * reminder in English beats none: should the lookup fail, they go in English.
 */
async function withLanguages(rows: DuePush[], read: () => Promise<Language[]>): Promise<DuePush[]> {
  let languages: Language[] = [];
  try {
    languages = await read();
  } catch (err) {
    console.error('push_languages failed; writing in English:', err instanceof Error ? err.message : err);
  }
  const by = new Map(languages.map((l) => [l.user_id, l.language]));
  return rows.map((r) => ({ ...r, language: by.get(r.user_id) ?? null }));
}

/** The store over a direct database connection (the stand-in's own, as the superuser). */
export function sqlPushStore(db: SqlQuerier): PushStore {
  return {
    async claimPage(since, now, limit, lease, from, to) {
      const rows = await db.query<DuePush & Record<string, unknown>>(CLAIM_SQL, [since.toISOString(), now.toISOString(), limit, lease, from, to]);
      if (!rows.length) return rows;
      const users = JSON.stringify(people(rows));
      return withLanguages(rows, () => db.query<Language & Record<string, unknown>>('select user_id, language from public.push_languages($1::jsonb)', [users]));
    },
    async markSent(items) {
      if (items.length) await db.query('select daybook_private.mark_pushes_sent($1::jsonb)', [keys(items)]);
    },
    async release(items) {
      if (items.length) await db.query('select daybook_private.release_pushes($1::jsonb)', [keys(items)]);
    },
    async drop(subscriptionId) {
      await db.query('select daybook_private.drop_push_subscription($1)', [subscriptionId]);
    },
  };
}

/** The store over PostgREST (`rpc(name, args)` as service_role): the hosted Edge Function's. */
export function rpcPushStore(rpc: (fn: string, args: Record<string, unknown>) => Promise<unknown>): PushStore {
  return {
    // PostgREST gives dates as 'YYYY-MM-DD' and instants as ISO text: the shape DuePush wants
    async claimPage(since, now, limit, lease, from, to) {
      const rows = (await rpc('push_claim_page', {
        p_since: since.toISOString(),
        p_now: now.toISOString(),
        p_limit: limit,
        p_lease_seconds: lease,
        p_from: from,
        p_to: to,
      })) as DuePush[];
      if (!rows?.length) return rows ?? [];
      return withLanguages(rows, async () => ((await rpc('push_languages', { p_users: people(rows) })) ?? []) as Language[]);
    },
    async markSent(items) {
      if (items.length) await rpc('push_mark_sent', { p_items: JSON.parse(keys(items)) });
    },
    async release(items) {
      if (items.length) await rpc('push_release_many', { p_items: JSON.parse(keys(items)) });
    },
    async drop(id) {
      await rpc('push_drop_subscription', { p_subscription: id });
    },
  };
}
