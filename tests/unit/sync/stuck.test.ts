// One change that keeps failing must not hide the rest of the queue. The pure
// rule (stuck.ts) and the engine following it over a server that fails one change for ever.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, setLastSyncedAt, tasks } from '@/data';
import { createSyncStore } from '@/data/sync';
import type { DaybookDb } from '@/data/db/schema';
import type { PushResult } from '@/domain/model';
import { createSyncEngine } from '@/sync/engine';
import type { PushRequest, TransportOutcome } from '@/sync/ports';
import { initialStuck, pushFailed, pushSucceeded, REFUSE_AFTER, type StuckState } from '@/sync/stuck';
import { freshDb } from '../data/helpers';
import { FakeClock, FakeEnvironment, runToIdle, ScriptedTransport, serverDown, settle } from './fakes';

describe('the rule', () => {
  it('a failure while the server does not answer pulls counts for nothing (an outage, not this change)', () => {
    expect(pushFailed(initialStuck(), 7, 200, false)).toEqual({ state: initialStuck(), action: 'retry' });
  });
  it('halves the batch on each failure until the change stands alone, then refuses it after a few more', () => {
    let s = initialStuck();
    const sizes: number[] = [];
    let action = 'retry';
    let size = 200;
    for (let i = 0; i < 20 && action === 'retry'; i++) {
      const v = pushFailed(s, 7, size, true);
      s = v.state;
      action = v.action;
      sizes.push(size);
      size = s.limit ?? size;
    }
    expect(action).toBe('refuse');
    expect(sizes).toEqual([200, 100, 50, 25, 12, 6, 3, ...Array<number>(REFUSE_AFTER).fill(1)]);
  });
  it('a success lets the batch grow back to the normal size', () => {
    let s: StuckState = { headId: 7, failures: 2, limit: 25 };
    s = pushSucceeded(s, 200);
    expect(s.limit).toBe(50);
    s = pushSucceeded(pushSucceeded(s, 200), 200);
    expect(s.limit).toBeNull();
  });
});

/** A server that answers every request but cannot apply change `bad` (its push times out, 503). */
class OneBadChange extends ScriptedTransport {
  constructor(
    lists: () => string[],
    private readonly bad: number,
  ) {
    super(lists);
  }
  override async push(req: PushRequest): Promise<TransportOutcome<PushResult>> {
    if (req.mutations.some((m) => m.id === this.bad)) {
      this.calls.push('push');
      return { ...serverDown, message: 'canceling statement due to statement timeout' };
    }
    return super.push(req);
  }
}

describe('a change the server keeps failing on', () => {
  let db: DaybookDb;
  let me: Identity;
  beforeEach(async () => {
    ({ db, identity: me } = await freshDb());
    await setLastSyncedAt('2026-01-01T00:00:00.000Z', db);
  });

  it('is refused on the device with the server’s reason after a few runs, and the rest of the queue syncs', async () => {
    for (let i = 1; i <= 9; i++) await tasks.create({ title: `Task ${i}` }, db);
    const server = new OneBadChange(() => [me.inboxId], 4);
    const clock = new FakeClock();
    const engine = createSyncEngine({ store: createSyncStore(db), transport: server, clock, environment: new FakeEnvironment(), random: () => 0.5 });
    engine.start();
    for (let round = 0; round < 20 && (await db.outbox.count()) > 0; round++) {
      await runToIdle(engine, clock);
      clock.advance(6 * 60_000); // past any backoff
      await settle();
    }
    await runToIdle(engine, clock);
    expect(await db.outbox.count()).toBe(0);
    expect(server.received.sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
    const refused = await db.refused.toArray();
    expect(refused.map((r) => r.id)).toEqual([4]);
    expect(refused[0]!.error.message).toBe('The server keeps failing on this change: canceling statement due to statement timeout');
    await engine.stop();
  });

  it('is kept and retried while the server is down for everything (an outage refuses nothing)', async () => {
    await tasks.create({ title: 'Waits out the outage' }, db);
    const server = new ScriptedTransport(() => [me.inboxId]);
    server.always = serverDown;
    const clock = new FakeClock();
    const engine = createSyncEngine({ store: createSyncStore(db), transport: server, clock, environment: new FakeEnvironment(), random: () => 0.5 });
    engine.start();
    for (let round = 0; round < 10; round++) {
      await runToIdle(engine, clock);
      clock.advance(6 * 60_000);
      await settle();
    }
    expect(await db.outbox.count()).toBe(1);
    expect(await db.refused.count()).toBe(0);
    await engine.stop();
  });
});

/** A server that took change 1 before (its answer was lost) and refused it then. */
class RefusedBefore extends ScriptedTransport {
  override async push(req: PushRequest): Promise<TransportOutcome<PushResult>> {
    this.calls.push('push');
    this.lastMutationId = Math.max(this.lastMutationId, ...req.mutations.map((m) => m.id));
    const error = { code: 'forbidden' as const, message: 'You can only view this list' };
    return { kind: 'ok', value: { last_mutation_id: this.lastMutationId, results: req.mutations.map((m) => ({ id: m.id, status: 'duplicate' as const, first_status: 'refused' as const, error })) } };
  }
}

describe('a replay answered with its first answer', () => {
  it('a change whose refusal was lost is refused on the device when its replay says so, not dropped', async () => {
    const { db, identity } = await freshDb();
    await setLastSyncedAt('2026-01-01T00:00:00.000Z', db);
    await tasks.create({ title: 'Refused the first time' }, db);
    const clock = new FakeClock();
    const engine = createSyncEngine({ store: createSyncStore(db), transport: new RefusedBefore(() => [identity.inboxId]), clock, environment: new FakeEnvironment(), random: () => 0.5 });
    engine.start();
    await runToIdle(engine, clock);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.refused.toArray()).map((r) => [r.id, r.error.code])).toEqual([[1, 'forbidden']]);
    await engine.stop();
  });
});
