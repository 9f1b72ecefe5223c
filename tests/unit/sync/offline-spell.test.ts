// "Saved offline" is remembered in the store; a tab whose store writes are fenced off (another
// tab took the database: LeadershipLost) leaves that to the tab that syncs now, without an error
// in the console. Any other failure to remember is still logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLastSyncedAt, tasks } from '@/data';
import { createSyncStore } from '@/data/sync';
import { LeadershipLost } from '@/data/sync/meta';
import { createSyncEngine } from '@/sync/engine';
import { offlineSpell } from '@/sync/offline-spell';
import type { SyncStore } from '@/sync/ports';
import { freshDb } from '../data/helpers';
import { FakeClock, FakeEnvironment, runToIdle, ScriptedTransport, settle } from './fakes';

afterEach(() => {
  vi.restoreAllMocks();
});

function storeFailingWith(err: Error) {
  const writes: boolean[] = [];
  const store = {
    offlineSavedShown: async () => false,
    setOfflineSavedShown: async (shown: boolean) => {
      writes.push(shown);
      throw err;
    },
  } as unknown as SyncStore;
  return { store, writes };
}

describe('remembering the offline toast', () => {
  it('a fenced write (LeadershipLost) is expected: nothing is logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, writes } = storeFailingWith(new LeadershipLost());
    const said: string[] = [];
    const spell = offlineSpell(store, false, { canSay: () => true, say: () => said.push('offline-saved') });
    spell.restore();
    spell.enter();
    await settle();
    expect(said).toEqual(['offline-saved']);
    expect(writes).toEqual([true]);
    expect(error).not.toHaveBeenCalled();
  });

  it('any other failure is still logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = storeFailingWith(new Error('QuotaExceededError'));
    const spell = offlineSpell(store, false, { canSay: () => true, say: () => {} });
    spell.restore();
    spell.enter();
    await settle();
    expect(error).toHaveBeenCalledWith('could not remember the offline toast', expect.any(Error));
  });

  it('a tab another tab took the database from goes offline with an edit queued: no error', async () => {
    const { db, identity: me } = await freshDb();
    await setLastSyncedAt('2026-01-01T00:00:00.000Z', db);
    const clock = new FakeClock();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const oldEnv = new FakeEnvironment();
    const oldTab = createSyncEngine({ store: createSyncStore(db), transport: new ScriptedTransport(() => [me.inboxId]), clock, environment: oldEnv, random: () => 0.5 });
    oldTab.start();
    await runToIdle(oldTab, clock); // it claimed the database
    const newTab = createSyncEngine({ store: createSyncStore(db), transport: new ScriptedTransport(() => [me.inboxId]), clock, environment: new FakeEnvironment(), random: () => 0.5 });
    newTab.start();
    await runToIdle(newTab, clock); // and now this one has
    const events: string[] = [];
    oldTab.subscribe((e) => events.push(e.type));
    oldEnv.set('offline');
    await tasks.create({ title: 'Offline, in the old tab' }, db);
    await settle(20);
    expect(events).toContain('offline-saved');
    expect(error).not.toHaveBeenCalled();
    await oldTab.stop();
    await newTab.stop();
  });
});
