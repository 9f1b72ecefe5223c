// Two engines on one database. When another tab takes leadership, the old
// tab's run must stop before its next write instead of writing pulls beside the new leader.
import { beforeEach, describe, expect, it } from 'vitest';
import { getCursors, type Identity, setLastSyncedAt, tasks } from '@/data';
import { createSyncStore } from '@/data/sync';
import type { DaybookDb } from '@/data/db/schema';
import type { PullResult } from '@/domain/model';
import { createSyncEngine } from '@/sync/engine';
import type { PullRequest, TransportOutcome } from '@/sync/ports';
import { freshDb } from '../data/helpers';
import { FakeClock, FakeEnvironment, runToIdle, ScriptedTransport, settle } from './fakes';

let db: DaybookDb;
let me: Identity;
let clock: FakeClock;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
  await setLastSyncedAt('2026-01-01T00:00:00.000Z', db);
  clock = new FakeClock();
});

/** A server whose pull answers wait until the test opens the gate, with a cursor for the Inbox. */
class GatedTransport extends ScriptedTransport {
  gate: Promise<void> | null = null;
  version = 1;
  override async pull(req: PullRequest): Promise<TransportOutcome<PullResult>> {
    const out = await super.pull(req);
    if (this.gate) await this.gate;
    if (out.kind !== 'ok') return out;
    return { kind: 'ok', value: { ...out.value, cursors: { [me.inboxId]: this.version++ } } };
  }
}

describe('two engines on one database', () => {
  it('a tab that lost leadership mid-run writes nothing more; the new leader syncs', async () => {
    const oldServer = new GatedTransport(() => [me.inboxId]);
    let open!: () => void;
    oldServer.gate = new Promise<void>((r) => (open = r));
    const oldTab = createSyncEngine({ store: createSyncStore(db), transport: oldServer, clock, environment: new FakeEnvironment(), random: () => 0.5 });
    oldTab.start();
    await settle();
    clock.advance(0);
    await settle(10);
    expect(oldServer.calls).toEqual(['pull']); // its first run waits for the pull's answer

    // another tab takes over leadership (here: it simply starts leading) and syncs
    const newServer = new GatedTransport(() => [me.inboxId]);
    newServer.version = 50;
    const newTab = createSyncEngine({ store: createSyncStore(db), transport: newServer, clock, environment: new FakeEnvironment(), random: () => 0.5 });
    newTab.start();
    await runToIdle(newTab, clock);
    expect((await getCursors(db))[me.inboxId]).toBe(50);

    // the old tab's answer arrives: it must not store it over the new leader's
    open();
    await settle(20);
    expect((await getCursors(db))[me.inboxId]).toBe(50);

    // and it runs no more: an edit is pushed by the new leader only
    await tasks.create({ title: 'After the takeover' }, db);
    await settle();
    clock.advance(1000);
    await runToIdle(newTab, clock);
    await settle(10);
    expect(newServer.received).toEqual([1]);
    expect(oldServer.received).toEqual([]);
    await oldTab.stop();
    await newTab.stop();
  });
});
