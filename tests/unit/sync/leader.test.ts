// One syncing tab: Web Locks elect it, a BroadcastChannel carries kicks, events and heartbeats.
import { describe, expect, it, vi } from 'vitest';
import { createLeadership } from '@/sync/leader';
import type { EngineEvent } from '@/sync/types';
import { FakeClock, FakeLocks, settle } from './fakes';

let n = 0;
const uniqueName = () => `daybook-sync-test-${++n}-${Math.random()}`;

describe('leader tab', () => {
  it('the first tab leads, the next waits; when the leader closes the next one takes over', async () => {
    const locks = new FakeLocks();
    const name = uniqueName();
    const a = createLeadership({ name, clock: new FakeClock(), locks });
    await settle();
    const b = createLeadership({ name, clock: new FakeClock(), locks });
    const changes: boolean[] = [];
    b.onChange((leader) => changes.push(leader));
    await settle();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    a.close();
    await settle();
    expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
    expect(changes).toEqual([true]);
    b.close();
  });

  it("a follower's kick reaches the leader; the leader's events reach the followers", async () => {
    const locks = new FakeLocks();
    const name = uniqueName();
    const leader = createLeadership({ name, clock: new FakeClock(), locks });
    await settle();
    const follower = createLeadership({ name, clock: new FakeClock(), locks });
    await settle();
    const kicks: string[] = [];
    leader.onKick(() => kicks.push('leader'));
    follower.onKick(() => kicks.push('follower'));
    const seen: EngineEvent[] = [];
    follower.onPublished((e) => seen.push(e));
    leader.onPublished((e) => seen.push(e));
    follower.kick();
    leader.publish({ type: 'synced', count: 3, afterOffline: true });
    follower.publish({ type: 'offline-saved' }); // followers publish nothing
    await vi.waitFor(() => expect(kicks).toEqual(['leader']));
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'synced', count: 3, afterOffline: true }]));
    leader.kick(); // in the leader itself a kick calls straight back
    expect(kicks).toEqual(['leader', 'leader']);
    leader.close();
    follower.close();
  });

  it('a leader that stops heart-beating is replaced, and learns it no longer leads', async () => {
    const locks = new FakeLocks();
    const name = uniqueName();
    const frozenClock = new FakeClock(); // never advanced: its heartbeats stop
    const frozen = createLeadership({ name, clock: frozenClock, locks, heartbeatMs: 1000, staleMs: 5000 });
    await settle();
    const clock = new FakeClock();
    const other = createLeadership({ name, clock, locks, heartbeatMs: 1000, staleMs: 5000 });
    await settle();
    expect([frozen.isLeader(), other.isLeader()]).toEqual([true, false]);
    clock.advance(4000);
    await settle();
    expect(other.isLeader()).toBe(false); // not stale yet
    clock.advance(2000);
    await settle();
    expect([frozen.isLeader(), other.isLeader()]).toEqual([false, true]);
    // the replaced tab waits in line again and leads when the new leader closes
    other.close();
    await settle();
    expect(frozen.isLeader()).toBe(true);
    frozen.close();
  });

  it('a live leader keeps its place: heartbeats hold followers off', async () => {
    const locks = new FakeLocks();
    const name = uniqueName();
    const clockA = new FakeClock();
    const a = createLeadership({ name, clock: clockA, locks, heartbeatMs: 1000, staleMs: 5000 });
    await settle();
    const clockB = new FakeClock();
    const b = createLeadership({ name, clock: clockB, locks, heartbeatMs: 1000, staleMs: 5000 });
    for (let i = 0; i < 20; i++) {
      clockA.advance(1000);
      await settle(2);
      clockB.advance(1000);
      await settle(2);
    }
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    a.close();
    b.close();
  });

  it('without navigator.locks every tab leads on its own', () => {
    const a = createLeadership({ name: uniqueName(), clock: new FakeClock(), locks: null });
    const b = createLeadership({ name: uniqueName(), clock: new FakeClock(), locks: null });
    expect([a.isLeader(), b.isLeader()]).toEqual([true, true]);
    a.close();
    b.close();
  });
});
