// The stand-in's reminder sender (SPEC §11.4): at the start of each minute it claims the
// reminders that came due (daybook_private.claim_due_pushes: found and recorded as sent in one
// statement, so each goes once per device across restarts and concurrent senders), encrypts and
// signs each with web-push (RFC 8291 payload, RFC 8292 VAPID) and posts it to the device's push
// service. A gone subscription (404/410) is dropped; a passing failure releases its claim for
// the next minute. Hosted, supabase/functions/send-reminders does the same on pg_cron's minute.
import webpush from 'web-push';
import { logError } from './log.ts';
import { type DuePush, PUSH_TTL_SECONDS, pushOutcome, reminderPush } from './push-payload.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A direct connection (server/db.ts's Querier has this shape); declared here so the Deno Edge Function loads nothing of db.ts. */
export interface SqlQuerier {
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Where due reminders come from and what is recorded: SQL here, PostgREST in the Edge Function. */
export interface PushStore {
  /** daybook_private.claim_due_pushes: due in (since, now], recorded as sent. */
  claim(since: Date, now: Date): Promise<DuePush[]>;
  /** Gives a claim back after a passing failure. */
  release(d: DuePush): Promise<void>;
  /** Forgets a subscription its push service says is gone. */
  drop(subscriptionId: string): Promise<void>;
}

export interface PushSenderOptions {
  /** The database (the stand-in), or `store` for another way in. */
  db?: SqlQuerier;
  store?: PushStore;
  vapid: VapidKeys;
  /** RFC 8292 `sub`: how a push service reaches the operator. */
  subject: string;
  /** Epoch ms; tests step it. Default Date.now. */
  now?: () => number;
  fetch?: typeof fetch;
  /**
   * How far back a tick looks: a reminder that came due while the sender was down this long
   * still goes (once). Default 15 minutes; older ones are left to the device's own schedule.
   */
  catchUpMs?: number;
  /** Sends in flight at once. Default 50. */
  concurrency?: number;
  /** Per push request. Default 10 s. */
  timeoutMs?: number;
}

export interface TickResult {
  claimed: number;
  sent: number;
  gone: number;
  retried: number;
  failed: number;
  /** Time in the claim statement. */
  sqlMs: number;
  /** Time sending, release and drop statements included. */
  sendMs: number;
}

export interface PushSender {
  /** One minute's work, now: what the timer runs. Concurrent calls wait for each other. */
  tick(): Promise<TickResult>;
  /** Runs tick() at the start of every minute (of the real clock) until stop(). */
  start(): void;
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}

export const DEFAULT_CATCH_UP_MS = 15 * 60_000;

const CLAIM_SQL = `select subscription_id, endpoint, p256dh, auth, user_id, time_zone, task_id,
  occurrence::text as occurrence, to_json(fire_at) #>> '{}' as fire_at, title, due_time, list_name,
  today::text as today, to_json(snoozed_until) #>> '{}' as snoozed_until
  from daybook_private.claim_due_pushes($1::timestamptz, $2::timestamptz)`;

/** The store over a direct database connection (the stand-in's own, as the superuser). */
export function sqlPushStore(db: SqlQuerier): PushStore {
  return {
    claim: (since, now) => db.query<DuePush & Record<string, unknown>>(CLAIM_SQL, [since.toISOString(), now.toISOString()]),
    async release(d) {
      await db.query('select daybook_private.release_push($1, $2, $3::date, $4::timestamptz)', [d.subscription_id, d.task_id, d.occurrence, d.fire_at]);
    },
    async drop(subscriptionId) {
      await db.query('select daybook_private.drop_push_subscription($1)', [subscriptionId]);
    },
  };
}

export function createPushSender(opts: PushSenderOptions): PushSender {
  const given = opts.store ?? (opts.db ? sqlPushStore(opts.db) : null);
  if (!given) throw new Error('createPushSender needs a db or a store');
  const store: PushStore = given;
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const catchUp = opts.catchUpMs ?? DEFAULT_CATCH_UP_MS;
  const concurrency = opts.concurrency ?? 50;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const vapidDetails = { subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey };
  let running: Promise<TickResult> = Promise.resolve(emptyResult());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;

  async function sendOne(d: DuePush): Promise<number | null> {
    // web-push makes the request (aes128gcm body, VAPID header, TTL); fetch sends it, so the
    // same code reaches an https push service and the tests' http one
    const req = webpush.generateRequestDetails({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, JSON.stringify(reminderPush(d)), {
      vapidDetails,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
    });
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    try {
      const res = await doFetch(req.endpoint, {
        method: 'POST',
        headers,
        body: req.body ? new Uint8Array(req.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return null;
    }
  }

  async function runTick(): Promise<TickResult> {
    const at = now();
    const result = emptyResult();
    const t0 = performance.now();
    const due = await store.claim(new Date(at - catchUp), new Date(at));
    const t1 = performance.now();
    result.sqlMs = t1 - t0;
    result.claimed = due.length;
    const gone = new Set<string>();
    let next = 0;
    async function worker() {
      while (next < due.length) {
        const d = due[next++]!;
        if (gone.has(d.subscription_id)) continue;
        const status = await sendOne(d);
        const outcome = pushOutcome(status);
        if (outcome === 'sent') result.sent++;
        else if (outcome === 'gone') {
          result.gone++;
          gone.add(d.subscription_id);
          await store.drop(d.subscription_id);
        } else if (outcome === 'retry') {
          result.retried++;
          await store.release(d);
        } else {
          result.failed++;
          console.error(`push to ${new URL(d.endpoint).origin} refused with ${status}; not retried`);
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    result.sendMs = performance.now() - t1;
    return result;
  }

  function schedule() {
    if (stopped) return;
    // just past the start of the next real minute: fire times are whole minutes
    const wait = 60_000 - (Date.now() % 60_000) + 200;
    timer = setTimeout(() => {
      timer = null;
      sender.tick().catch((err: unknown) => logError('reminder push tick failed', err)).finally(schedule);
    }, wait);
    timer.unref?.();
  }

  const sender: PushSender = {
    tick() {
      running = running.catch(() => emptyResult()).then(runTick);
      return running;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running.catch(() => undefined);
    },
  };
  return sender;
}

function emptyResult(): TickResult {
  return { claimed: 0, sent: 0, gone: 0, retried: 0, failed: 0, sqlMs: 0, sendMs: 0 };
}
