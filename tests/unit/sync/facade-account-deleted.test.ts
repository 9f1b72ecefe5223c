// A refused session is a deleted account only when the server says so (account_deleted): then the
// account's database and remembered session go from this device, as at a sign-out. An expired
// session (or one ended everywhere) keeps everything; so does a device that can't ask.
import { beforeEach, expect, it, vi } from 'vitest';
import { getDb } from '@/data/db/database';
import { syncDatabases } from '@/data/sync';
import { createSync, type Sync } from '@/sync/facade';
import { soloLeadership } from '@/sync/leader';
import type { AuthPort, AuthSignal } from '@/sync/ports';
import { ACCOUNT_KEY } from '@/sync/stored-account';
import type { SyncEvent } from '@/sync/types';
import { FakeClock, FakeEnvironment, ScriptedTransport, settle } from './fakes';

const USER = { userId: 'user-del', email: 'ada@example.com' };

let stored: Map<string, string>;
let signal: (s: AuthSignal) => void;
let events: SyncEvent[];
let deleted: boolean | null;
let sync: Sync;
let auth: AuthPort;

beforeEach(async () => {
  stored = new Map();
  events = [];
  deleted = false;
  auth = {
    signUp: async () => ({ ok: true, user: USER }),
    signIn: async () => ({ ok: true, user: USER }),
    signOut: vi.fn(async () => {}),
    session: async () => USER,
    onSignal(listener) {
      signal = listener;
      return () => {};
    },
    transportFor: () => new ScriptedTransport(() => []),
    accountDeleted: vi.fn(async () => deleted),
    deleteAccount: vi.fn(async () => ({ ok: true as const })),
  };
  sync = createSync({
    auth,
    databases: syncDatabases,
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v), removeItem: (k) => void stored.delete(k) },
    watchAccount: () => () => {},
    clock: new FakeClock(),
    environment: new FakeEnvironment(),
    leadershipFor: () => soloLeadership(),
  });
  sync.subscribe((event) => events.push(event));
  await sync.signIn(USER.email, 'secret');
  expect(getDb().name).toBe(`daybook-${USER.userId}`);
});

const databaseExists = async (name: string) => (await indexedDB.databases()).some((d) => d.name === name);

it('a refused session of a deleted account: its data leaves the device and the app is signed out', async () => {
  deleted = true;
  signal({ type: 'session-lost', elsewhere: false });
  await vi.waitFor(() => expect(sync.getAccount()).toEqual({ state: 'local' }));
  await vi.waitFor(async () => expect(await databaseExists(`daybook-${USER.userId}`)).toBe(false));
  expect(getDb().name).toBe('daybook-local');
  expect(stored.has(ACCOUNT_KEY)).toBe(false);
  expect(auth.signOut).toHaveBeenCalled();
  expect(events).toContainEqual({ type: 'account-deleted' });
});

it('an expired session keeps everything, and so does one the server cannot be asked about', async () => {
  for (const answer of [false, null]) {
    deleted = answer;
    signal({ type: 'session-lost', elsewhere: false });
    await settle();
    expect(sync.getAccount()).toEqual({ ...USER, state: 'expired' });
    expect(getDb().name).toBe(`daybook-${USER.userId}`);
    expect(events).not.toContainEqual({ type: 'account-deleted' });
  }
});

it('deleting the account here removes its data from the device once the server has deleted it', async () => {
  const answer = await sync.deleteAccount();
  expect(answer).toEqual({ ok: true });
  expect(sync.getAccount()).toEqual({ state: 'local' });
  expect(await databaseExists(`daybook-${USER.userId}`)).toBe(false);
  expect(events).toContainEqual({ type: 'account-deleted' });
});

it('a deletion the server refuses (offline) changes nothing here', async () => {
  auth.deleteAccount = vi.fn(async () => ({ ok: false as const, message: 'offline' }));
  expect(await sync.deleteAccount()).toEqual({ ok: false, message: 'offline' });
  expect(sync.getAccount()).toMatchObject({ state: 'signed-in', userId: USER.userId });
  expect(getDb().name).toBe(`daybook-${USER.userId}`);
});
