// A run's pull: pages from the stored cursors until the server has no more, each stored by the
// store in its own transaction (acknowledging and rebasing), strictly in order. While one page is
// being stored, the request for the next is already on its way, so over a long first sync
// fetching and storing do not take turns. That request is asked with the cursors
// the page will leave behind, and its answer is used only if they are what the store holds once
// the page is stored — else it is dropped and the next page asked for again — so the pages stored
// and the cursors sent are those of a pull that waited for each page: an interrupted pull resumes
// from the last page stored. Pages grow while the server has more and answers fast, and halve on a
// slow answer (adaptive.ts); the next page's size is decided from the answer before it, so the
// request on its way was asked with the size that answer called for.
import { type MutationError, type PullResult, REFUSED_CURSOR } from '@/domain/model';
import { type AdaptiveSize, answered, carried } from './adaptive';
import { pageRows } from './progress';
import type { PullOutcome, TransportOutcome } from './ports';
import type { Failure, RunContext } from './run';

/** How a pull ended early. */
export type Ended = { kind: 'stopped' } | { kind: 'failed'; failure: Failure };

/** Pages per pull at most (the loop ends sooner when the server has no more). */
const MAX_PAGES = 100;

/** The run's pull: its page size (adaptive.ts) is kept here from one page, and one pull, to the next. */
export type PullContext = Pick<RunContext, 'store' | 'transport' | 'stopped' | 'onProgress' | 'onPage' | 'now'> & { size: AdaptiveSize };

/** A pull request on its way: the cursors and size it was asked with, and its answer to come. */
interface Request {
  cursors: Record<string, number>;
  limit: number;
  sentAt: number;
  /** When the answer came (it may wait while the page before it is stored). */
  answeredAt: number | null;
  answer: Promise<TransportOutcome<PullResult>>;
}

function send(ctx: PullContext, clientId: string, cursors: Record<string, number>, count: boolean): Request {
  const limit = ctx.size.size;
  const request: Request = { cursors, limit, sentAt: ctx.now(), answeredAt: null, answer: ctx.transport.pull({ clientId, cursors, limit, count }) };
  // an answer nobody waits for (the run stopped, failed or was fenced meanwhile) must not reject unhandled
  request.answer.then(
    () => {
      request.answeredAt = ctx.now();
    },
    () => undefined,
  );
  return request;
}

/**
 * Pages, acknowledging and rebasing as it goes; `collect` hears what each stored page did. A
 * run's pull (`first`) asks on its first page how much is left (cheap when little is), so a large
 * backlog can show its progress; the probe after a failed push asks for one page only. Null when
 * the pages asked for are stored.
 */
export async function pullPages(
  ctx: PullContext,
  clientId: string,
  pushRefusals: Map<number, MutationError>,
  collect: (outcome: PullOutcome) => void,
  { pages = MAX_PAGES, first = true }: { pages?: number; first?: boolean } = {},
): Promise<Ended | null> {
  let ahead: Request | null = null;
  for (let pass = 0; pass < pages; pass++) {
    if (ctx.stopped()) return { kind: 'stopped' };
    const firstPage = first && pass === 0;
    const request: Request = ahead ?? send(ctx, clientId, await ctx.store.cursors(), firstPage);
    ahead = null;
    const out = await request.answer;
    if (out.kind !== 'ok') return { kind: 'failed', failure: failureOf(out) };
    ctx.onProgress();
    const grown = answered(ctx.size, request.limit, (request.answeredAt ?? ctx.now()) - request.sentAt, out.value.has_more);
    ctx.size = carried(grown, request.limit, pageRows(out.value), out.value.has_more);
    const page = withPushRefusals(out.value, pushRefusals);
    const next: Record<string, number> | null = pass + 1 < pages ? nextCursors(page, request.cursors) : null;
    const prefetch: Request | null = next && !ctx.stopped() ? send(ctx, clientId, next, false) : null;
    // fenced inside its transaction: a run that lost the database throws here, its prefetch unread
    const outcome = await ctx.store.applyPull(page, request.cursors);
    ctx.onPage(out.value, firstPage);
    collect(outcome);
    // a refusal rewinds its list's cursor so the server's row comes back: pull again
    if (!page.has_more && !outcome.refused.length) return null;
    if (prefetch && sameCursors(await ctx.store.cursors(), prefetch.cursors)) ahead = prefetch;
  }
  return null;
}

/**
 * The cursors `page` leaves behind when stored (asked with `sent`), if the next page may be asked
 * for before it is: it has more, and nothing in it moves cursors another way (a refusal rewinds
 * its list; a purge, caught afterwards by comparing with what was stored, drops one). The
 * refusal stream must not move either: a pull asked past a refusal tells the server to forget
 * it, which only a stored page may do.
 */
function nextCursors(page: PullResult, sent: Record<string, number>): Record<string, number> | null {
  if (!page.has_more || page.refused.length) return null;
  const stream = page.cursors[REFUSED_CURSOR];
  if (stream !== undefined && stream !== sent[REFUSED_CURSOR]) return null;
  return { ...sent, ...page.cursors };
}

function sameCursors(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && a[k] === b[k]);
}

export function failureOf(out: Exclude<TransportOutcome<unknown>, { kind: 'ok' }>): Failure {
  if (out.kind === 'retry' || out.kind === 'unauthorized') return out;
  return { kind: 'blocked', message: out.message };
}

/** Refusals from push answers back up the pull's (which brings them by its `refused` cursor, a page at a time). */
function withPushRefusals(page: PullResult, pushRefusals: Map<number, MutationError>): PullResult {
  if (!pushRefusals.size) return page;
  const known = new Set(page.refused.map((r) => r.id));
  const extra = [...pushRefusals]
    .filter(([id]) => id <= page.last_mutation_id && !known.has(id))
    .map(([id, error]) => ({ id, error }));
  return extra.length ? { ...page, refused: [...page.refused, ...extra].sort((a, b) => a.id - b.id) } : page;
}
