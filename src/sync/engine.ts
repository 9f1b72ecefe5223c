// The sync engine for one database: push the outbox until everything queued has been sent,
// then pull pages until has_more is false; each page is acknowledged and rebased by applyPull
// in one transaction (a push answer alone removes nothing). Timing comes from the pure
// scheduler; the store, transport, clock, environment, leadership and live pokes are injected
// (ports.ts).
import { PULL_MAX, PULL_START, PUSH_MAX, PUSH_START } from './adaptive';
import { MAX_BATCH_BYTES } from './batch';
import { alwaysOnline, realClock } from './environment';
import type { EngineOptions, SyncEngine } from './engine-api';
import { engineStatus } from './engine-status';
import { soloLeadership } from './leader';
import { offlineSpell } from './offline-spell';
import { pokeFollower } from './pokes';
import { isLeadershipLost } from './ports';
import { type PullProgress, progressAfter } from './progress';
import { initialSchedule, isFailing, nextRun, type ScheduleEvent, type ScheduleState, schedule } from './schedule';
import { describeFailure, type Failure, type RunContext, syncRun } from './run';
import { initialStuck } from './stuck';
import { shallowEqual } from './shallow';
import type { EngineEvent, EngineStatus } from './types';

export type { EngineOptions, SyncEngine } from './engine-api';
export { describeFailure };

export function createSyncEngine(opts: EngineOptions): SyncEngine {
  const { store, transport } = opts;
  const clock = opts.clock ?? realClock;
  const random = opts.random ?? Math.random;
  const env = opts.environment ?? alwaysOnline;
  const leadership = opts.leadership ?? soloLeadership();
  // a size the caller sets stays fixed unless it also sets how far it may grow
  const pullLimit = opts.pullLimit ?? PULL_START;
  const maxPullLimit = opts.maxPullLimit ?? (opts.pullLimit === undefined ? PULL_MAX : pullLimit);
  const maxChanges = opts.maxBatchChanges ?? PUSH_START;
  const maxPushChanges = opts.maxPushChanges ?? (opts.maxBatchChanges === undefined ? PUSH_MAX : maxChanges);
  const maxBytes = opts.maxBatchBytes ?? MAX_BATCH_BYTES;
  const listeners = new Set<(event: EngineEvent) => void>();

  let sched: ScheduleState = initialSchedule(env.online(), env.visible());
  let started = false;
  let stopped = false;
  let expired = opts.expired ?? false;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let pending = 0;
  let pendingKnown = false;
  let lastSyncedAt: string | null = null;
  // no network: the environment says so, or the last request failed to connect
  let unreachable = false;
  const spell = offlineSpell(store, !env.online(), { canSay: () => !stopped && pending > 0, say: () => emit({ type: 'offline-saved' }) });
  let failing: string | null = null;
  let mirrored: EngineStatus | null = null;
  // how far this run's pull has got (one object per page, so the snapshot changes only then)
  let pulling: PullProgress | null = null;
  let status: EngineStatus = snapshot();
  const cleanups: (() => void)[] = [];
  let ownClientId: string | null = null;
  // whether this engine has claimed the database's sync epoch since it began leading, and
  // whether a newer claim by another engine has fenced it off (store writes reject then)
  let claimed = false;
  let fenced = false;
  // a change that keeps failing while the server answers (stuck.ts), remembered across runs
  let stuck = initialStuck();
  const pokes = pokeFollower(opts.pokes, () => ownClientId, () => feed('poke'));

  function snapshot(): EngineStatus {
    return engineStatus({ leader: leadership.isLeader(), mirrored, online: sched.online, unreachable, running: running !== null, pending, pendingKnown, expired, lastSyncedAt, failing, pulling });
  }

  function emit(event: EngineEvent) {
    for (const listener of [...listeners]) listener(event);
    if (leadership.isLeader() && event.type !== 'status') leadership.publish(event);
  }

  function refreshStatus() {
    const next = snapshot();
    if (shallowEqual(next, status)) return;
    status = next;
    emit({ type: 'status', ...next });
    if (leadership.isLeader()) leadership.publish({ type: 'status', ...next });
  }

  function arm() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const at = nextRun(sched);
    if (stopped || at === null) return;
    const delay = Math.max(0, at - clock.now());
    timer = clock.setTimeout(() => {
      timer = null;
      void trigger();
    }, delay);
  }

  function feed(event: ScheduleEvent) {
    sched = schedule(sched, event, clock.now(), random);
    arm();
  }

  function activate() {
    const should = started && !stopped && !expired && !fenced && leadership.isLeader();
    if (should && !sched.active) feed('start');
    else if (!should && sched.active) feed('pause');
    pokes.follow(sched.active);
    refreshStatus();
  }

  function trigger(): Promise<void> {
    if (running) return running;
    if (!sched.active) return Promise.resolve();
    feed('run');
    const run = (async () => {
      const failure = await runOnce().catch((err: unknown): Failure => {
        // a local database error: report it and retry later like any failure
        console.error('sync run failed', err);
        return { kind: 'retry', reason: 'server', status: 0, message: String(err) };
      });
      running = null;
      pulling = null;
      settle(failure);
    })();
    running = run;
    refreshStatus();
    return run;
  }

  function settle(failure: Failure | null) {
    if (stopped) {
      refreshStatus();
      return;
    }
    if (!failure) {
      unreachable = false;
      spell.succeeded(sched.online);
      failing = null;
      feed('succeeded');
    } else if (failure.kind === 'unauthorized') {
      if (!expired) {
        expired = true;
        activate();
        emit(failure.revoked ? { type: 'expired', revoked: true } : { type: 'expired' });
      }
    } else {
      unreachable = failure.kind === 'retry' && failure.reason === 'network';
      if (unreachable) spell.enter();
      feed('failed');
      if (!failing && isFailing(sched, clock.now()) && sched.online) {
        failing = describeFailure(failure);
        emit({ type: 'failing', reason: failing });
      }
    }
    refreshStatus();
  }

  /** One run (run.ts); the engine reports its outcome and keeps its status. */
  async function runOnce(): Promise<Failure | null> {
    try {
      return await fencedRun();
    } catch (err) {
      if (!isLeadershipLost(err)) throw err;
      return lostTheDatabase();
    }
  }

  /** Another tab claimed this database since this tab began leading: write nothing more, and run no more until this tab leads again. */
  function lostTheDatabase(): null {
    fenced = true;
    activate();
    return null;
  }

  async function fencedRun(): Promise<Failure | null> {
    await spell.restored;
    if (!claimed) {
      await store.claim();
      claimed = true;
    }
    const afterOffline = spell.active;
    const ctx: RunContext = {
      store,
      transport,
      maxChanges,
      maxPushChanges,
      maxBytes,
      pullLimit,
      maxPullLimit,
      now: () => clock.now(),
      stopped: () => stopped,
      onClientId: (id) => {
        ownClientId = id;
      },
      onProgress: () => feed('progress'),
      onPage: (page, first) => {
        pulling = progressAfter(pulling, page, first);
        refreshStatus();
      },
      stuck,
    };
    const result = await syncRun(ctx);
    stuck = ctx.stuck;
    // what the run stored is told even when it ended early (a pull cut between its pages, the
    // database taken by another tab, the engine stopped): no later run reports it
    if (result.refused.length) emit({ type: 'refused', items: result.refused });
    if (result.removed.length) emit({ type: 'lists-removed', listIds: result.removed.map((l) => l.id), lists: result.removed });
    if (result.kind === 'stopped') return null;
    if (result.kind === 'fenced') return lostTheDatabase();
    if (result.kind === 'failed') return result.failure;
    lastSyncedAt = new Date(clock.now()).toISOString();
    await store.setLastSyncedAt(lastSyncedAt);
    if (result.acknowledged > 0) emit({ type: 'synced', count: result.acknowledged, afterOffline });
    return null;
  }

  function onEnvironment(change: 'online' | 'offline' | 'visible' | 'hidden') {
    if (change === 'online') unreachable = false;
    if (change === 'offline') spell.enter();
    feed(change);
    refreshStatus();
  }

  function onPending(count: number) {
    const grew = pendingKnown && count > pending;
    pending = count;
    pendingKnown = true;
    if (grew) {
      if (!sched.online || unreachable) spell.enter();
      feed('edit');
    }
    refreshStatus();
  }

  return {
    start() {
      if (started) return;
      started = true;
      cleanups.push(env.on(onEnvironment));
      cleanups.push(store.observePending(onPending, (err) => console.error('outbox observer failed', err)));
      cleanups.push(
        leadership.onChange((leader) => {
          if (leader) mirrored = null;
          // leading (again): claim the database before the next run writes
          claimed = false;
          fenced = false;
          activate();
        }),
      );
      cleanups.push(leadership.onKick(() => void trigger()));
      cleanups.push(
        leadership.onPublished((event) => {
          if (event.type === 'status') {
            const { type: _type, ...rest } = event;
            mirrored = rest;
            refreshStatus();
          } else {
            for (const listener of [...listeners]) listener(event);
          }
        }),
      );
      // an offline spell that began before a reload goes on: no second "Saved offline", and the
      // first sync after it reports what it sent
      spell.restore();
      void store.lastSyncedAt().then((iso) => {
        lastSyncedAt ??= iso;
        refreshStatus();
      });
      void store.clientId().then(
        (id) => {
          ownClientId = id;
        },
        () => undefined, // no identity yet: every poke counts until the first run reads it
      );
      activate();
    },
    async stop() {
      stopped = true;
      feed('pause');
      pokes.follow(false);
      for (const cleanup of cleanups.splice(0)) cleanup();
      leadership.close();
      if (running) await running;
      refreshStatus();
    },
    async syncNow() {
      if (stopped || expired) return;
      if (!leadership.isLeader()) {
        leadership.kick();
        return;
      }
      if (running) await running;
      feed('manual');
      await trigger();
    },
    expire() {
      if (expired) return;
      expired = true;
      activate();
      emit({ type: 'expired' });
    },
    resume() {
      if (!expired) return;
      expired = false;
      activate();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getStatus: () => status,
  };
}
