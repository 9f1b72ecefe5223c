// The pull progress in the engine's status: asked for on a run's first page only, one snapshot
// per stored page (the same object in between), null when one page holds everything, cleared
// when the run ends or fails, and mirrored by a follower tab.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '@/data';
import { createSyncStore } from '@/data/sync';
import type { DaybookDb } from '@/data/db/schema';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import { createLeadership } from '@/sync/leader';
import type { PullRequest } from '@/sync/ports';
import type { EngineStatus } from '@/sync/types';
import { freshDb } from '../data/helpers';
import { FakeClock, FakeEnvironment, FakeLocks, noNetwork, PagingServer, serverDown, runToIdle, settle } from './fakes';


/** The paging server, noting the engine's status at each pull request. */
class ProgressServer extends PagingServer {
  /** Seen by the engine at each pull request: its status then. */
  seen: EngineStatus[] = [];
  engine: SyncEngine | null = null;
  override async pull(req: PullRequest) {
    if (this.engine) this.seen.push(this.engine.getStatus());
    return super.pull(req);
  }
}

let db: DaybookDb;
let me: Identity;
let clock: FakeClock;
let env: FakeEnvironment;

beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
  clock = new FakeClock();
  env = new FakeEnvironment();
});

function engineFor(server: ProgressServer, extra: Partial<Parameters<typeof createSyncEngine>[0]> = {}) {
  const e = createSyncEngine({ store: createSyncStore(db), transport: server, clock, environment: env, random: () => 0.5, pullLimit: 10, ...extra });
  server.engine = e;
  const statuses: EngineStatus[] = [];
  e.subscribe((ev) => {
    if (ev.type === 'status') statuses.push(e.getStatus());
  });
  return { e, statuses };
}

const idle = (e: SyncEngine) => runToIdle(e, clock);

describe('pull progress in the status', () => {
  it('a backlog of several pages: counted on the first page only, one snapshot per stored page, cleared at the end', async () => {
    const server = new ProgressServer(me.inboxId, 35);
    const { e, statuses } = engineFor(server);
    e.start();
    await idle(e);

    expect(server.pulls.map((p) => p.count ?? false)).toEqual([true, false, false, false]);
    // what the engine said while it asked for each next page: one page behind, since the next
    // page is asked for while the one before it is stored (src/sync/pull-pages.ts)
    expect(server.seen.map((s) => s.pull)).toEqual([null, null, { received: 10, total: 35 }, { received: 20, total: 35 }]);
    expect(server.seen.every((s) => s.status === 'syncing')).toBe(true);
    // every page changed the snapshot once; the run's end cleared it
    const progress = statuses.map((s) => s.pull);
    expect(progress.filter((p) => p !== null)).toEqual([
      { received: 10, total: 35 },
      { received: 20, total: 35 },
      { received: 30, total: 35 },
      { received: 35, total: 35 },
    ]);
    expect(e.getStatus()).toMatchObject({ status: 'synced', pull: null });
    expect(await db.tasks.count()).toBe(35);
    await e.stop();
  });

  it('getStatus() is the same object between pages', async () => {
    const server = new ProgressServer(me.inboxId, 25);
    let open!: () => void;
    server.gates.set(2, new Promise<void>((r) => (open = r)));
    const { e } = engineFor(server);
    e.start();
    await settle();
    clock.advance(0);
    await vi.waitFor(() => expect(server.pulls).toHaveLength(3));
    await settle();
    const a = e.getStatus();
    expect(a.pull).toEqual({ received: 20, total: 25 });
    expect(e.getStatus()).toBe(a);
    expect(e.getStatus().pull).toBe(a.pull);
    open();
    await idle(e);
    expect(e.getStatus().pull).toBeNull();
    await e.stop();
  });

  it('one page holds everything: no progress at any point', async () => {
    const server = new ProgressServer(me.inboxId, 10);
    const { e, statuses } = engineFor(server);
    e.start();
    await idle(e);
    expect(server.pulls.map((p) => p.count)).toEqual([true]);
    expect(statuses.every((s) => s.pull === null)).toBe(true);
    await e.stop();
  });

  it('a pull that fails half-way clears the progress; the next run counts what is left afresh', async () => {
    const server = new ProgressServer(me.inboxId, 35);
    server.fail.set(2, noNetwork);
    const { e } = engineFor(server);
    e.start();
    await idle(e);
    expect(e.getStatus()).toMatchObject({ status: 'offline', pull: null });
    expect(await db.tasks.count()).toBe(20);

    server.seen = [];
    env.set('online');
    await idle(e);
    expect(server.pulls.slice(3).map((p) => p.count ?? false)).toEqual([true, false]);
    expect(server.seen.map((s) => s.pull)).toEqual([null, null]); // the second page was asked for while the first was stored
    expect(e.getStatus()).toMatchObject({ status: 'synced', pull: null });
    expect(await db.tasks.count()).toBe(35);
    await e.stop();
  });

  it('a follower tab mirrors the leader’s progress', async () => {
    const locks = new FakeLocks();
    const server = new ProgressServer(me.inboxId, 35);
    let open!: () => void;
    server.gates.set(2, new Promise<void>((r) => (open = r)));
    const { e: lead } = engineFor(server, { leadership: createLeadership({ name: `p-${me.clientId}`, clock, locks }) });
    lead.start();
    const follower = createSyncEngine({
      store: createSyncStore(db),
      transport: new ProgressServer(me.inboxId, 0),
      clock,
      environment: env,
      leadership: createLeadership({ name: `p-${me.clientId}`, clock, locks }),
    });
    follower.start();
    await settle();
    clock.advance(0);
    await vi.waitFor(() => expect(follower.getStatus()).toMatchObject({ leader: false, status: 'syncing', pull: { received: 20, total: 35 } }));
    open();
    await idle(lead);
    await vi.waitFor(() => expect(follower.getStatus()).toMatchObject({ status: 'synced', pull: null }));
    await follower.stop();
    await lead.stop();
  });
});

describe('a new device before its first sync', () => {
  it('says "syncing" from the start until everything is stored — never "synced" over an empty database', async () => {
    const server = new ProgressServer(me.inboxId, 25);
    const { e, statuses } = engineFor(server);
    const counted: number[] = [];
    e.subscribe((ev) => {
      if (ev.type === 'status' && ev.status === 'synced') void db.tasks.count().then((n) => counted.push(n));
    });
    e.start();
    await settle();
    // the outbox is counted (nothing queued) and the run at start has not begun
    expect(e.getStatus().status).toBe('syncing');
    clock.advance(0);
    await idle(e);
    expect(statuses.slice(0, -1).every((s) => s.status === 'syncing')).toBe(true);
    expect(e.getStatus()).toMatchObject({ status: 'synced', pull: null });
    await vi.waitFor(() => expect(counted).toEqual([25]));
    await e.stop();
  });

  it('a failed first run leaves it "syncing" (retrying), not "synced"; the retry that succeeds says "synced"', async () => {
    const server = new ProgressServer(me.inboxId, 5);
    server.fail.set(0, serverDown);
    const { e } = engineFor(server);
    e.start();
    await settle();
    clock.advance(0);
    await vi.waitFor(() => expect(server.pulls).toHaveLength(1));
    await settle();
    expect(e.getStatus()).toMatchObject({ status: 'syncing', lastSyncedAt: null });
    expect(await db.tasks.count()).toBe(0);
    clock.advance(1_000); // the first backoff (1 s, jitter 0.5 → 1 s)
    await idle(e);
    expect(server.pulls).toHaveLength(2);
    expect(e.getStatus().status).toBe('synced');
    expect(await db.tasks.count()).toBe(5);
    await e.stop();
  });
});
