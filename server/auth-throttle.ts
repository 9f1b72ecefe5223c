// Auth's limits (SPEC §12 "Accounts") and the sliding-window counters that enforce them. Kept in
// memory: the stand-in is one process, and a restart forgiving old failures is acceptable.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface AuthLimits {
  /** Failed sign-ins per account (e-mail) and, separately, per client address… */
  signInFailures: number;
  /** …within this window; then 429 until the oldest failure leaves it. */
  signInWindowMs: number;
  /** Sign-up attempts per client address… */
  signUpsPerAddress: number;
  /** …within this window. */
  signUpWindowMs: number;
  /** A rotated refresh token used again within this long answers the current session (GoTrue's reuse interval). */
  refreshReuseMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInFailures: 10,
  signInWindowMs: 15 * 60_000,
  // a household or office behind one address signing up together stays well under this
  signUpsPerAddress: 30,
  signUpWindowMs: 60 * 60_000,
  refreshReuseMs: 10_000,
};

// Past this many keys the counters drop what has expired, then the oldest keys: an attacker
// cycling through e-mails or addresses cannot grow the process without bound.
const MAX_KEYS = 100_000;

/** Counts events per key over a sliding window. */
export class WindowCounter {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.events.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.events.set(key, kept);
    else this.events.delete(key);
    return kept;
  }

  /** Whole seconds until one more event is allowed; 0 while under the limit. */
  retryAfterSeconds(key: string): number {
    const kept = this.recent(key);
    if (kept.length < this.limit) return 0;
    const frees = kept[kept.length - this.limit]! + this.windowMs;
    return Math.max(1, Math.ceil((frees - this.now()) / 1000));
  }

  /** Records an event; the result names it for remove(). */
  add(key: string): number {
    const at = this.now();
    // only the newest `limit` events can decide an answer
    const kept = [...this.recent(key), at].slice(-this.limit);
    this.events.delete(key);
    this.events.set(key, kept);
    if (this.events.size > MAX_KEYS) this.prune();
    return at;
  }

  /** Takes back one event recorded at `at`. */
  remove(key: string, at: number): void {
    const kept = this.events.get(key);
    const i = kept?.lastIndexOf(at) ?? -1;
    if (kept && i >= 0) kept.splice(i, 1);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private prune() {
    for (const key of [...this.events.keys()]) this.recent(key);
    for (const key of this.events.keys()) {
      if (this.events.size <= MAX_KEYS * 0.9) break;
      this.events.delete(key);
    }
  }
}

/** The address a request came from. The stand-in is reached directly, so no proxy headers are trusted. */
export function clientAddress(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

/** A fixed-size key for an e-mail however long the one sent. */
export const accountKey = (email: string) => createHash('sha256').update(email).digest('base64url');

export class AuthThrottle {
  readonly failedByAccount: WindowCounter;
  readonly failedByAddress: WindowCounter;
  readonly signUpsByAddress: WindowCounter;

  constructor(
    readonly limits: AuthLimits,
    readonly now: () => number,
  ) {
    this.failedByAccount = new WindowCounter(limits.signInFailures, limits.signInWindowMs, now);
    this.failedByAddress = new WindowCounter(limits.signInFailures, limits.signInWindowMs, now);
    this.signUpsByAddress = new WindowCounter(limits.signUpsPerAddress, limits.signUpWindowMs, now);
  }

  /** Seconds to wait before this sign-in may be tried, or 0. */
  signInWait(email: string, address: string): number {
    return Math.max(this.failedByAccount.retryAfterSeconds(accountKey(email)), this.failedByAddress.retryAfterSeconds(address));
  }

  /** Records a failure; the result lets signInSucceeded() take it back. */
  signInFailed(email: string, address: string): { address: string; at: number } {
    this.failedByAccount.add(accountKey(email));
    return { address, at: this.failedByAddress.add(address) };
  }

  /**
   * A sign-in recorded as failed turned out right: the account's count starts again, and the
   * address loses only this attempt (it may be guessing at other accounts).
   */
  signInSucceeded(email: string, pending: { address: string; at: number }): void {
    this.failedByAccount.clear(accountKey(email));
    this.failedByAddress.remove(pending.address, pending.at);
  }
}
