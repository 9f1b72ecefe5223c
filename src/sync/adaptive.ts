// How many rows a pull page asks for and how many changes a push sends (SPEC §15, "Pages and
// pushes grow when there is a lot to move"). A run starts at the normal sizes (SPEC §9), doubles
// while there is more to move and the server answers fast, and halves on an answer slower than
// SLOW_MS or refused as too large. A size that was too slow or too large once is not asked for
// again in the same run (the ceiling drops to the halved size), so one run never pays for the
// same trouble twice; the next run starts again from the normal size. Pure.

/** Rows per pull page: the normal size, and the most a first sync or a long backlog may ask. */
export const PULL_START = 1000;
export const PULL_MAX = 5000;
/** Changes per push: the normal size, and the most a long backlog may send. */
export const PUSH_START = 200;
export const PUSH_MAX = 1000;
/** An answer slower than this halves the size. */
export const SLOW_MS = 2000;

export interface AdaptiveSize {
  /** The size of the next request. */
  size: number;
  /** The most it may grow to in this run. */
  ceiling: number;
}

/** Starts at `start`, grows to `max` at most (a `max` below `start` keeps the size fixed). */
export function adaptiveSize(start: number, max: number): AdaptiveSize {
  const size = Math.max(1, Math.floor(start));
  return { size, ceiling: Math.max(size, Math.floor(max)) };
}

/**
 * A request of `sent` took `tookMs` and was answered. `more`: there is more to move than it
 * carried (the page has more, or the queue is longer than the batch).
 */
export function answered(s: AdaptiveSize, sent: number, tookMs: number, more: boolean): AdaptiveSize {
  if (tookMs > SLOW_MS) return shrunk(s, sent);
  // only a request of the full size tells that the full size is fast
  if (more && sent >= s.size) return { ...s, size: Math.min(s.ceiling, s.size * 2) };
  return s;
}

/** A request of `sent` was refused as too large (it changed nothing). */
export function tooLarge(s: AdaptiveSize, sent: number): AdaptiveSize {
  return shrunk(s, sent);
}

function shrunk(s: AdaptiveSize, sent: number): AdaptiveSize {
  const size = Math.max(1, Math.floor(Math.min(sent, s.size) / 2));
  return { size, ceiling: Math.min(s.ceiling, size) };
}

/**
 * A pull page of `sent` rows came back with `rows`, and more to come. Fewer rows than asked (but
 * at least half) means the server's byte bound (2 MiB) ended it: asking for more only makes the
 * server build rows it drops, so the run asks for as many as that page carried. Fewer than half
 * is not taken for the bound: more to come may be refusals, not rows.
 */
export function carried(s: AdaptiveSize, sent: number, rows: number, more: boolean): AdaptiveSize {
  if (!more || rows >= sent || rows * 2 < sent) return s;
  const size = Math.max(1, Math.min(s.size, rows));
  return { size, ceiling: Math.min(s.ceiling, size) };
}
