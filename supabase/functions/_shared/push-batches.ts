// How the reminder sender cuts up its work: the people's id space in slices (one claim
// statement computes a slice's due reminders, so none is long), a claimed page in runs of one
// subscription's reminders (one push each), and turns of the event loop given back between
// pieces of CPU work. Runtime-neutral: Node and Deno.
import type { DuePush } from './push-payload.ts';

/**
 * Lets other work on this event loop (HTTP requests, with PGlite the database too) run: between
 * pages, and before each push's encryption (push-deliver.ts's oneAtATime), which is synchronous CPU work.
 */
const immediate: (fn: () => void) => unknown = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate ?? ((fn) => setTimeout(fn, 0));
export const yieldNow = () => new Promise<void>((r) => immediate(r));

/** [from, to] uuid bounds splitting the id space into `n` equal slices by the first byte. */
export function userSlices(n: number): [string, string][] {
  if (!Number.isInteger(Math.log2(n)) || n < 1 || n > 256) throw new Error(`slices must be a power of two 1…256, not ${n}`);
  const step = 256 / n;
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return Array.from({ length: n }, (_, i) => [
    `${hex(i * step)}000000-0000-0000-0000-000000000000`,
    `${hex((i + 1) * step - 1)}ffffff-ffff-ffff-ffff-ffffffffffff`,
  ]);
}

/** Runs of one subscription's rows (a page comes ordered by subscription). */
export function bySubscription(page: readonly DuePush[]): DuePush[][] {
  const groups: DuePush[][] = [];
  for (const d of page) {
    const last = groups.at(-1);
    if (last && last[0]!.subscription_id === d.subscription_id) last.push(d);
    else groups.push([d]);
  }
  return groups;
}
