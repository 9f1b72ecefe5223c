// The reminder sender (SPEC §11.4, §15), the stand-in's on a minute timer and the hosted Edge
// Function's once per pg_cron run. A tick claims what came due in pages of at most 500 (each
// claim a lease), sends one push per subscription (reminders due together are one message) with
// bounded concurrency and a per-send timeout, and records each claim only once its push service
// answered: 2xx sent; 404/410 (or keys nothing can be encrypted to) drops the subscription; 429,
// 5xx, a timeout or the network releases the claims for the next minute; a crash leaves the
// lease to lapse, so the reminder goes again rather than being lost. Every step of one send —
// checking the endpoint and keys, encrypting, signing, the request — is guarded on its own, so
// one bad subscription never stops another's push. Redirects are never followed. Encrypting and
// sending a push is `deliver`'s (push-deliver.ts on this thread by default; the Node server's
// pool of send threads), so a send lost with its thread counts as one to try again. After the
// reminders, the same tick pushes notifications (SPEC §17; notification-push-sender.ts) to the
// same subscriptions under the same rules, at most one a minute per device, grouped.
import { inThreadDeliver } from './push-deliver.ts';
import { emptyNotificationResult, sendNotificationPushes } from './notification-push-sender.ts';
import { type NotificationPushStore, sqlNotificationPushStore } from './notification-push-store.ts';
import { type DuePush, PUSH_TTL_SECONDS, pushMessage } from './push-payload.ts';
import { type PushChannel, sendOnePush } from './push-send-one.ts';
import { type PushStore, sqlPushStore } from './push-store.ts';
import type { PushSender, PushSenderOptions, TickResult } from './push-sender-types.ts';
import { bySubscription, userSlices, yieldNow } from './push-batches.ts';
import { pushTargets } from './push-target.ts';
import { vapidHeaders } from './vapid-header.ts';

export type { PushStore, SqlQuerier } from './push-store.ts';
export type { DeliveryResult, PushDeliver, PushDelivery, PushSender, PushSenderOptions, TickResult, VapidKeys } from './push-sender-types.ts';

export const DEFAULT_CATCH_UP_MS = 15 * 60_000;
export const MAX_PAGE = 500;

type Outcome = 'sent' | 'gone' | 'retry' | 'failed';

export function createPushSender(opts: PushSenderOptions): PushSender {
  const given = opts.store ?? (opts.db ? sqlPushStore(opts.db) : null);
  if (!given) throw new Error('createPushSender needs a db or a store');
  const store: PushStore = given;
  // notification pushes (SPEC §17) go in the same tick, after the reminders
  const notificationStore: NotificationPushStore | null = opts.notificationStore ?? (opts.db ? sqlNotificationPushStore(opts.db) : null);
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? globalThis.fetch;
  const catchUp = opts.catchUpMs ?? DEFAULT_CATCH_UP_MS;
  const concurrency = Math.max(1, opts.concurrency ?? 50);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const pageSize = Math.min(MAX_PAGE, Math.max(1, opts.pageSize ?? MAX_PAGE));
  const leaseSeconds = opts.leaseSeconds ?? 120;
  const tickBudgetMs = opts.tickBudgetMs ?? 45_000;
  const maxClaims = opts.maxClaims ?? Number.POSITIVE_INFINITY;
  const slices = userSlices(opts.slices ?? 64);
  const targets = opts.targets ?? pushTargets(opts.pushHosts ?? [], opts.testOrigin ?? null);
  // signed once per push service origin and reused, with the real clock (the push service checks `exp` against its own)
  const vapid = vapidHeaders({ subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey });
  // encrypting and sending one push: by default on this thread (push-deliver.ts)
  const deliver = opts.deliver ?? inThreadDeliver(doFetch);
  let running: Promise<TickResult> = Promise.resolve(emptyResult());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;

  const channel: PushChannel = { targets, deliver, vapid, timeoutMs };

  /** One push for one subscription's reminders: never throws. */
  async function sendGroup(rows: DuePush[]): Promise<Outcome> {
    let message: unknown;
    try {
      message = pushMessage(rows);
    } catch (err) {
      console.error(`reminder push not sent: ${err instanceof Error ? err.message : String(err)}`);
      return 'failed';
    }
    return sendOnePush(channel, rows[0]!, message, { ttlSeconds: PUSH_TTL_SECONDS, urgency: 'high', what: 'reminder push' });
  }

  async function runTick(): Promise<TickResult> {
    const at = now();
    const since = new Date(at - catchUp);
    const until = new Date(at);
    const result = emptyResult();
    const start = performance.now();
    // one push per subscription: each page comes ordered by subscription
    const queue: { rows: DuePush[]; deadline: number }[] = [];
    let queuedRows = 0;
    const refillBelow = Math.max(pageSize, concurrency);
    let slice = 0;
    let exhausted = false;
    let failure: unknown = null;
    let claiming: Promise<void> | null = null;

    /** The next non-empty page into the queue, working through the slices; none left: exhausted. */
    async function claimNext(): Promise<void> {
      try {
        while (!exhausted) {
          if (slice >= slices.length) {
            exhausted = true;
            return;
          }
          // every tick claims at least one page, so one that follows at once always gets on
          if (result.pages > 0 && (performance.now() - start >= tickBudgetMs || result.claimed >= maxClaims)) {
            exhausted = true;
            result.unfinished = true;
            return;
          }
          const [from, to] = slices[slice]!;
          const t0 = performance.now();
          // never past maxClaims: the last page of a bounded call is a short one
          const limit = Math.min(pageSize, maxClaims - result.claimed);
          const page = await store.claimPage(since, until, limit, leaseSeconds, from, to);
          const t1 = performance.now();
          result.sqlMs += t1 - t0;
          result.pages++;
          result.claimed += page.length;
          if (page.length < limit) slice++;
          await yieldNow();
          if (page.length === 0) continue;
          // past this point the lease could lapse mid-send and another sender push it too
          const deadline = t1 + leaseSeconds * 1000 - timeoutMs - 5000;
          for (const rows of bySubscription(page)) queue.push({ rows, deadline });
          queuedRows += page.length;
          return;
        }
      } catch (err) {
        failure ??= err;
        exhausted = true;
      }
    }

    const pending = { done: [] as DuePush[], again: [] as DuePush[], gone: [] as string[] };
    let recording: Promise<void> = Promise.resolve();
    function record(force: boolean): Promise<void> {
      if (!force && pending.done.length + pending.again.length < 200 && pending.gone.length === 0) return recording;
      const batch = { ...pending };
      pending.done = [];
      pending.again = [];
      pending.gone = [];
      recording = recording.then(async () => {
        await store.markSent(batch.done);
        await store.release(batch.again);
        for (const id of batch.gone) await store.drop(id);
      });
      return recording;
    }

    async function worker(): Promise<void> {
      for (;;) {
        // keep a page queued ahead of the workers, so they never wait on a claim statement and a
        // page's slowest send never holds up the next; at most two pages' claims wait unsent
        if (queuedRows < refillBelow && !exhausted) claiming ??= claimNext().finally(() => (claiming = null));
        const item = queue.shift();
        if (item) queuedRows -= item.rows.length;
        if (!item) {
          if (claiming) {
            await claiming;
            continue;
          }
          if (exhausted) return;
          continue;
        }
        const { rows, deadline } = item;
        if (performance.now() > deadline) {
          result.retried += rows.length;
          pending.again.push(...rows);
          continue;
        }
        result.pushes++;
        const outcome = await sendGroup(rows);
        if (outcome === 'sent') {
          result.sent += rows.length;
          pending.done.push(...rows);
        } else if (outcome === 'failed') {
          result.failed++;
          pending.done.push(...rows);
        } else if (outcome === 'retry') {
          result.retried += rows.length;
          pending.again.push(...rows);
        } else {
          result.gone++;
          pending.gone.push(rows[0]!.subscription_id);
        }
        await record(false);
      }
    }

    await Promise.allSettled(Array.from({ length: concurrency }, worker));
    await record(true);
    if (failure) throw failure;
    // a failure of the notification pass (a database without its functions yet, say) is logged
    // and leaves the reminders' result standing: what it had claimed lapses and goes again
    if (notificationStore) {
      result.notifications = await sendNotificationPushes({
        store: notificationStore,
        channel,
        drop: (id) => store.drop(id),
        since,
        now: until,
        slices,
        pageSize,
        leaseSeconds,
        concurrency,
        maxPushes: maxClaims,
        outOfTime: () => performance.now() - start >= tickBudgetMs,
      }).catch((err: unknown) => {
        console.error('notification pushes failed:', err instanceof Error ? err.message : err);
        return emptyNotificationResult();
      });
      if (result.notifications.unfinished) result.unfinished = true;
    }
    result.sendMs = performance.now() - start - result.sqlMs;
    return result;
  }

  function schedule(moreDue = false) {
    if (stopped) return;
    // just past the start of the next real minute (fire times are whole minutes), or at once
    // when the last tick ran out of time with more due: a big morning keeps going rather than
    // idling to the next minute
    const wait = moreDue ? 0 : 60_000 - (Date.now() % 60_000) + 200;
    timer = setTimeout(() => {
      timer = null;
      sender.tick().then(
        (r) => schedule(r.unfinished),
        (err: unknown) => {
          console.error('reminder push tick failed:', err instanceof Error ? err.message : err);
          schedule();
        },
      );
    }, wait);
    (timer as { unref?: () => void }).unref?.();
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
  return { claimed: 0, sent: 0, gone: 0, retried: 0, failed: 0, pushes: 0, pages: 0, sqlMs: 0, sendMs: 0, unfinished: false, notifications: emptyNotificationResult() };
}
