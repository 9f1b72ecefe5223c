// One syncing tab per user. The tab holding the Web Lock `daybook-sync-<userId>` leads; the
// others wait for it, send it kicks (sync now) over a BroadcastChannel and mirror the events it
// publishes. The leader heart-beats on the channel; a follower that hears nothing for
// `staleMs` steals the lock (a frozen or throttled leader keeps its lock but does no work).
// Without navigator.locks every tab leads: two tabs pushing at once is harmless (server dedup).
import type { Clock } from './ports';
import type { EngineEvent } from './types';

export interface Leadership {
  isLeader(): boolean;
  onChange(listener: (leader: boolean) => void): () => void;
  /** Follower → leader: "sync now". In the leader itself it calls its own kick listeners. */
  kick(): void;
  onKick(listener: () => void): () => void;
  /** Leader → followers. */
  publish(event: EngineEvent): void;
  onPublished(listener: (event: EngineEvent) => void): () => void;
  close(): void;
}

/** The part of the Web Locks API used here (navigator.locks). */
export interface LockManagerLike {
  request(name: string, options: { steal?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface LeadershipOptions {
  name: string;
  clock: Clock;
  locks?: LockManagerLike | null;
  channel?: ChannelLike | null;
  heartbeatMs?: number;
  staleMs?: number;
}

type Message = { type: 'heartbeat' } | { type: 'kick' } | { type: 'event'; event: EngineEvent };

function listeners<T extends unknown[]>() {
  const set = new Set<(...args: T) => void>();
  return {
    add(fn: (...args: T) => void) {
      set.add(fn);
      return () => void set.delete(fn);
    },
    call(...args: T) {
      for (const fn of [...set]) fn(...args);
    },
  };
}

export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

export function defaultChannel(name: string): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(name) as unknown as ChannelLike);
}

export function createLeadership(opts: LeadershipOptions): Leadership {
  const { clock, name } = opts;
  const locks = opts.locks === undefined ? defaultLocks() : opts.locks;
  // without locks every tab leads on its own and there is nobody to talk to
  const channel = !locks ? null : opts.channel === undefined ? defaultChannel(name) : opts.channel;
  const heartbeatMs = opts.heartbeatMs ?? 5000;
  const staleMs = opts.staleMs ?? 20_000;
  const changed = listeners<[boolean]>();
  const kicked = listeners<[]>();
  const published = listeners<[EngineEvent]>();
  let leader = !locks;
  let closed = false;
  let release: (() => void) | null = null;
  let abort: AbortController | null = null;
  let lastHeard = clock.now();
  let timer: unknown = null;

  const setLeader = (value: boolean) => {
    if (value === leader) return;
    leader = value;
    changed.call(value);
  };

  // Each request gets a generation; a request superseded by a newer one (a steal, close) is
  // ignored when it settles, so only losing the current lock makes this tab a follower again.
  let generation = 0;
  function acquire(steal: boolean) {
    if (!locks || closed) return;
    const gen = ++generation;
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    // the Web Locks API refuses `signal` together with `steal`
    const options = steal ? { steal: true } : { signal: controller.signal };
    locks
      .request(name, options, () => {
        if (gen !== generation) return Promise.resolve();
        return new Promise<void>((resolve) => {
          release = resolve;
          lastHeard = clock.now();
          setLeader(true);
          channel?.postMessage({ type: 'heartbeat' } satisfies Message);
        });
      })
      .catch(() => {
        // stolen by another tab, or aborted because this tab decided to steal or close
      })
      .finally(() => {
        if (gen !== generation) return;
        release = null;
        setLeader(false);
        acquire(false);
      });
  }

  function tick() {
    if (closed) return;
    if (leader) channel?.postMessage({ type: 'heartbeat' } satisfies Message);
    else if (locks && clock.now() - lastHeard > staleMs) {
      lastHeard = clock.now();
      acquire(true);
    }
    timer = clock.setTimeout(tick, heartbeatMs);
  }

  channel?.addEventListener('message', ({ data }) => {
    const m = data as Message;
    if (m?.type === 'heartbeat') lastHeard = clock.now();
    else if (m?.type === 'kick' && leader) kicked.call();
    else if (m?.type === 'event' && !leader) published.call(m.event);
  });

  acquire(false);
  if (locks) timer = clock.setTimeout(tick, heartbeatMs);

  return {
    isLeader: () => leader,
    onChange: changed.add,
    kick() {
      if (leader) kicked.call();
      else channel?.postMessage({ type: 'kick' } satisfies Message);
    },
    onKick: kicked.add,
    publish(event) {
      if (leader) channel?.postMessage({ type: 'event', event } satisfies Message);
    },
    onPublished: published.add,
    close() {
      closed = true;
      generation++;
      if (timer !== null) clock.clearTimeout(timer);
      abort?.abort();
      release?.();
      release = null;
      channel?.close();
      setLeader(false);
    },
  };
}

/** For a single context (tests, Node): always the leader, kicks call straight back. */
export function soloLeadership(): Leadership {
  return createLeadership({ name: 'solo', clock: { now: () => 0, setTimeout: () => null, clearTimeout: () => {} }, locks: null, channel: null });
}
