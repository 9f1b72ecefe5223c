// Auth's limits (SPEC §12 "Accounts") and the sliding-window counters that enforce them. The
// counts live in the database (daybook_meta.throttles), so several server processes on one
// database share each limit exactly: a check and its count happen under the counted rows' locks.
import { createHash } from 'node:crypto';
import type { Db, Querier } from './db.ts';

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
  /** One auth mail of a kind per account in this long (GoTrue's max_frequency). */
  mailIntervalMs: number;
  /** Auth mails (confirm, reset, e-mail change) asked for from one client address… */
  mailsPerAddress: number;
  /** …within this window. */
  mailWindowMs: number;
  /** Wrong or expired auth link tokens per client address… */
  verifyMisses: number;
  /** …within this window; then 429. */
  verifyWindowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInFailures: 10,
  signInWindowMs: 15 * 60_000,
  // a household or office behind one address signing up together stays well under this
  signUpsPerAddress: 30,
  signUpWindowMs: 60 * 60_000,
  refreshReuseMs: 10_000,
  mailIntervalMs: 60_000,
  mailsPerAddress: 30,
  mailWindowMs: 60 * 60_000,
  verifyMisses: 20,
  verifyWindowMs: 10 * 60_000,
};

/** A counted key and the limit it is held to. */
interface Window {
  key: string;
  limit: number;
  windowMs: number;
}

/** A counted event, for taking it back. */
export interface Counted {
  key: string;
  at: number;
}

// rows past their window are swept at most this often, by whichever process counts next
const SWEEP_EVERY_MS = 60_000;

/** A fixed-size key for an e-mail however long the one sent. */
export const accountKey = (email: string) => createHash('sha256').update(email).digest('base64url');

/** Whole seconds until one more event is allowed under `w`, given its recorded times; 0 while under. */
function waitSeconds(w: Window, events: number[], now: number): number {
  const kept = events.filter((t) => t > now - w.windowMs);
  if (kept.length < w.limit) return 0;
  const frees = kept[kept.length - w.limit]! + w.windowMs;
  return Math.max(1, Math.ceil((frees - now) / 1000));
}

export class AuthThrottle {
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    readonly limits: AuthLimits,
    readonly now: () => number,
  ) {}

  private signInWindows(email: string, address: string): Window[] {
    const { signInFailures: limit, signInWindowMs: windowMs } = this.limits;
    return [
      { key: `sign-in:account:${accountKey(email)}`, limit, windowMs },
      { key: `sign-in:address:${address}`, limit, windowMs },
    ];
  }

  private signUpWindow(address: string): Window {
    return { key: `sign-up:address:${address}`, limit: this.limits.signUpsPerAddress, windowMs: this.limits.signUpWindowMs };
  }

  private async events(q: Querier, keys: string[], lock: boolean): Promise<Map<string, number[]>> {
    const rows = await q.query<{ key: string; events: string[] }>(
      `select key, events::text[] as events from daybook_meta.throttles where key = any($1::text[]) order by key${lock ? ' for update' : ''}`,
      [keys],
    );
    return new Map(rows.map((r) => [r.key, r.events.map(Number)]));
  }

  private async sweep(now: number) {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    await this.db.query('delete from daybook_meta.throttles where expires_at <= $1', [now]);
  }

  /** Seconds to wait before one more event under every window, without counting one; 0 if none. */
  private async peek(windows: Window[]): Promise<number> {
    const now = this.now();
    const found = await this.events(this.db, windows.map((w) => w.key), false);
    return Math.max(0, ...windows.map((w) => waitSeconds(w, found.get(w.key) ?? [], now)));
  }

  /**
   * Counts one event under every window, unless one of them is full: then nothing is counted
   * and the answer is the seconds to wait. The rows are locked in key order, so two processes
   * counting at once take turns and never both pass the last free place.
   */
  private async count(windows: Window[]): Promise<{ wait: number; counted: Counted[] }> {
    const now = this.now();
    await this.sweep(now);
    const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const keys = sorted.map((w) => w.key);
    return this.db.tx(async (q) => {
      await q.query(
        `insert into daybook_meta.throttles (key) select unnest($1::text[]) order by 1 on conflict (key) do nothing`,
        [keys],
      );
      const found = await this.events(q, keys, true);
      const wait = Math.max(0, ...sorted.map((w) => waitSeconds(w, found.get(w.key) ?? [], now)));
      if (wait > 0) return { wait, counted: [] };
      for (const w of sorted) {
        // only the newest `limit` events can decide an answer
        const kept = [...(found.get(w.key) ?? []).filter((t) => t > now - w.windowMs), now].slice(-w.limit);
        await q.query('update daybook_meta.throttles set events = $2::bigint[], expires_at = $3 where key = $1', [w.key, kept, now + w.windowMs]);
      }
      return { wait: 0, counted: sorted.map((w) => ({ key: w.key, at: now })) };
    });
  }

  /** Seconds to wait before this sign-in may be tried, or 0. */
  signInWait(email: string, address: string): Promise<number> {
    return this.peek(this.signInWindows(email, address));
  }

  /**
   * Counts a sign-in as failed before it is checked, so parallel guesses cannot all pass; when
   * the account or the address is already at its limit nothing is counted and `wait` says for
   * how long. signInSucceeded() takes the count back.
   */
  signInAttempt(email: string, address: string): Promise<{ wait: number; counted: Counted[] }> {
    return this.count(this.signInWindows(email, address));
  }

  /**
   * A sign-in counted as failed turned out right: the account's count starts again, and the
   * address loses only this attempt (it may be guessing at other accounts).
   */
  async signInSucceeded(email: string, counted: Counted[]): Promise<void> {
    const account = this.signInWindows(email, '')[0]!.key;
    await this.db.query(`update daybook_meta.throttles set events = '{}' where key = $1`, [account]);
    for (const c of counted) {
      if (c.key === account) continue;
      // one occurrence of this time, not every attempt made in the same millisecond
      await this.db.query(
        `update daybook_meta.throttles set events = events[:array_position(events, $2::bigint) - 1] || events[array_position(events, $2::bigint) + 1:]
         where key = $1 and array_position(events, $2::bigint) is not null`,
        [c.key, c.at],
      );
    }
  }

  /** Seconds to wait before a sign-up from this address, or 0. */
  signUpWait(address: string): Promise<number> {
    return this.peek([this.signUpWindow(address)]);
  }

  /** Counts a sign-up from this address, unless it is at its limit (then the seconds to wait). */
  async signUpAttempt(address: string): Promise<number> {
    return (await this.count([this.signUpWindow(address)])).wait;
  }

  /**
   * Counts an auth mail of `kind` to `email` asked for from `address`: one per kind and account
   * per mailIntervalMs, mailsPerAddress per address per mailWindowMs. The seconds to wait, or 0.
   */
  async mailAttempt(kind: string, email: string, address: string): Promise<number> {
    const l = this.limits;
    const windows = [
      { key: `mail:${kind}:account:${accountKey(email)}`, limit: 1, windowMs: l.mailIntervalMs },
      { key: `mail:address:${address}`, limit: l.mailsPerAddress, windowMs: l.mailWindowMs },
    ];
    return (await this.count(windows)).wait;
  }

  private verifyWindow(address: string): Window {
    return { key: `verify:address:${address}`, limit: this.limits.verifyMisses, windowMs: this.limits.verifyWindowMs };
  }

  /** Seconds before another auth link token may be tried from this address, or 0. */
  verifyWait(address: string): Promise<number> {
    return this.peek([this.verifyWindow(address)]);
  }

  /** Counts a wrong or expired token from this address. */
  async verifyMissed(address: string): Promise<void> {
    await this.count([this.verifyWindow(address)]);
  }
}
