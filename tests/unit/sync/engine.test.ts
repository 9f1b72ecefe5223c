// The engine's behaviour over its seams: when it runs, what it tells the UI, and that only a
// pull acknowledges. Real Dexie (fake-indexeddb), fake clock, environment and transport.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Identity, tasks } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import { createLeadership } from '@/sync/leader';
import type { EngineEvent } from '@/sync/types';
import { setLastSyncedAt } from '@/data';
import { createSyncStore } from '@/data/sync';
import { freshDb } from '../data/helpers';
import { FakeClock, FakeEnvironment, FakeLocks, noNetwork, ScriptedTransport, serverDown, runToIdle, settle } from './fakes';

let db: DaybookDb;
let me: Identity;
let clock: FakeClock;
let env: FakeEnvironment;
let server: ScriptedTransport;
let events: EngineEvent[];

beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
  // a device that has synced before (a new device's first sync: engine-first-sync.test.ts)
  await setLastSyncedAt('2026-01-01T00:00:00.000Z', db);
  clock = new FakeClock();
  env = new FakeEnvironment();
  server = new ScriptedTransport(() => [me.inboxId]);
  events = [];
});

function engine(opts: Partial<Parameters<typeof createSyncEngine>[0]> = {}): SyncEngine {
  const e = createSyncEngine({ store: createSyncStore(db), transport: server, clock, environment: env, random: () => 0.5, ...opts });
  e.subscribe((ev) => events.push(ev));
  return e;
}

const idle = (e: SyncEngine) => runToIdle(e, clock);

/** Runs started: status changes into 'syncing' (the status starts as 'syncing' until loaded). */
const runs = () =>
  events
    .filter((e) => e.type === 'status')
    .filter((e, i, all) => e.status === 'syncing' && all[i - 1] !== undefined && all[i - 1]!.status !== 'syncing').length;
const of = <T extends EngineEvent['type']>(type: T) => events.filter((e) => e.type === type) as Extract<EngineEvent, { type: T }>[];

describe('when the engine runs', () => {
  it('at start, 1 s after an edit, every 60 s while visible, not while hidden', async () => {
    const e = engine();
    e.start();
    await idle(e);
    expect(runs()).toBe(1);
    await tasks.create({ title: 'a' }, db);
    await settle();
    clock.advance(999);
    await idle(e);
    expect(runs()).toBe(1);
    clock.advance(1);
    await idle(e);
    expect(runs()).toBe(2);
    expect(server.received).toEqual([1]);
    clock.advance(60_000);
    await idle(e);
    expect(runs()).toBe(3);
    env.set('hidden');
    clock.advance(600_000);
    await idle(e);
    expect(runs()).toBe(3);
    env.set('visible');
    await idle(e);
    expect(runs()).toBe(4);
    await e.stop();
  });

  it('backs off after failures (1 s, 2 s, … with jitter); online resets it and runs at once', async () => {
    server.always = serverDown;
    const e = engine();
    e.start();
    await idle(e);
    expect(server.calls).toEqual(['pull']);
    // random() = 0.5: 500 ms, 1 s, 2 s, 4 s
    for (const wait of [500, 1000, 2000, 4000]) {
      clock.advance(wait - 1);
      await idle(e);
      const before = server.calls.length;
      clock.advance(1);
      await idle(e);
      expect(server.calls.length).toBe(before + 1);
    }
    expect(clock.nextTimerIn()).toBe(8000);
    server.always = null;
    env.set('offline');
    expect(clock.nextTimerIn()).toBeNull();
    env.set('online');
    await idle(e);
    expect(e.getStatus().status).toBe('synced');
    expect(clock.nextTimerIn()).toBe(60_000);
    await e.stop();
  });

  it('syncNow runs at once even during backoff', async () => {
    server.always = serverDown;
    const e = engine();
    e.start();
    await idle(e);
    server.always = null;
    await tasks.create({ title: 'now' }, db);
    await e.syncNow();
    expect(server.received).toEqual([1]);
    expect(await db.outbox.count()).toBe(0);
    await e.stop();
  });
});

describe('acknowledging', () => {
  it('a push answer alone removes nothing; the pull that follows does', async () => {
    const e = engine();
    e.start();
    await idle(e);
    await tasks.create({ title: 'x' }, db);
    server.failures = [];
    const realPull = server.pull.bind(server);
    server.pull = async () => noNetwork;
    await e.syncNow();
    expect(server.received).toEqual([1]);
    expect(await db.outbox.count()).toBe(1);
    server.pull = realPull;
    await e.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(server.received).toEqual([1]); // the second push was a duplicate, not a new change
    await e.stop();
  });

  it('a refusal is kept, reported once, and the rest of the queue syncs', async () => {
    server.refuse.set(2, { code: 'invalid', message: 'Title is required', field: 'title' });
    const e = engine();
    e.start();
    await idle(e);
    for (const title of ['a', 'b', 'c']) await tasks.create({ title }, db);
    await e.syncNow();
    await e.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.refused.toArray()).map((r) => r.id)).toEqual([2]);
    expect(of('refused').map((r) => r.items.map((i) => i.id))).toEqual([[2]]);
    expect(of('synced').at(-1)).toEqual({ type: 'synced', count: 2, afterOffline: false });
    await e.stop();
  });

  it('a refusal stored by a run the engine is stopped in is still told (no later run tells it)', async () => {
    server.refuse.set(1, { code: 'not_found', message: 'This task was deleted on another device' });
    const store = createSyncStore(db);
    let stopping: Promise<void> | null = null;
    // the tab is closed (stop) just after the pull page with the refusal is stored
    const e = engine({
      store: {
        ...store,
        applyPull: async (page, cursors) => {
          const outcome = await store.applyPull(page, cursors);
          if (outcome.refused.length) stopping = e.stop();
          return outcome;
        },
      },
    });
    e.start();
    await idle(e);
    await tasks.create({ title: 'edited after a delete elsewhere' }, db);
    await e.syncNow();
    await stopping;
    expect((await db.refused.toArray()).map((r) => r.id)).toEqual([1]);
    expect(of('refused').map((r) => r.items.map((i) => i.id))).toEqual([[1]]);
  });
});

describe('what the UI is told', () => {
  it('never says synced before it has counted the outbox (a fresh sign-in has an upload queued)', async () => {
    await tasks.create({ title: 'made before signing in' }, db);
    const e = engine();
    const seen: { status: string; sent: number }[] = [];
    const look = () => seen.push({ status: e.getStatus().status, sent: server.received.length });
    e.subscribe((ev) => ev.type === 'status' && look());
    look();
    e.start();
    look();
    await idle(e);
    expect(seen.filter((s) => s.status === 'synced' && s.sent === 0)).toEqual([]);
    expect(server.received).toEqual([1]);
    expect(e.getStatus()).toMatchObject({ status: 'synced', pending: 0 });
    await e.stop();
  });

  it('status: synced, syncing, waiting with the count, offline', async () => {
    const e = engine();
    e.start();
    await idle(e);
    expect(e.getStatus()).toMatchObject({ status: 'synced', pending: 0, leader: true, expired: false });
    expect(e.getStatus().lastSyncedAt).toBe(new Date(clock.now()).toISOString());
    server.always = serverDown;
    await tasks.create({ title: 'a' }, db);
    await tasks.create({ title: 'b' }, db);
    await settle();
    expect(e.getStatus()).toMatchObject({ status: 'waiting', pending: 2 });
    const p = e.syncNow();
    expect(e.getStatus().status).toBe('syncing');
    await p;
    expect(e.getStatus()).toMatchObject({ status: 'waiting', pending: 2 });
    env.set('offline');
    expect(e.getStatus()).toMatchObject({ status: 'offline', pending: 2 });
    const statuses = of('status').map((s) => s.status);
    expect(statuses).toEqual(expect.arrayContaining(['syncing', 'synced', 'waiting', 'offline']));
    await e.stop();
  });

  it('"saved offline" once per offline spell, then "synced N" after it', async () => {
    env.isOnline = false;
    const e = engine();
    e.start();
    await idle(e);
    await tasks.create({ title: 'a' }, db);
    await tasks.create({ title: 'b' }, db);
    await settle();
    expect(of('offline-saved')).toHaveLength(1);
    env.set('online');
    await idle(e);
    expect(of('synced')).toEqual([{ type: 'synced', count: 2, afterOffline: true }]);
    // a second spell: the network fails while the browser thinks it is online
    server.always = noNetwork;
    await tasks.create({ title: 'c' }, db);
    await settle();
    clock.advance(1000);
    await idle(e);
    expect(e.getStatus().status).toBe('offline');
    expect(of('offline-saved')).toHaveLength(2);
    await tasks.create({ title: 'd' }, db);
    await settle();
    expect(of('offline-saved')).toHaveLength(2);
    server.always = null;
    await e.syncNow();
    expect(of('synced').at(-1)).toEqual({ type: 'synced', count: 2, afterOffline: true });
    await tasks.create({ title: 'e' }, db);
    await e.syncNow();
    expect(of('synced').at(-1)).toEqual({ type: 'synced', count: 1, afterOffline: false });
    await e.stop();
  });

  it('a reload in the middle of an offline spell: no second "saved offline"; the reconnect still says "synced N"', async () => {
    /** The page (re)opens with no network: a new engine over the same database. */
    const openOffline = async () => {
      env.isOnline = false;
      server.always = noNetwork;
      const e = engine();
      e.start();
      await idle(e);
      return e;
    };
    const edit = async (title: string) => {
      await tasks.create({ title }, db);
      await settle();
    };

    const before = await openOffline();
    await edit('a');
    expect(of('offline-saved')).toHaveLength(1);
    await before.stop();

    const after = await openOffline();
    await edit('b');
    expect(of('offline-saved')).toHaveLength(1);
    server.always = null;
    env.set('online');
    await idle(after);
    expect(of('synced').at(-1)).toEqual({ type: 'synced', count: 2, afterOffline: true });
    await after.stop();

    // the spell is over: the next one says it again, even after another reload
    const later = await openOffline();
    await edit('c');
    expect(of('offline-saved')).toHaveLength(2);
    await later.stop();
  });

  it('after 5 minutes of failures: one "failing" with the reason; cleared by a success', async () => {
    server.always = serverDown;
    const e = engine({ random: () => 0.99 });
    e.start();
    await idle(e);
    for (let t = 0; t < 10 * 60_000 && of('failing').length === 0; ) {
      const step = clock.nextTimerIn() ?? 1000;
      clock.advance(step);
      t += step;
      await idle(e);
    }
    expect(of('failing')).toEqual([{ type: 'failing', reason: 'The server had a problem (HTTP 503)' }]);
    expect(e.getStatus().failing).toBe('The server had a problem (HTTP 503)');
    clock.advance(clock.nextTimerIn() ?? 0);
    await idle(e);
    expect(of('failing')).toHaveLength(1);
    server.always = null;
    await e.syncNow();
    expect(e.getStatus().failing).toBeNull();
    await e.stop();
  });

  it('an expired session pauses sync and keeps the queue; resume sends it', async () => {
    const e = engine();
    e.start();
    await idle(e);
    await tasks.create({ title: 'kept' }, db);
    server.failures = [{ kind: 'unauthorized', message: 'refresh refused' }];
    await e.syncNow();
    expect(of('expired')).toHaveLength(1);
    expect(e.getStatus()).toMatchObject({ expired: true, status: 'waiting', pending: 1 });
    const calls = server.calls.length;
    await tasks.create({ title: 'also kept' }, db);
    await settle();
    clock.advance(120_000);
    await e.syncNow();
    expect(server.calls.length).toBe(calls);
    e.resume();
    await idle(e);
    expect(await db.outbox.count()).toBe(0);
    expect(server.received).toEqual([1, 2]);
    await e.stop();
  });
});

describe('one syncing tab', () => {
  it('a follower does not sync; its syncNow kicks the leader, and it mirrors the leader’s status', async () => {
    const locks = new FakeLocks();
    const lead = engine({ leadership: createLeadership({ name: `t-${me.clientId}`, clock, locks }) });
    lead.start();
    await idle(lead);
    const followerServer = new ScriptedTransport(() => [me.inboxId]);
    const follower = createSyncEngine({
      store: createSyncStore(db),
      transport: followerServer,
      clock,
      environment: env,
      leadership: createLeadership({ name: `t-${me.clientId}`, clock, locks }),
    });
    follower.start();
    await settle();
    expect(lead.getStatus().leader).toBe(true);
    expect(follower.getStatus().leader).toBe(false);
    await tasks.create({ title: 'from the other tab' }, db);
    await follower.syncNow();
    await vi.waitFor(() => expect(server.received).toEqual([1]));
    await idle(lead);
    expect(followerServer.calls).toEqual([]);
    await vi.waitFor(() => expect(follower.getStatus()).toMatchObject({ status: 'synced', pending: 0, leader: false }));
    // the leader closes: the follower takes over and syncs itself
    await lead.stop();
    await vi.waitFor(() => expect(follower.getStatus().leader).toBe(true));
    await idle(follower);
    expect(followerServer.calls).toContain('pull');
    await follower.stop();
  });
});
