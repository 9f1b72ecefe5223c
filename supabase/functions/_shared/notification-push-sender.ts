// The notification half of a sender tick (SPEC §17), after the reminders: it works through the
// same slices of the people's id space, claims pages of subscriptions with unread notifications
// not yet pushed to them (at most one push a minute each, grouped), sends one push per
// subscription with bounded concurrency, and records each claim only once its push service
// answered — the reminders' rules: 2xx (or a refusal that would repeat) moves the cursor,
// 404/410 drops the subscription, 429/5xx/timeout/network releases the claim for the next minute,
// and a crash leaves the lease to lapse.
import { NOTIFICATION_PUSH_TTL_SECONDS, type NotificationPushRow, notificationPushMessage } from './notification-push.ts';
import type { NotificationPushStore } from './notification-push-store.ts';
import { yieldNow } from './push-batches.ts';
import { type PushChannel, sendOnePush } from './push-send-one.ts';

export interface NotificationTickResult {
  /** Pushes claimed (one per subscription). */
  claimed: number;
  /** Pushes the push service took. */
  sent: number;
  /** Subscriptions dropped (gone, or keys nothing can be encrypted to). */
  gone: number;
  /** Pushes released for the next minute. */
  retried: number;
  /** Pushes refused for good: not retried. */
  failed: number;
  /** Notifications the sent pushes stood for. */
  notifications: number;
  /** Claim statements run. */
  pages: number;
  /** It stopped claiming for its bounds with slices left. */
  unfinished: boolean;
}

export interface NotificationPass {
  store: NotificationPushStore;
  channel: PushChannel;
  /** Forgets a subscription that is gone (the reminders' store's drop). */
  drop(subscriptionId: string): Promise<void>;
  since: Date;
  now: Date;
  slices: readonly [string, string][];
  pageSize: number;
  leaseSeconds: number;
  concurrency: number;
  /** At most this many pushes claimed in the pass. */
  maxPushes: number;
  /** True once the tick's time is up: no further page is claimed (the first always is). */
  outOfTime(): boolean;
}

export function emptyNotificationResult(): NotificationTickResult {
  return { claimed: 0, sent: 0, gone: 0, retried: 0, failed: 0, notifications: 0, pages: 0, unfinished: false };
}

export async function sendNotificationPushes(pass: NotificationPass): Promise<NotificationTickResult> {
  const result = emptyNotificationResult();
  const how = { ttlSeconds: NOTIFICATION_PUSH_TTL_SECONDS, urgency: 'normal' as const, what: 'notification push' };
  for (let slice = 0; slice < pass.slices.length; ) {
    if (result.pages > 0 && (pass.outOfTime() || result.claimed >= pass.maxPushes)) {
      result.unfinished = true;
      break;
    }
    const [from, to] = pass.slices[slice]!;
    const limit = Math.max(1, Math.min(pass.pageSize, pass.maxPushes - result.claimed));
    const page = await pass.store.claim(pass.since, pass.now, limit, pass.leaseSeconds, from, to);
    const claimedAt = performance.now();
    result.pages++;
    result.claimed += page.length;
    if (page.length < limit) slice++;
    await yieldNow();
    if (page.length === 0) continue;
    // past this point the lease could lapse mid-send and another sender push it too
    const deadline = claimedAt + pass.leaseSeconds * 1000 - pass.channel.timeoutMs - 5000;
    const done: NotificationPushRow[] = [];
    const again: NotificationPushRow[] = [];
    const gone: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < page.length; i = next++) {
        const row = page[i]!;
        if (performance.now() > deadline) {
          result.retried++;
          again.push(row);
          continue;
        }
        let message: unknown;
        try {
          message = notificationPushMessage(row);
        } catch (err) {
          console.error(`notification push not made: ${err instanceof Error ? err.message : String(err)}`);
          result.failed++;
          done.push(row);
          continue;
        }
        const outcome = await sendOnePush(pass.channel, row, message, how);
        if (outcome === 'sent') {
          result.sent++;
          result.notifications += Number(row.count);
          done.push(row);
        } else if (outcome === 'failed') {
          result.failed++;
          done.push(row);
        } else if (outcome === 'retry') {
          result.retried++;
          again.push(row);
        } else {
          result.gone++;
          gone.push(row.subscription_id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(pass.concurrency, page.length) }, worker));
    await pass.store.markSent(done);
    await pass.store.release(again);
    for (const id of gone) await pass.drop(id);
  }
  return result;
}
