// A run's pull: pages from the stored cursors until the server has no more, each stored by the
// store in its own transaction (acknowledging and rebasing), strictly in order. While one page is
// being stored, the request for the next is already on its way (a first sync of 50,000 tasks is
// 51 pages: fetching and storing no longer take turns). That request is asked with the cursors
// the page will leave behind, and its answer is used only if they are what the store holds once
// the page is stored — else it is dropped and the next page asked for again — so the pages stored
// and the cursors sent are those of a pull that waited for each page: an interrupted pull resumes
// from the last page stored, as before.
import type { MutationError, PullResult } from '@/lib/model';
import type { PullOutcome, SyncTransport, TransportOutcome } from './ports';
import type { Failure, RunContext } from './run';

/** How a pull ended early. */
export type Ended = { kind: 'stopped' } | { kind: 'failed'; failure: Failure };

export type PageResult = { kind: 'page'; outcome: PullOutcome; hasMore: boolean } | Ended;

/** The refusal stream's position among the cursors (SPEC §12; src/data/cursors.ts REFUSED_CURSOR). */
const REFUSED_CURSOR = 'refused';

/** Pages per pull at most (the loop ends sooner when the server has no more). */
const MAX_PAGES = 100;

type PullContext = Pick<RunContext, 'store' | 'transport' | 'pullLimit' | 'stopped' | 'onProgress' | 'onPage'>;

/** A pull request on its way: the cursors it was asked with, and its answer to come. */
interface Request {
  cursors: Record<string, number>;
  answer: Promise<TransportOutcome<PullResult>>;
}

function send(transport: SyncTransport, clientId: string, cursors: Record<string, number>, limit: number, count: boolean): Request {
  const answer = transport.pull({ clientId, cursors, limit, count });
  // an answer nobody waits for (the run stopped, failed or was fenced meanwhile) must not reject unhandled
  answer.catch(() => undefined);
  return { cursors, answer };
}

/**
 * Every page, acknowledging and rebasing as it goes; `collect` hears what each stored page did.
 * The first page also asks how much is left (cheap when little is), so a large backlog can show
 * its progress. Null when the server has no more.
 */
export async function pullPages(ctx: PullContext, clientId: string, pushRefusals: Map<number, MutationError>, collect: (outcome: PullOutcome) => void): Promise<Ended | null> {
  let ahead: Request | null = null;
  for (let pass = 0; pass < MAX_PAGES; pass++) {
    if (ctx.stopped()) return { kind: 'stopped' };
    const request = ahead ?? send(ctx.transport, clientId, await ctx.store.cursors(), ctx.pullLimit, pass === 0);
    ahead = null;
    const out = await request.answer;
    if (out.kind !== 'ok') return { kind: 'failed', failure: failureOf(out) };
    ctx.onProgress();
    const page = withPushRefusals(out.value, pushRefusals);
    const next = nextCursors(page, request.cursors);
    const prefetch = next && !ctx.stopped() ? send(ctx.transport, clientId, next, ctx.pullLimit, false) : null;
    // fenced inside its transaction: a run that lost the database throws here, its prefetch unread
    const outcome = await ctx.store.applyPull(page, request.cursors);
    ctx.onPage(out.value, pass === 0);
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

/** Pulls one page from the stored cursors and stores it (acknowledging and rebasing). */
export async function pullPage(ctx: PullContext, clientId: string, pushRefusals: Map<number, MutationError>, first: boolean): Promise<PageResult> {
  if (ctx.stopped()) return { kind: 'stopped' };
  const cursors = await ctx.store.cursors();
  const out = await ctx.transport.pull({ clientId, cursors, limit: ctx.pullLimit, count: first });
  if (out.kind !== 'ok') return { kind: 'failed', failure: failureOf(out) };
  ctx.onProgress();
  const outcome = await ctx.store.applyPull(withPushRefusals(out.value, pushRefusals), cursors);
  ctx.onPage(out.value, first);
  return { kind: 'page', outcome, hasMore: out.value.has_more };
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
