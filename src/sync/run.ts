// One sync run: push everything queued (oldest first, in batches), then pull pages until
// has_more is false (pull-pages.ts), until nothing is left — each page acknowledged and rebased by
// the store in one transaction (a push answer alone removes nothing). No timers here: the engine
// schedules.
import type { MutationError, PullResult, RefusedEntry } from '@/domain/model';
import { type AdaptiveSize, adaptiveSize, answered, tooLarge } from './adaptive';
import { takeBatch } from './batch';
import { isLeadershipLost, type PullOutcome, type SyncStore, type SyncTransport } from './ports';
import { type Ended, failureOf, pullPages } from './pull-pages';
import { pushFailed, pushSucceeded, type StuckState } from './stuck';

/** Why a run stopped early. */
export type Failure =
  | { kind: 'retry'; reason: 'network' | 'timeout' | 'server'; message: string; status: number }
  | { kind: 'unauthorized'; message: string; revoked?: true }
  | { kind: 'blocked'; message: string };

export function describeFailure(f: Failure): string {
  if (f.kind === 'unauthorized') return 'Session expired';
  if (f.kind === 'blocked') return `The server refused the request: ${f.message}`;
  if (f.reason === 'network') return "Can't reach the server";
  if (f.reason === 'timeout') return 'The server is not answering (timed out)';
  return `The server had a problem (HTTP ${f.status})`;
}

export interface RunContext {
  store: SyncStore;
  transport: SyncTransport;
  /** Changes per push at the start of a run, and the most it may grow to (adaptive.ts). */
  maxChanges: number;
  maxPushChanges: number;
  maxBytes: number;
  /** Rows per pull page at the start of a run, and the most it may grow to. */
  pullLimit: number;
  maxPullLimit: number;
  /** The engine's clock: how long each request took. */
  now(): number;
  /** The engine was stopped: end before the next request. */
  stopped(): boolean;
  onClientId(id: string): void;
  /** A request succeeded (resets the backoff). */
  onProgress(): void;
  /** A pulled page was stored; `first` is the run's first page. */
  onPage(page: PullResult, first: boolean): void;
  /** Which change keeps failing (stuck.ts), kept by the engine across runs. */
  stuck: StuckState;
}

/**
 * What a run stored that the person should hear of: refused changes, and lists that were removed.
 * A run that ends early after storing some pages (a pull cut between pages, the probe pull after
 * a failed push, another tab taking the database) carries them too: they are in the database,
 * and no later run reports them again.
 */
export interface Learned {
  refused: RefusedEntry[];
  removed: { id: string; name: string }[];
}

export type RunResult =
  | ({ kind: 'failed'; failure: Failure } & Learned)
  /** Another tab claimed the database: a store write was fenced off (LeadershipLost). */
  | ({ kind: 'fenced' } & Learned)
  /** The engine was stopped (sign-out, the tab's database closed) between two steps of the run. */
  | ({ kind: 'stopped' } & Learned)
  | ({ kind: 'done'; acknowledged: number } & Learned);

const MAX_ROUNDS = 100;

export async function syncRun(ctx: RunContext): Promise<RunResult> {
  const learned: Learned & { acknowledged: number } = { acknowledged: 0, refused: [], removed: [] };
  const told = () => ({ refused: learned.refused, removed: learned.removed });
  try {
    const result = await run(ctx, learned);
    return result.kind === 'done' ? result : { ...result, ...told() };
  } catch (err) {
    if (isLeadershipLost(err)) return { kind: 'fenced', ...told() };
    throw err;
  }
}

async function run(ctx: RunContext, learned: Learned & { acknowledged: number }): Promise<Ended | Extract<RunResult, { kind: 'done' }>> {
  const { store, transport } = ctx;
  const clientId = await store.clientId();
  ctx.onClientId(clientId);
  let sentUpTo = 0;
  let pushSize: AdaptiveSize = adaptiveSize(ctx.maxChanges, ctx.maxPushChanges);
  // while a change that keeps failing is being isolated (stuck.ts), its limit bounds the run's pushes
  let isolating = ctx.stuck.limit;
  const maxChanges = () => Math.min(pushSize.size, isolating ?? pushSize.size);
  const pull = { ...ctx, size: adaptiveSize(ctx.pullLimit, ctx.maxPullLimit) };
  const pushRefusals = new Map<number, MutationError>();
  const { refused, removed } = learned;
  const collect = (outcome: PullOutcome) => {
    learned.acknowledged += outcome.acknowledged;
    refused.push(...outcome.refused);
    // a list the user chose to leave goes quietly: the share dialog already said so
    for (const { id, name, left } of outcome.purgedLists) if (!left) removed.push({ id, name });
  };

  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Push: everything queued now, oldest first.
    for (;;) {
      if (ctx.stopped()) return { kind: 'stopped' };
      const limit = maxChanges();
      // one more than a batch: whether the queue is longer than what goes now
      const queue = await store.pending(limit + 1, sentUpTo);
      if (!queue.length) break;
      const batch = takeBatch(queue, { maxChanges: limit, maxBytes: ctx.maxBytes });
      const sentAt = ctx.now();
      const out = await transport.push({ clientId, mutations: batch });
      if (out.kind === 'ok') {
        pushSize = answered(pushSize, batch.length, ctx.now() - sentAt, queue.length > batch.length && limit === pushSize.size);
        ctx.stuck = pushSucceeded(ctx.stuck, ctx.maxChanges);
        ctx.onProgress();
        // a replay answers its first answer: a refusal whose answer was lost comes back here
        for (const r of out.value.results) {
          if (r.error && (r.status === 'refused' || (r.status === 'duplicate' && r.first_status === 'refused'))) pushRefusals.set(r.id, r.error);
        }
        sentUpTo = Math.max(sentUpTo, batch[batch.length - 1]?.id ?? 0);
        continue;
      }
      if (out.kind === 'too_large' || (out.kind === 'refused' && out.status === 400)) {
        // The server changed nothing. Halve until the culprit stands alone, then refuse it
        // here so the rest of the queue goes on (SPEC §4: "the rest of the queue goes on").
        const culprit = batch[0];
        if (batch.length === 1 && culprit) {
          const error: MutationError =
            out.kind === 'too_large'
              ? { code: 'too_large', message: 'This change is too large to sync' }
              : { code: 'invalid', message: `The server could not read this change: ${out.message}` };
          refused.push(...(await store.refuseLocally([{ id: culprit.id, error }])));
          // that change was the trouble, not the size: the rest of the queue starts afresh
          pushSize = adaptiveSize(ctx.maxChanges, ctx.maxPushChanges);
          continue;
        }
        pushSize = tooLarge(pushSize, batch.length);
        continue;
      }
      if (out.kind === 'retry' && out.reason !== 'network' && batch[0]) {
        // Is the server up (it answers a pull), so that this batch is the trouble?
        const probe = await pullPages(pull, clientId, pushRefusals, collect, { pages: 1, first: false });
        if (probe?.kind === 'stopped') return probe;
        const verdict = pushFailed(ctx.stuck, batch[0].id, batch.length, probe === null);
        ctx.stuck = verdict.state;
        if (verdict.action === 'refuse') {
          const error: MutationError = { code: 'too_large', message: `The server keeps failing on this change: ${out.message || `HTTP ${out.status}`}` };
          refused.push(...(await store.refuseLocally([{ id: batch[0].id, error }])));
          isolating = ctx.stuck.limit;
          continue;
        }
      }
      return { kind: 'failed', failure: failureOf(out) };
    }

    // Pull: every page, acknowledging and rebasing as it goes (the next page on its way meanwhile).
    const pulled = await pullPages(pull, clientId, pushRefusals, collect);
    if (pulled) return pulled;

    if (!(await store.pending(1, sentUpTo)).length) break;
  }
  return { kind: 'done', acknowledged: learned.acknowledged, refused, removed };
}
