// The engine and live pokes: when it follows them, which ones make it run, and how they meet
// the backoff. Real Dexie (fake-indexeddb), fake clock, environment, transport and pokes.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import { createLeadership } from '@/sync/leader';
import { POKE_DELAY_MS } from '@/sync/schedule';
import { setLastSyncedAt } from '@/data';
import { createSyncStore } from '@/data/sync';
import { freshDb } from '../data/helpers';
import { FakeClock, FakeEnvironment, FakeLocks, FakePokes, ScriptedTransport, serverDown, runToIdle, settle } from './fakes';

let db: DaybookDb;
let me: Identity;
let clock: FakeClock;
let env: FakeEnvironment;
let server: ScriptedTransport;
let pokes: FakePokes;

beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
  // a device that has synced before (a new device's first sync: engine-first-sync.test.ts)
  await setLastSyncedAt('2026-01-01T00:00:00.000Z', db);
  clock = new FakeClock();
  env = new FakeEnvironment();
  server = new ScriptedTransport(() => [me.inboxId]);
  pokes = new FakePokes();
});

function engine(opts: Partial<Parameters<typeof createSyncEngine>[0]> = {}): SyncEngine {
  return createSyncEngine({ store: createSyncStore(db), transport: server, clock, environment: env, random: () => 0.5, pokes: pokes.source, ...opts });
}

const idle = (e: SyncEngine) => runToIdle(e, clock);

const pulls = () => server.calls.filter((c) => c === 'pull').length;

/** Advances the clock by `ms` and lets a run that became due finish. */
async function elapse(e: SyncEngine, ms: number) {
  clock.advance(ms);
  await idle(e);
}

describe('the engine and pokes', () => {
  it('a poke from another device pulls a moment later (POKE_DELAY_MS); a burst makes one run; its own pokes do nothing', async () => {
    const e = engine();
    e.start();
    await idle(e);
    expect(pulls()).toBe(1);

    pokes.poke(me.clientId);
    await elapse(e, 60_000 - 1);
    expect(pulls()).toBe(1);

    await elapse(e, 1); // the periodic run
    expect(pulls()).toBe(2);
    pokes.poke('phone');
    await elapse(e, POKE_DELAY_MS - 1);
    expect(pulls()).toBe(2);
    pokes.poke('laptop');
    pokes.poke('phone');
    await elapse(e, 1);
    expect(pulls()).toBe(3);
    await elapse(e, 1000);
    expect(pulls()).toBe(3);
    await e.stop();
  });

  it('a poke that names no device counts, and so does coming back after a gap (resubscribed)', async () => {
    const e = engine();
    e.start();
    await idle(e);
    pokes.poke(null);
    await elapse(e, POKE_DELAY_MS);
    expect(pulls()).toBe(2);
    pokes.resubscribed();
    await elapse(e, POKE_DELAY_MS);
    expect(pulls()).toBe(3);
    await e.stop();
  });

  it('follows pokes only while it may run: not once the session expired, again on resume, not after stop', async () => {
    const e = engine();
    e.start();
    await idle(e);
    expect(pokes.subscribed).toBe(true);
    e.expire();
    expect(pokes.subscribed).toBe(false);
    pokes.poke();
    await elapse(e, 1000);
    expect(pulls()).toBe(1);
    e.resume();
    await idle(e);
    expect(pokes).toMatchObject({ subscribed: true, subscriptions: 2, unsubscriptions: 1 });
    await e.stop();
    expect(pokes).toMatchObject({ subscribed: false, subscriptions: 2, unsubscriptions: 2 });
  });

  it('a follower tab does not subscribe; it does once it leads', async () => {
    const locks = new FakeLocks();
    const leaderPokes = new FakePokes();
    const lead = engine({ pokes: leaderPokes.source, leadership: createLeadership({ name: `p-${me.clientId}`, clock, locks }) });
    lead.start();
    await idle(lead);
    const follower = engine({ leadership: createLeadership({ name: `p-${me.clientId}`, clock, locks }) });
    follower.start();
    await settle();
    expect(leaderPokes.subscribed).toBe(true);
    expect(pokes.subscribed).toBe(false);
    await lead.stop();
    expect(leaderPokes.subscribed).toBe(false);
    await vi.waitFor(() => expect(follower.getStatus().leader).toBe(true));
    expect(pokes.subscribed).toBe(true);
    await follower.stop();
  });

  it('during a backoff a poke runs at once, one per backoff window, and resets nothing', async () => {
    server.always = serverDown;
    const e = engine();
    e.start();
    await idle(e);
    await elapse(e, 500); // random() = 0.5: retries after 500 ms, then 1 s, then 2 s
    await elapse(e, 1000);
    expect(pulls()).toBe(3);
    expect(clock.nextTimerIn()).toBe(2000);

    pokes.poke();
    pokes.poke();
    await elapse(e, POKE_DELAY_MS);
    expect(pulls()).toBe(4);
    expect(clock.nextTimerIn()).toBe(4000); // that run failed too: the backoff went on growing
    pokes.poke();
    await elapse(e, POKE_DELAY_MS);
    expect(pulls()).toBe(5);
    expect(clock.nextTimerIn()).toBe(8000);
    server.always = null;
    await elapse(e, 8000);
    expect(pulls()).toBe(6);
    expect(e.getStatus().status).toBe('synced');
    await e.stop();
  });
});
