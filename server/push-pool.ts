// The reminder sender's send threads (worker_threads), so a big morning's pushes use more than
// the server's one core: each push's encryption and request run in a thread
// (push-worker.mjs) and the server's thread keeps the claims, the records and its requests.
// A thread that dies (or stops answering) takes its pushes in flight with it: their deliver()
// rejects, the sender releases those claims for the next minute, and the next push starts a new
// thread. Threads start when the first push goes, so a server that sends none starts none.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { pushRequestArgs } from '../supabase/functions/_shared/push-deliver.ts';
import type { DeliveryResult, PushDeliver, PushDelivery } from '../supabase/functions/_shared/push-sender.ts';

export interface PushPoolOptions {
  /** Send threads. Default: one fewer than the cores (at least one). */
  threads?: number;
  /** The thread's script (tests inject one that fails). Default push-worker.mjs. */
  workerUrl?: URL;
  /**
   * A push with no answer this long after its own time limit: its thread is stopped and what
   * it had in flight counts as lost (tried again). Default 5 s.
   */
  graceMs?: number;
}

export interface PushPool {
  deliver: PushDeliver;
  readonly threads: number;
  /** Threads running now (started on the first push, ended by close() or by dying). */
  readonly live: number;
  /** Stops every thread; a push in flight rejects (and goes again). */
  close(): Promise<void>;
}

export function defaultPushThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

interface Pending {
  resolve: (r: DeliveryResult) => void;
  reject: (err: Error) => void;
  guard: ReturnType<typeof setTimeout>;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  dead: boolean;
}

export function createPushPool(opts: PushPoolOptions = {}): PushPool {
  const size = Math.max(1, Math.floor(opts.threads ?? defaultPushThreads()));
  const workerUrl = opts.workerUrl ?? new URL('./push-worker.mjs', import.meta.url);
  const graceMs = opts.graceMs ?? 5000;
  const threads: (Thread | null)[] = Array.from({ length: size }, () => null);
  let nextId = 1;
  let closed = false;

  function lose(t: Thread, why: string) {
    if (t.dead) return;
    t.dead = true;
    const i = threads.indexOf(t);
    if (i >= 0) threads[i] = null;
    for (const p of t.pending.values()) {
      clearTimeout(p.guard);
      p.reject(new Error(why));
    }
    t.pending.clear();
    void t.worker.terminate();
  }

  function start(i: number): Thread {
    // the parent's execArgv (e.g. --import tsx) is not needed: the script is plain JavaScript
    const worker = new Worker(workerUrl, { execArgv: [] });
    const t: Thread = { worker, pending: new Map(), dead: false };
    worker.on('message', (m: { id: number; result: DeliveryResult }) => {
      const p = t.pending.get(m.id);
      if (!p) return;
      t.pending.delete(m.id);
      clearTimeout(p.guard);
      p.resolve(m.result);
    });
    worker.on('error', (err) => {
      console.error(`reminder send thread failed: ${err.message}`);
      lose(t, `send thread failed: ${err.message}`);
    });
    worker.on('exit', (code) => lose(t, `send thread exited (${code})`));
    // pushes in flight are what keeps the server busy, not an idle thread
    worker.unref();
    threads[i] = t;
    return t;
  }

  /** The live thread with the fewest pushes in flight, started if need be. */
  function pick(): Thread {
    let best: Thread | null = null;
    for (let i = 0; i < threads.length; i++) {
      const t = threads[i] ?? start(i);
      if (!best || t.pending.size < best.pending.size) best = t;
    }
    return best!;
  }

  return {
    threads: size,
    get live() {
      return threads.filter((t) => t !== null).length;
    },
    deliver(push: PushDelivery) {
      if (closed) return Promise.reject(new Error('the send threads are closed'));
      const t = pick();
      const id = nextId++;
      return new Promise<DeliveryResult>((resolve, reject) => {
        const guard = setTimeout(() => lose(t, 'send thread stopped answering'), push.timeoutMs + graceMs);
        guard.unref();
        t.pending.set(id, { resolve, reject, guard });
        t.worker.postMessage({ id, args: pushRequestArgs(push), endpoint: push.endpoint, timeoutMs: push.timeoutMs });
      });
    },
    async close() {
      closed = true;
      const live = threads.filter((t): t is Thread => t !== null);
      for (const t of live) lose(t, 'the send threads are closed');
      await Promise.all(live.map((t) => t.worker.terminate()));
    },
  };
}
