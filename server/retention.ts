// The stand-in's pruning of what idle tasks and people keep past its time (SPEC §17: history 180
// days, notifications 90; supabase/schemas/retention.sql): what hosted Supabase runs daily with
// pg_cron, here on a timer — shortly after start, then hourly. A run calls prune_retained batch
// by batch, each its own short transaction, until a batch finds less than its limit of either;
// runs never overlap in a process (several processes on one database only find less to do).
import type { Querier } from './db.ts';
import { logError } from './log.ts';

export interface RetentionOptions {
  db: Querier;
  /** Rows of each kind a batch removes at most. Default 5,000. */
  batch?: number;
  /** Batches a run makes at most; the next run goes on. Default 200 (a million rows of each). */
  maxBatches?: number;
  /** The first run after start. Default one minute: a start has more pressing work. */
  firstAfterMs?: number;
  /** Between runs. Default an hour. */
  everyMs?: number;
}

export interface Pruned {
  history: number;
  notifications: number;
  batches: number;
}

export interface Retention {
  /** One run now (after the one under way, if any). */
  run(): Promise<Pruned>;
  stop(): Promise<void>;
}

/** One run: batches until one finds less than `batch` of both kinds, at most `maxBatches`. */
export async function pruneRetained(db: Querier, batch = 5000, maxBatches = 200): Promise<Pruned> {
  const total: Pruned = { history: 0, notifications: 0, batches: 0 };
  while (total.batches < maxBatches) {
    const [row] = await db.query<{ history: number; notifications: number }>(
      'select history, notifications from daybook_private.prune_retained($1)',
      [batch],
    );
    total.batches += 1;
    total.history += row?.history ?? 0;
    total.notifications += row?.notifications ?? 0;
    if ((row?.history ?? 0) < batch && (row?.notifications ?? 0) < batch) break;
  }
  return total;
}

export function startRetention(opts: RetentionOptions): Retention {
  const { db, batch = 5000, maxBatches = 200, firstAfterMs = 60_000, everyMs = 3_600_000 } = opts;
  let running: Promise<Pruned> = Promise.resolve({ history: 0, notifications: 0, batches: 0 });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = () => {
    running = running.catch(() => undefined).then(() => pruneRetained(db, batch, maxBatches));
    return running;
  };
  const schedule = (wait: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      run().then(
        () => schedule(everyMs),
        (err: unknown) => {
          if (!stopped) logError('pruning old history and notifications failed', err);
          schedule(everyMs);
        },
      );
    }, wait);
    timer.unref();
  };
  schedule(firstAfterMs);

  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running.catch(() => undefined);
    },
  };
}
