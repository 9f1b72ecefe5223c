// Where the sender claims and records notification pushes: SQL over the stand-in's own
// connection, or PostgREST RPCs as service_role in the Edge Function. Both reach
// supabase/schemas/notification_sender.sql (claim_notification_pushes,
// mark_notification_pushes_sent, release_notification_pushes); the claim brings the language.
import type { NotificationPushRow } from './notification-push.ts';
import type { SqlQuerier } from './push-store.ts';

export interface NotificationPushStore {
  /** At most `limit` subscriptions' pushes, of the people whose ids are in [from, to], each leased for `leaseSeconds`. */
  claim(since: Date, now: Date, limit: number, leaseSeconds: number, from: string, to: string): Promise<NotificationPushRow[]>;
  /** The push service took these (or refused them for good): their notifications are not pushed again. */
  markSent(items: readonly NotificationPushRow[]): Promise<void>;
  /** A passing failure: the claims end, and the next minute pushes them again. */
  release(items: readonly NotificationPushRow[]): Promise<void>;
}

const keys = (items: readonly NotificationPushRow[]) => items.map((r) => ({ subscription_id: r.subscription_id, version: Number(r.version) }));

const CLAIM_SQL = `select subscription_id, endpoint, p256dh, auth, user_id, language, version::text as version, count,
  kind, actor_name, title, list_name, task_id, one_task, to_json(ids) as ids
  from daybook_private.claim_notification_pushes($1::timestamptz, $2::timestamptz, $3::int, $4::int, $5::uuid, $6::uuid)`;

/** The store over a direct database connection (the stand-in's own, as the superuser). */
export function sqlNotificationPushStore(db: SqlQuerier): NotificationPushStore {
  return {
    claim(since, now, limit, lease, from, to) {
      return db.query<NotificationPushRow & Record<string, unknown>>(CLAIM_SQL, [since.toISOString(), now.toISOString(), limit, lease, from, to]);
    },
    async markSent(items) {
      if (items.length) await db.query('select daybook_private.mark_notification_pushes_sent($1::jsonb)', [JSON.stringify(keys(items))]);
    },
    async release(items) {
      if (items.length) await db.query('select daybook_private.release_notification_pushes($1::jsonb)', [JSON.stringify(keys(items))]);
    },
  };
}

/** The store over PostgREST (`rpc(name, args)` as service_role): the hosted Edge Function's. */
export function rpcNotificationPushStore(rpc: (fn: string, args: Record<string, unknown>) => Promise<unknown>): NotificationPushStore {
  return {
    async claim(since, now, limit, lease, from, to) {
      const rows = (await rpc('push_claim_notifications', {
        p_since: since.toISOString(),
        p_now: now.toISOString(),
        p_limit: limit,
        p_lease_seconds: lease,
        p_from: from,
        p_to: to,
      })) as NotificationPushRow[] | null;
      return rows ?? [];
    },
    async markSent(items) {
      if (items.length) await rpc('push_mark_notifications_sent', { p_items: keys(items) });
    },
    async release(items) {
      if (items.length) await rpc('push_release_notifications', { p_items: keys(items) });
    },
  };
}
