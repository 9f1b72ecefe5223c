// A session the server ended (signed out everywhere, SPEC §16) sends the app to signing in, as any
// sign-out does, but keeps the account's database: the change not yet synced waits, and goes once
// the same person signs in again. A session that merely expired keeps the banner (no event).
import { beforeEach, expect, it, vi } from 'vitest';
import { getDb } from '@/data/db/database';
import { syncDatabases } from '@/data/sync';
import { tasks } from '@/data/write';
import { createSync, type Sync } from '@/sync/facade';
import { soloLeadership } from '@/sync/leader';
import type { AuthPort, AuthSignal } from '@/sync/ports';
import { ACCOUNT_KEY, readStoredAccount } from '@/sync/stored-account';
import type { SyncEvent } from '@/sync/types';
import { FakeClock, FakeEnvironment, ScriptedTransport, settle } from './fakes';

const USER = { userId: 'user-rev', email: 'grace@example.com' };

let stored: Map<string, string>;
let signal: (s: AuthSignal) => void;
let events: SyncEvent[];
let sync: Sync;
let auth: AuthPort;
let transport: ScriptedTransport;
const storage = () => ({ getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) });

beforeEach(async () => {
  stored = new Map();
  events = [];
  transport = new ScriptedTransport(() => [USER.userId]);
  auth = {
    signUp: async () => ({ ok: true, user: USER }),
    signIn: async () => ({ ok: true, user: USER }),
    signOut: vi.fn(async () => {}),
    session: async () => USER,
    onSignal(listener) {
      signal = listener;
      return () => {};
    },
    transportFor: () => transport,
    accountDeleted: vi.fn(async () => false),
  };
  sync = createSync({
    auth,
    databases: syncDatabases,
    storage: storage(),
    watchAccount: () => () => {},
    clock: new FakeClock(),
    environment: new FakeEnvironment(),
    leadershipFor: () => soloLeadership(),
  });
  sync.subscribe((event) => events.push(event));
  await sync.signIn(USER.email, 'secret');
  await sync.syncNow();
});

it('a sync refused as revoked: to signing in, the queue kept, and sent once the same person signs in', async () => {
  transport.always = { kind: 'unauthorized', message: 'Invalid Refresh Token: Refresh Token Not Found', revoked: true };
  await tasks.create({ title: 'Written after being signed out elsewhere' }, getDb());
  await sync.syncNow();
  await settle();
  expect(sync.getAccount()).toEqual({ ...USER, state: 'expired', revoked: true });
  expect(events).toContainEqual({ type: 'session-revoked', email: USER.email });
  // remembered so across a reload, and nothing of the account has left the device
  expect(readStoredAccount(storage())).toEqual({ ...USER, state: 'expired', revoked: true });
  expect(stored.has(ACCOUNT_KEY)).toBe(true);
  expect(getDb().name).toBe(`daybook-${USER.userId}`);
  expect(await sync.pendingCount()).toBe(1);
  expect(auth.signOut).not.toHaveBeenCalled();

  transport.always = null;
  const pushed = transport.received.length;
  expect(await sync.signIn(USER.email, 'secret')).toMatchObject({ ok: true, account: { state: 'signed-in', userId: USER.userId } });
  expect(sync.getAccount()).toEqual({ ...USER, state: 'signed-in' });
  await sync.syncNow();
  await vi.waitFor(async () => expect(await sync.pendingCount()).toBe(0));
  expect(transport.received.length).toBe(pushed + 1);
});

it('supabase-js signing out on a refresh refused as revoked does the same', async () => {
  signal({ type: 'session-lost', elsewhere: false, revoked: true });
  await settle();
  expect(sync.getAccount()).toEqual({ ...USER, state: 'expired', revoked: true });
  expect(events).toContainEqual({ type: 'session-revoked', email: USER.email });
});

it('a session that merely expired keeps the banner: no revoked mark, no going to sign in', async () => {
  transport.always = { kind: 'unauthorized', message: 'Invalid Refresh Token: Session Expired' };
  await tasks.create({ title: 'Written while expired' }, getDb());
  await sync.syncNow();
  await settle();
  signal({ type: 'session-lost', elsewhere: false });
  await settle();
  expect(sync.getAccount()).toEqual({ ...USER, state: 'expired' });
  expect(events.filter((e) => e.type === 'session-revoked')).toEqual([]);
  expect(await sync.pendingCount()).toBe(1);
});

it('another tab that learnt of the revocation is followed, to signing in too', async () => {
  // that tab remembered the account as revoked, then its client's SIGNED_OUT was repeated here
  stored.set(ACCOUNT_KEY, JSON.stringify({ ...USER, state: 'expired', revoked: true }));
  signal({ type: 'session-lost', elsewhere: true });
  await settle();
  expect(sync.getAccount()).toEqual({ ...USER, state: 'expired', revoked: true });
  expect(events).toContainEqual({ type: 'session-revoked', email: USER.email });
  expect(await sync.pendingCount()).toBe(0);
  expect(getDb().name).toBe(`daybook-${USER.userId}`);
});
