// Pages and pushes grow when there is a lot to move (SPEC §15, src/sync/adaptive.ts): a run starts
// at 1000-row pages and 200-change pushes, doubles while there is more and the server answers
// fast, up to 5000 / 1000, and halves on an answer slower than 2 s or a push refused as too
// large. Durations come from the engine's clock, which the fake server moves on as it answers.
import { describe, expect, it } from 'vitest';
import type { Mutation, PullResult, PushResult } from '@/domain/model';
import { createSyncEngine } from '@/sync/engine';
import type { PullRequest, PushRequest, SyncStore, TransportOutcome } from '@/sync/ports';
import { type RunContext, syncRun } from '@/sync/run';
import { initialStuck } from '@/sync/stuck';
import { FakeClock, PagingServer, runToIdle } from './fakes';

const INBOX = '00000000-0000-4000-8000-0000000000aa';

/** A device's database in memory: a queue of changes and the cursors; a pull acknowledges up to its last_mutation_id. */
function memoryStore(n: number): SyncStore & { queue: Mutation[] } {
  let cursors: Record<string, number> = {};
  const queue: Mutation[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: 'task.delete', args: { id: `t${i + 1}` } }));
  return {
    queue,
    claim: async () => {},
    clientId: async () => 'client-1',
    cursors: async () => ({ ...cursors }),
    pending: async (limit, after = 0) => queue.filter((m) => m.id > after).slice(0, limit),
    pendingCount: async () => queue.length,
    observePending: (onCount) => {
      onCount(queue.length);
      return () => {};
    },
    applyPull: async (page, sent) => {
      cursors = { ...sent, ...page.cursors };
      const before = queue.length;
      queue.splice(0, queue.filter((m) => m.id <= page.last_mutation_id).length);
      return { acknowledged: before - queue.length, refused: [], purgedLists: [] };
    },
    refuseLocally: async () => [],
    lastSyncedAt: async () => null,
    setLastSyncedAt: async () => {},
    offlineSavedShown: async () => false,
    setOfflineSavedShown: async () => {},
  };
}

/**
 * The paging server, taking `slow(i)` ms (on `advance`) to answer its i-th pull or push, and
 * refusing the pushes `tooLarge` names as 413; remembers what the server has applied.
 */
class TimedServer extends PagingServer {
  pushes: number[] = [];
  applied: number[] = [];
  lastMutationId = 0;
  tooLarge = new Set<number>();
  slowPulls = new Map<number, number>();
  slowPushes = new Map<number, number>();
  constructor(
    n: number,
    private readonly advance: (ms: number) => void,
  ) {
    super(INBOX, n);
  }
  override async push(req: PushRequest): Promise<TransportOutcome<PushResult>> {
    const i = this.pushes.length;
    this.pushes.push(req.mutations.length);
    this.advance(this.slowPushes.get(i) ?? 50);
    if (this.tooLarge.has(i)) return { kind: 'too_large', message: 'Request body is larger than 1 MiB' };
    for (const m of req.mutations) if (m.id > this.lastMutationId) this.applied.push(m.id);
    this.lastMutationId = Math.max(this.lastMutationId, req.mutations.at(-1)?.id ?? 0);
    return { kind: 'ok', value: { last_mutation_id: this.lastMutationId, results: [] } };
  }
  /** The most rows a page carries, whatever the limit (as the server's 2 MiB bound does). */
  rowBound = Number.POSITIVE_INFINITY;
  asked: (number | undefined)[] = [];
  override async pull(req: PullRequest): Promise<TransportOutcome<PullResult>> {
    this.advance(this.slowPulls.get(this.pulls.length) ?? 50);
    this.asked.push(req.limit);
    const out = await super.pull({ ...req, limit: Math.min(req.limit ?? 1000, this.rowBound) });
    return out.kind === 'ok' ? { ...out, value: { ...out.value, last_mutation_id: this.lastMutationId } } : out;
  }
  get limits() {
    return this.asked;
  }
}

/** One run with the engine's default sizes (1000 → 5000 rows, 200 → 1000 changes). */
function run(rows: number, queued: number, setup: (s: TimedServer) => void = () => {}, sizes: Partial<RunContext> = {}) {
  let now = 0;
  const server = new TimedServer(rows, (ms) => {
    now += ms;
  });
  setup(server);
  const store = memoryStore(queued);
  const ctx: RunContext = {
    store, transport: server, maxChanges: 200, maxPushChanges: 1000, maxBytes: 1 << 20, pullLimit: 1000, maxPullLimit: 5000,
    now: () => now, stopped: () => false, onClientId: () => {}, onProgress: () => {}, onPage: () => {}, stuck: initialStuck(),
    ...sizes,
  };
  return { server, store, result: syncRun(ctx) };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('pull pages grow when there is a lot to move', () => {
  it('a long backlog: 1000, 2000, 4000, then 5000-row pages, every row stored once', async () => {
    const { server, result } = run(17_000, 0);
    expect(await result).toMatchObject({ kind: 'done' });
    expect(server.limits).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(server.pulls.map((p) => p.cursors[INBOX] ?? 0)).toEqual([0, 1000, 3000, 7000, 12_000]);
  });

  it('a page the server ended early (its byte bound): the run asks for what that page carried', async () => {
    const { server, result } = run(20_000, 0, (s) => {
      s.rowBound = 4300;
    });
    expect(await result).toMatchObject({ kind: 'done' });
    expect(server.limits).toEqual([1000, 2000, 4000, 5000, 4300, 4300, 4300]);
    expect(server.pulls.map((p) => p.cursors[INBOX] ?? 0)).toEqual([0, 1000, 3000, 7000, 11_300, 15_600, 19_900]);
  });

  it('little to move: one page of the normal size', async () => {
    const { server, result } = run(300, 0);
    expect(await result).toMatchObject({ kind: 'done' });
    expect(server.limits).toEqual([1000]);
  });

  it('an answer slower than 2 s halves the next page, and the run grows no further', async () => {
    // the 4000-row page takes 2.5 s
    const { server, result } = run(15_000, 0, (s) => s.slowPulls.set(2, 2500));
    expect(await result).toMatchObject({ kind: 'done' });
    expect(server.limits).toEqual([1000, 2000, 4000, 2000, 2000, 2000, 2000]);
    expect(server.pulls.map((p) => p.cursors[INBOX] ?? 0)).toEqual([0, 1000, 3000, 7000, 9000, 11_000, 13_000]);
  });

  it('an answer of exactly 2 s is not slow', async () => {
    const { server, result } = run(8000, 0, (s) => s.slowPulls.set(0, 2000));
    expect(await result).toMatchObject({ kind: 'done' });
    expect(server.limits).toEqual([1000, 2000, 4000, 5000]);
  });

  it('a size the caller fixed stays fixed (pages of 1 row)', async () => {
    const { server, result } = run(5, 0, () => {}, { pullLimit: 1, maxPullLimit: 1 });
    expect(await result).toMatchObject({ kind: 'done' });
    expect(server.limits).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('pushes grow when there is a lot to move', () => {
  it('a long queue: 200, 400, 800, then 1000 changes, each sent once in order', async () => {
    const { server, result } = run(0, 3400);
    expect(await result).toMatchObject({ kind: 'done', acknowledged: 3400 });
    expect(server.pushes).toEqual([200, 400, 800, 1000, 1000]);
    expect(server.applied).toEqual(range(3400));
  });

  it('a push slower than 2 s halves the next, and the run grows no further', async () => {
    const { server, result } = run(0, 2000, (s) => s.slowPushes.set(1, 2001));
    expect(await result).toMatchObject({ kind: 'done', acknowledged: 2000 });
    expect(server.pushes).toEqual([200, 400, 200, 200, 200, 200, 200, 200, 200]);
    expect(server.applied).toEqual(range(2000));
  });

  it('a push refused as too large is halved and sent again; the run grows no further', async () => {
    const { server, result } = run(0, 2000, (s) => s.tooLarge.add(2));
    expect(await result).toMatchObject({ kind: 'done', acknowledged: 2000 });
    // the 800 refused changed nothing: 400 of them go next, then batches of 400
    expect(server.pushes).toEqual([200, 400, 800, 400, 400, 400, 200]);
    expect(server.applied).toEqual(range(2000));
  });

  it('a queue that fits one normal push is sent at once', async () => {
    const { server, result } = run(0, 150);
    expect(await result).toMatchObject({ kind: 'done', acknowledged: 150 });
    expect(server.pushes).toEqual([150]);
  });
});

describe('the engine', () => {
  it('grows its pages by default and times answers with its own clock', async () => {
    const clock = new FakeClock();
    const server = new TimedServer(9000, (ms) => clock.advance(ms));
    server.slowPulls.set(2, 3000);
    const engine = createSyncEngine({ store: memoryStore(0), transport: server, clock, random: () => 0.5 });
    engine.start();
    await runToIdle(engine, clock);
    await engine.stop();
    expect(server.limits).toEqual([1000, 2000, 4000, 2000]);
    expect(server.pulls.map((p) => p.cursors[INBOX] ?? 0)).toEqual([0, 1000, 3000, 7000]);
  });

  it('keeps the sizes it is given', async () => {
    const clock = new FakeClock();
    const server = new TimedServer(25, (ms) => clock.advance(ms));
    const engine = createSyncEngine({ store: memoryStore(0), transport: server, clock, random: () => 0.5, pullLimit: 10 });
    engine.start();
    await runToIdle(engine, clock);
    await engine.stop();
    expect(server.limits).toEqual([10, 10, 10]);
  });
});
