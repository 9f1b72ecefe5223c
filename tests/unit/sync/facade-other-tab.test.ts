// One tab's facade when another tab signs out or loses the session. The other tab's news (the
// auth client's SIGNED_OUT, sent over a BroadcastChannel) can reach this tab before its writes
// to localStorage do: in Chromium a removal sent before a broadcast is often seen after it. Here
// the device's storage and this tab's lagging view of it are kept apart to play that out.
import { beforeEach, expect, it, vi } from 'vitest';
import { getDb } from '@/data/db/database';
import { syncDatabases } from '@/data/sync';
import { createSync, type Sync } from '@/sync/facade';
import { soloLeadership } from '@/sync/leader';
import type { AuthPort, AuthSignal } from '@/sync/ports';
import { ACCOUNT_KEY } from '@/sync/stored-account';
import type { SyncEvent } from '@/sync/types';
import { FakeClock, FakeEnvironment, ScriptedTransport, settle } from './fakes';

const USER = { userId: 'user-1', email: 'ada@example.com' };

let device: Map<string, string>; // what every tab will see once the writes have arrived
let view: Map<string, string>; // what this tab sees now
let storageChanged: () => void;
let signal: (s: AuthSignal) => void;
let events: SyncEvent[];
let sync: Sync;

beforeEach(async () => {
  device = new Map();
  view = new Map();
  storageChanged = () => {};
  events = [];
  const auth: AuthPort = {
    signUp: async () => ({ ok: true, user: USER }),
    signIn: async () => ({ ok: true, user: USER }),
    signOut: async () => {},
    session: async () => USER,
    onSignal(listener) {
      signal = listener;
      return () => {};
    },
    transportFor: () => new ScriptedTransport(() => []),
  };
  sync = createSync({
    auth,
    databases: syncDatabases,
    // this tab's own writes reach its view and the device at once
    storage: {
      getItem: (key) => view.get(key) ?? null,
      setItem: (key, value) => {
        view.set(key, value);
        device.set(key, value);
      },
      removeItem: (key) => {
        view.delete(key);
        device.delete(key);
      },
    },
    watchAccount(onChange) {
      storageChanged = onChange;
      return () => {};
    },
    clock: new FakeClock(), // no run starts: nothing here is about what a run sends
    environment: new FakeEnvironment(),
    leadershipFor: () => soloLeadership(),
  });
  sync.subscribe((event) => events.push(event));
  await sync.signIn(USER.email, 'secret');
  expect(sync.getAccount().state).toBe('signed-in');
});

/** Another tab writes the account record; this tab sees it only when `arrive()` is called. */
function otherTabWrites(value: string | null): { arrive(): void } {
  if (value === null) device.delete(ACCOUNT_KEY);
  else device.set(ACCOUNT_KEY, value);
  return {
    arrive() {
      if (value === null) view.delete(ACCOUNT_KEY);
      else view.set(ACCOUNT_KEY, value);
      storageChanged();
    },
  };
}

it('signing out in another tab, heard before its storage arrives: this tab follows and nobody is remembered', async () => {
  const removal = otherTabWrites(null);
  signal({ type: 'session-lost', elsewhere: true });
  await settle();
  removal.arrive();
  await vi.waitFor(() => expect(sync.getAccount()).toEqual({ state: 'local' }));
  expect(sync.getStatus().status).toBe('local');
  expect(getDb().name).toBe('daybook-local');
  expect(events).not.toContainEqual({ type: 'expired' });
  // nothing brought the account back for the next start
  expect(device.has(ACCOUNT_KEY)).toBe(false);
});

it('signing out in another tab, heard after its storage arrived: this tab follows at once', async () => {
  const removal = otherTabWrites(null);
  view.delete(ACCOUNT_KEY); // arrived, but its storage event has not been handled yet
  signal({ type: 'session-lost', elsewhere: true });
  await vi.waitFor(() => expect(sync.getAccount()).toEqual({ state: 'local' }));
  removal.arrive(); // the storage event that follows changes nothing more
  await settle();
  expect(sync.getAccount()).toEqual({ state: 'local' });
  expect(events).not.toContainEqual({ type: 'expired' });
  expect(device.has(ACCOUNT_KEY)).toBe(false);
});

it("another tab's refresh refused: this tab pauses too once that tab's record arrives", async () => {
  const expiry = otherTabWrites(JSON.stringify({ ...USER, state: 'expired' }));
  signal({ type: 'session-lost', elsewhere: true });
  await settle();
  expiry.arrive();
  await vi.waitFor(() => expect(sync.getAccount()).toEqual({ ...USER, state: 'expired' }));
  expect(sync.getStatus()).toMatchObject({ status: 'waiting', account: { state: 'expired' } });
  expect(JSON.parse(device.get(ACCOUNT_KEY) ?? 'null')).toEqual({ ...USER, state: 'expired' });
});

it("this tab's own client losing the session is an expiry, remembered for the next start", async () => {
  signal({ type: 'session-lost', elsewhere: false });
  await settle();
  expect(sync.getAccount()).toEqual({ ...USER, state: 'expired' });
  expect(events).toContainEqual({ type: 'expired' });
  expect(JSON.parse(device.get(ACCOUNT_KEY) ?? 'null')).toEqual({ ...USER, state: 'expired' });
});

it('a tab whose session has expired follows a sign-out in another tab', async () => {
  signal({ type: 'session-lost', elsewhere: false });
  await settle();
  expect(sync.getAccount().state).toBe('expired');
  otherTabWrites(null).arrive();
  await vi.waitFor(() => expect(sync.getAccount()).toEqual({ state: 'local' }));
  expect(device.has(ACCOUNT_KEY)).toBe(false);
});
