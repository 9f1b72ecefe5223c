// The reminder sender's options, its tick's result and its handle (push-sender.ts makes it).
// Types only: the Node server and the Deno Edge Function both load them.
import type { NotificationTickResult } from './notification-push-sender.ts';
import type { NotificationPushStore } from './notification-push-store.ts';
import type { PushStore, SqlQuerier } from './push-store.ts';
import type { PushTargets } from './push-target.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSenderOptions {
  /** The database (the stand-in), or `store` for another way in. */
  db?: SqlQuerier;
  store?: PushStore;
  /**
   * Where notification pushes (SPEC §17) are claimed: with `db`, the same connection by default;
   * with only `store`, none unless given (the tick then pushes reminders alone).
   */
  notificationStore?: NotificationPushStore;
  vapid: VapidKeys;
  /** RFC 8292 `sub`: how a push service reaches the operator. */
  subject: string;
  /** Where pushes may go. Default: the known push services, plus `pushHosts` and `testOrigin`. */
  targets?: PushTargets;
  /** Extra hosts (PUSH_HOSTS), when `targets` is not given. */
  pushHosts?: readonly string[];
  /** Tests only: the fake push service's http origin, when `targets` is not given. */
  testOrigin?: string | null;
  /** Epoch ms; tests step it. Default Date.now. */
  now?: () => number;
  fetch?: typeof fetch;
  /**
   * How one push is encrypted and sent. Default: on this thread, one encryption at a time, the
   * request through `fetch` (push-deliver.ts). The Node server passes a pool of threads.
   */
  deliver?: PushDeliver;
  /**
   * How far back a tick looks: a reminder that came due while the sender was down this long
   * still goes (once). Default 15 minutes; older ones are left to the device's own schedule.
   */
  catchUpMs?: number;
  /** Pushes in flight at once. Default 50. */
  concurrency?: number;
  /** Per push request. Default 10 s. */
  timeoutMs?: number;
  /** Claims per page (1…500). Default 500. */
  pageSize?: number;
  /** How long a claim is held for its sender. Default 120 s. */
  leaseSeconds?: number;
  /** A tick claims no further page once it has run this long. Default 45 s. */
  tickBudgetMs?: number;
  /**
   * A tick claims no further page once it has claimed this many (a hosted call's CPU is bounded:
   * the rest goes in the next call, and the answer says more may be due). Default: no bound.
   */
  maxClaims?: number;
  /**
   * Slices of the people's id space a tick claims one after another (a power of two, 1…256).
   * Default 64: one claim statement computes the due reminders of a 64th of the people, so it
   * stays short however much is due (with PGlite it holds the server's only thread).
   */
  slices?: number;
}

/** One push for deliver(): the message and the header made, not yet encrypted. */
export interface PushDelivery {
  endpoint: string;
  /** The subscription's keys (base64url), to encrypt to (RFC 8291). */
  p256dh: string;
  auth: string;
  /** The plaintext message (JSON). */
  payload: string;
  /** The origin's VAPID `Authorization` header. */
  authorization: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** The request's time limit, answer included. */
  timeoutMs: number;
}

/**
 * What deliver() found: the push service's status (null: a timeout or the network, never
 * reached or no answer), or the encryption threw (the keys may be ones nothing can encrypt to).
 * A deliver() that rejects lost the push on its way (a thread that died): it counts as a retry.
 */
export type DeliveryResult = { status: number | null } | { encryptionFailed: string };

export type PushDeliver = (push: PushDelivery) => Promise<DeliveryResult>;

export interface TickResult {
  /** Reminders claimed. */
  claimed: number;
  /** Reminders whose push the push service took. */
  sent: number;
  /** Subscriptions dropped (gone, or keys nothing can be encrypted to). */
  gone: number;
  /** Reminders released for the next minute (429, 5xx, timeout, network, out of time). */
  retried: number;
  /** Pushes that failed for good (refused endpoint, 3xx, other 4xx): not retried. */
  failed: number;
  /** Pushes made (one per subscription per page). */
  pushes: number;
  /** Claim statements run. */
  pages: number;
  /** Time in the claim statements. */
  sqlMs: number;
  /** Time sending, recording statements included. */
  sendMs: number;
  /** It stopped claiming for its time budget with slices left: more may be due now. */
  unfinished: boolean;
  /** The notification pushes of the tick (after the reminders; maxClaims bounds them apart). */
  notifications: NotificationTickResult;
}

export interface PushSender {
  /** One minute's work, now: what the timer runs. Calls queue behind one under way. */
  tick(): Promise<TickResult>;
  /**
   * Runs tick() at the start of every minute (of the real clock) until stop(); a slow tick
   * delays the next, never overlaps it, and one that ran out of its budget with more due is
   * followed at once rather than at the next minute.
   */
  start(): void;
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}
