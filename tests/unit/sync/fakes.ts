// Fakes for the engine's seams: a clock whose timers fire only when advanced, an environment
// whose online/visible state the test flips, a lock manager with Web Locks semantics, a
// transport that acts like a server with no other clients, and a source of pokes.
import { expect, vi } from 'vitest';
import type { LockManagerLike } from '@/sync/leader';
import { SteppedClock } from '../../helpers/stepped-clock';
import type { PokeHandlers, PokeSource, PullRequest, PushRequest, SyncEnvironment, SyncTransport, TransportOutcome } from '@/sync/ports';
import type { MutationError, PullResult, PushResult, Task } from '@/domain/model';

/** Starts at a fixed time, so durations in the tests read as plain numbers. */
export class FakeClock extends SteppedClock {
  constructor() {
    super(1_000_000);
  }
}

export class FakeEnvironment implements SyncEnvironment {
  private listeners = new Set<(c: 'online' | 'offline' | 'visible' | 'hidden') => void>();
  constructor(
    public isOnline = true,
    public isVisible = true,
  ) {}
  online = () => this.isOnline;
  visible = () => this.isVisible;
  on = (l: (c: 'online' | 'offline' | 'visible' | 'hidden') => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  set(change: 'online' | 'offline' | 'visible' | 'hidden') {
    if (change === 'online' || change === 'offline') this.isOnline = change === 'online';
    else this.isVisible = change === 'visible';
    for (const l of this.listeners) l(change);
  }
}

type Failure = Exclude<TransportOutcome<never>, { kind: 'ok' }>;

/** A server for one client: remembers the highest mutation id, refuses what the test says. */
export class ScriptedTransport implements SyncTransport {
  lastMutationId = 0;
  calls: string[] = [];
  /** Answers to use instead of the server for the next calls, in order. */
  failures: Failure[] = [];
  /** Fail every call with this until cleared. */
  always: Failure | null = null;
  refuse = new Map<number, MutationError>();
  received: number[] = [];
  constructor(private readonly visibleLists: () => string[]) {}

  async push(req: PushRequest): Promise<TransportOutcome<PushResult>> {
    this.calls.push('push');
    const fail = this.always ?? this.failures.shift();
    if (fail) return fail;
    const results: PushResult['results'] = [];
    for (const m of req.mutations) {
      if (m.id <= this.lastMutationId) results.push({ id: m.id, status: 'duplicate' });
      else {
        this.received.push(m.id);
        const error = this.refuse.get(m.id);
        results.push(error ? { id: m.id, status: 'refused', error } : { id: m.id, status: 'applied' });
        this.lastMutationId = m.id;
      }
    }
    return { kind: 'ok', value: { last_mutation_id: this.lastMutationId, results } };
  }

  async pull(_req: PullRequest): Promise<TransportOutcome<PullResult>> {
    this.calls.push('pull');
    const fail = this.always ?? this.failures.shift();
    if (fail) return fail;
    return {
      kind: 'ok',
      value: {
        lists: [], members: [], tasks: [], departed: [], cursors: {}, has_more: false,
        visible_lists: this.visibleLists(),
        last_mutation_id: this.lastMutationId,
        refused: [...this.refuse].filter(([id]) => id <= this.lastMutationId).map(([id, error]) => ({ id, error })),
      },
    };
  }
}

export const serverDown: Failure = { kind: 'retry', reason: 'server', status: 503, message: 'Service Unavailable' };
export const noNetwork: Failure = { kind: 'retry', reason: 'network', status: 0, message: 'fetch failed' };

/** Web Locks semantics for one lock name: a queue, steal, abort of a waiting request. */
export class FakeLocks implements LockManagerLike {
  private holder: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  private queue: { grant: () => void; reject: (e: unknown) => void }[] = [];

  request(_name: string, options: { steal?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const me = { resolve, reject };
      const grant = () => {
        this.holder = me;
        Promise.resolve(callback({})).then(
          (v) => {
            if (this.holder === me) {
              this.holder = null;
              resolve(v);
              this.next();
            }
          },
          (e) => {
            if (this.holder === me) {
              this.holder = null;
              reject(e);
              this.next();
            }
          },
        );
      };
      if (options.steal) {
        this.holder?.reject(new DOMException('The lock was stolen', 'AbortError'));
        this.holder = null;
        grant();
        return;
      }
      const waiting = { grant, reject };
      options.signal?.addEventListener('abort', () => {
        const i = this.queue.indexOf(waiting);
        if (i >= 0) {
          this.queue.splice(i, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        }
      });
      if (!this.holder) grant();
      else this.queue.push(waiting);
    });
  }

  private next() {
    this.queue.shift()?.grant();
  }
}

/** Lets pending promises and fake-indexeddb callbacks run. */
export const settle = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Fires what is due now on `clock` (a 0 ms timer: "run at once") and waits for the run to end. */
export async function runToIdle(e: { getStatus(): { status: string } }, clock: FakeClock) {
  await settle();
  clock.advance(0);
  await vi.waitFor(() => expect(e.getStatus().status).not.toBe('syncing'));
  await settle();
}

/** Pokes the test sends by hand; counts subscriptions. */
export class FakePokes {
  subscriptions = 0;
  unsubscriptions = 0;
  private handlers: PokeHandlers | null = null;
  readonly source: PokeSource = (handlers) => {
    this.subscriptions++;
    this.handlers = handlers;
    return () => {
      this.unsubscriptions++;
      if (this.handlers === handlers) this.handlers = null;
    };
  };
  get subscribed() {
    return this.handlers !== null;
  }
  poke(clientId: string | null = 'another-device', listId: string | null = null) {
    this.handlers?.onPoke({ listId, clientId });
  }
  resubscribed() {
    this.handlers?.onResubscribed();
  }
}

/** `n` open tasks in `listId`, versions 1…n (a server's backlog for paging tests). */
function backlogTasks(listId: string, n: number, at = '2026-11-20T10:00:00.000Z'): Task[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    list_id: listId, title: `Task ${i}`, notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
    position: `a${i}`, created_by: 'someone', created_at: at, updated_at: at, deleted_at: null, version: i + 1,
  }));
}

/**
 * A server whose Inbox holds `n` tasks (versions 1…n), paged like sync_pull (counting what is
 * left when asked). `fail` and `gates` act on a pull by its number (0-based); `refusedAt`, when
 * set, makes pages carry the refusal stream's cursor, moved up to it.
 */
export class PagingServer implements SyncTransport {
  pulls: PullRequest[] = [];
  fail = new Map<number, Failure>();
  gates = new Map<number, Promise<void>>();
  refusedAt: number | null = null;
  rows: Task[];
  constructor(
    private readonly inbox: string,
    n: number,
  ) {
    this.rows = backlogTasks(inbox, n);
  }
  async push(req: PushRequest): Promise<TransportOutcome<PushResult>> {
    return { kind: 'ok' as const, value: { last_mutation_id: req.mutations.at(-1)?.id ?? 0, results: [] } };
  }
  async pull(req: PullRequest): Promise<TransportOutcome<PullResult>> {
    const i = this.pulls.length;
    this.pulls.push(structuredClone(req));
    await this.gates.get(i);
    const failure = this.fail.get(i);
    if (failure) return failure;
    const after = this.rows.filter((t) => t.version > (req.cursors[this.inbox] ?? 0));
    const page = after.slice(0, req.limit ?? 1000);
    const has_more = after.length > page.length;
    const refused: Record<string, number> = this.refusedAt === null ? {} : { refused: Math.max(req.cursors.refused ?? 0, this.refusedAt) };
    return {
      kind: 'ok',
      value: {
        lists: [], members: [], tasks: page, departed: [], visible_lists: [this.inbox],
        cursors: { [this.inbox]: page.at(-1)?.version ?? req.cursors[this.inbox] ?? 0, ...refused },
        last_mutation_id: 0, refused: [], has_more,
        ...(req.count ? { remaining: has_more ? after.length - page.length : 0 } : {}),
      },
    };
  }
}
