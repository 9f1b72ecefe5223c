// The sync engine for one database: push the outbox until everything queued has been sent,
// then pull pages until has_more is false; each page is acknowledged and rebased by applyPull
// in one transaction (a push answer alone removes nothing). Timing comes from the pure
// scheduler; the transport, clock, environment, leadership and live pokes are injected.
// Straight from the modules, not '@/data': that index also brings the React hooks.
import type { DaybookDb } from '@/data/db';
import { observe } from '@/data/live';
import { outboxCount } from '@/data/queries';
import {
  applyPull,
  getClientId,
  getCursors,
  getLastSyncedAt,
  getOfflineSavedShown,
  pendingMutations,
  refuseLocally,
  setLastSyncedAt,
  setOfflineSavedShown,
} from '@/data/sync-store';
import type { MutationError, PullResult, RefusedEntry } from '@/lib/model';
import { MAX_BATCH_BYTES, MAX_BATCH_CHANGES, splitBatch, takeBatch } from './batch';
import { alwaysOnline, realClock } from './environment';
import { type Leadership, soloLeadership } from './leader';
import { pokeFollower } from './pokes';
import { type PullProgress, progressAfter } from './progress';
import { initialSchedule, isFailing, nextRun, type ScheduleEvent, type ScheduleState, schedule } from './schedule';
import { shallowEqual } from './shallow';
import type { Clock, EngineEvent, EngineStatus, PokeSource, SyncEnvironment, SyncTransport, TransportOutcome } from './types';

export interface EngineOptions {
  db: DaybookDb;
  transport: SyncTransport;
  clock?: Clock;
  random?: () => number;
  environment?: SyncEnvironment;
  leadership?: Leadership;
  /** Rows per pull page (the server clamps to 1…1000). */
  pullLimit?: number;
  maxBatchChanges?: number;
  maxBatchBytes?: number;
  /** Start paused because the session is known to have expired. */
  expired?: boolean;
  /** Live updates: followed while this engine may run (see pokes.ts). */
  pokes?: PokeSource;
}

export interface SyncEngine {
  /** Begins scheduling (runs at once when this tab leads). */
  start(): void;
  /** Stops scheduling and waits for a run in progress; the queue stays. */
  stop(): Promise<void>;
  /** Runs now, ignoring backoff; resolves when that run ends. In a follower tab it kicks the leader. */
  syncNow(): Promise<void>;
  /** The session was lost (auth told us before any request did): pause and keep the queue. */
  expire(): void;
  /** Resumes after an expired session was renewed (same user). */
  resume(): void;
  subscribe(listener: (event: EngineEvent) => void): () => void;
  getStatus(): EngineStatus;
}

/** Why a run stopped early. */
type Failure =
  | { kind: 'retry'; reason: 'network' | 'timeout' | 'server'; message: string; status: number }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'blocked'; message: string };

const MAX_ROUNDS = 100;

export function describeFailure(f: Failure): string {
  if (f.kind === 'unauthorized') return 'Session expired';
  if (f.kind === 'blocked') return `The server refused the request: ${f.message}`;
  if (f.reason === 'network') return "Can't reach the server";
  if (f.reason === 'timeout') return 'The server is not answering (timed out)';
  return `The server had a problem (HTTP ${f.status})`;
}

export function createSyncEngine(opts: EngineOptions): SyncEngine {
  const { db, transport } = opts;
  const clock = opts.clock ?? realClock;
  const random = opts.random ?? Math.random;
  const env = opts.environment ?? alwaysOnline;
  const leadership = opts.leadership ?? soloLeadership();
  const pullLimit = opts.pullLimit ?? 1000;
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
  let offlineSpell = !env.online();
  let offlineSavedShown = false;
  // A spell from before this start (a reload) read back from the database: "Saved offline" and
  // every run wait for it, so a reload during a spell neither says it twice nor forgets it.
  let spellRestored: Promise<void> = Promise.resolve();
  let failing: string | null = null;
  let mirrored: EngineStatus | null = null;
  // how far this run's pull has got (one object per page, so the snapshot changes only then)
  let pulling: PullProgress | null = null;
  let status: EngineStatus = snapshot();
  const cleanups: (() => void)[] = [];
  let ownClientId: string | null = null;
  const pokes = pokeFollower(opts.pokes, () => ownClientId, () => feed('poke'));

  function snapshot(): EngineStatus {
    const leader = leadership.isLeader();
    if (!leader && mirrored) return { ...mirrored, pending, leader: false, expired };
    const offline = !sched.online || unreachable;
    // "Synced" needs the outbox counted (a fresh sign-in's upload is queued but not yet seen) and
    // a completed run on this device (a new device's first pull has not started yet): until both,
    // the run at start is about to tell.
    const state: EngineStatus['status'] = running
      ? 'syncing'
      : offline
        ? 'offline'
        : pending > 0 || expired
          ? 'waiting'
          : pendingKnown && lastSyncedAt !== null
            ? 'synced'
            : 'syncing';
    return { status: state, pending, lastSyncedAt, failing, leader, expired, pull: running ? pulling : null };
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

  function enterOfflineSpell() {
    if (!offlineSpell) {
      offlineSpell = true;
      offlineSavedShown = false;
    }
    void spellRestored.then(() => {
      if (stopped || !offlineSpell || pending === 0 || offlineSavedShown) return;
      offlineSavedShown = true;
      emit({ type: 'offline-saved' });
      void setOfflineSavedShown(true, db).catch((err: unknown) => console.error('could not remember the offline toast', err));
    });
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
    const should = started && !stopped && !expired && leadership.isLeader();
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
      offlineSpell = !sched.online;
      if (!offlineSpell && offlineSavedShown) {
        offlineSavedShown = false;
        void setOfflineSavedShown(false, db).catch((err: unknown) => console.error('could not clear the offline toast', err));
      }
      failing = null;
      feed('succeeded');
    } else if (failure.kind === 'unauthorized') {
      if (!expired) {
        expired = true;
        activate();
        emit({ type: 'expired' });
      }
    } else {
      unreachable = failure.kind === 'retry' && failure.reason === 'network';
      if (unreachable) enterOfflineSpell();
      feed('failed');
      if (!failing && isFailing(sched, clock.now()) && sched.online) {
        failing = describeFailure(failure);
        emit({ type: 'failing', reason: failing });
      }
    }
    refreshStatus();
  }

  /** One run: push everything queued, then pull until has_more is false, until nothing is left. */
  async function runOnce(): Promise<Failure | null> {
    await spellRestored;
    const clientId = await getClientId(db);
    ownClientId = clientId;
    let sentUpTo = 0;
    let maxChanges = opts.maxBatchChanges ?? MAX_BATCH_CHANGES;
    const pushRefusals = new Map<number, MutationError>();
    let acknowledged = 0;
    const refused: RefusedEntry[] = [];
    const removed: { id: string; name: string }[] = [];
    const afterOffline = offlineSpell;

    for (let round = 0; round < MAX_ROUNDS; round++) {
      // Push: everything queued now, oldest first.
      for (;;) {
        if (stopped) return null;
        const queue = await pendingMutations(maxChanges, db, sentUpTo);
        if (!queue.length) break;
        const batch = takeBatch(queue, { maxChanges, maxBytes });
        const out = await transport.push({ clientId, mutations: batch });
        if (out.kind === 'ok') {
          feed('progress');
          for (const r of out.value.results) if (r.status === 'refused' && r.error) pushRefusals.set(r.id, r.error);
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
            refused.push(...(await refuseLocally([{ id: culprit.id, error }], db)));
            continue;
          }
          maxChanges = splitBatch(batch.length);
          continue;
        }
        return failureOf(out);
      }

      // Pull: every page, acknowledging and rebasing as it goes. The first page also asks how
      // much is left (cheap when little is), so a large backlog can show its progress.
      for (let pass = 0; pass < MAX_ROUNDS; pass++) {
        if (stopped) return null;
        const out = await transport.pull({ clientId, cursors: await getCursors(db), limit: pullLimit, count: pass === 0 });
        if (out.kind !== 'ok') return failureOf(out);
        feed('progress');
        const outcome = await applyPull(withPushRefusals(out.value, pushRefusals), db);
        pulling = progressAfter(pulling, out.value, pass === 0);
        refreshStatus();
        acknowledged += outcome.acknowledged;
        refused.push(...outcome.refused);
        // a list the user chose to leave goes quietly: the share dialog already said so
        for (const { id, name, left } of outcome.purgedLists) if (!left) removed.push({ id, name });
        // a refusal rewinds its list's cursor so the server's row comes back: pull again
        if (!out.value.has_more && !outcome.refused.length) break;
      }

      if (!(await pendingMutations(1, db, sentUpTo)).length) break;
    }

    lastSyncedAt = new Date(clock.now()).toISOString();
    await setLastSyncedAt(lastSyncedAt, db);
    if (refused.length) emit({ type: 'refused', items: refused });
    if (removed.length) emit({ type: 'lists-removed', listIds: removed.map((l) => l.id), lists: removed });
    if (acknowledged > 0) emit({ type: 'synced', count: acknowledged, afterOffline });
    return null;
  }

  function failureOf(out: Exclude<TransportOutcome<unknown>, { kind: 'ok' }>): Failure {
    if (out.kind === 'retry' || out.kind === 'unauthorized') return out;
    return { kind: 'blocked', message: out.message };
  }

  function onEnvironment(change: 'online' | 'offline' | 'visible' | 'hidden') {
    if (change === 'online') unreachable = false;
    if (change === 'offline') enterOfflineSpell();
    feed(change);
    refreshStatus();
  }

  function onPending(count: number) {
    const grew = pendingKnown && count > pending;
    pending = count;
    pendingKnown = true;
    if (grew) {
      if (!sched.online || unreachable) enterOfflineSpell();
      feed('edit');
    }
    refreshStatus();
  }

  return {
    start() {
      if (started) return;
      started = true;
      cleanups.push(env.on(onEnvironment));
      cleanups.push(observe(() => outboxCount(db), onPending, (err) => console.error('outbox observer failed', err)));
      cleanups.push(
        leadership.onChange((leader) => {
          if (leader) mirrored = null;
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
      spellRestored = getOfflineSavedShown(db)
        .catch(() => false)
        .then((shown) => {
          if (!shown) return;
          offlineSpell = true;
          offlineSavedShown = true;
        });
      void getLastSyncedAt(db).then((iso) => {
        lastSyncedAt ??= iso;
        refreshStatus();
      });
      void getClientId(db).then(
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

/** Refusals from push answers back up the pull's list (capped at 500 by the server). */
function withPushRefusals(page: PullResult, pushRefusals: Map<number, MutationError>): PullResult {
  if (!pushRefusals.size) return page;
  const known = new Set(page.refused.map((r) => r.id));
  const extra = [...pushRefusals]
    .filter(([id]) => id <= page.last_mutation_id && !known.has(id))
    .map(([id, error]) => ({ id, error }));
  return extra.length ? { ...page, refused: [...page.refused, ...extra].sort((a, b) => a.id - b.id) } : page;
}
