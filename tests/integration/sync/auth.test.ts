// Sessions and sync: 401 → refresh once → retry; a refresh lost to the network changes nothing;
// a refresh the server refuses pauses sync and keeps the queue until the same user signs in.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/data/db/database';
import { tasks } from '@/data/write';
import { AUTH_STORAGE_KEY } from '@/backend';
import { ACCOUNT_KEY } from '@/sync/stored-account';
import { appStorage, openApp, recordingFetch } from '../../helpers/sync-app';
import { deviceView } from '../../helpers/sync-device';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { pullAll } from '../../helpers/server-sync';

const titlesOnServer = async (client: Parameters<typeof pullAll>[0]) =>
  (await pullAll(client, crypto.randomUUID())).flatMap((p) => p.tasks).filter((t) => !t.deleted_at).map((t) => t.title).sort();

describe.each(SERVER_KINDS)('sessions on %s', (kind) => {
  let srv: TestServer;
  let shortLived: TestServer; // access tokens of 1 s: every request needs a refresh first
  beforeAll(async () => {
    [srv, shortLived] = await Promise.all([startTestServer(kind), startTestServer(kind, { accessTokenTtlSeconds: 1 })]);
  });
  afterAll(async () => {
    await srv?.stop();
    await shortLived?.stop();
  });

  it('401 → the session is refreshed once and the request sent again', async () => {
    const u = await signUpUser(srv);
    let broken = 0;
    const net = recordingFetch((path, headers) => {
      if (path.startsWith('/rest/v1/rpc/') && broken++ === 0) headers.set('Authorization', 'Bearer not-a-valid-jwt');
      return undefined;
    });
    const app = await openApp(srv, appStorage(), { fetch: net.fetch });
    expect(await app.sync.signIn(u.email, u.password)).toMatchObject({ ok: true, account: { state: 'signed-in', userId: u.userId } });
    await tasks.create({ title: 'After a 401' });
    await app.sync.syncNow();
    const rpc = net.calls.filter((c) => c.includes('/rest/') || c.includes('refresh_token'));
    expect(rpc.slice(0, 3)).toEqual([
      'POST /rest/v1/rpc/sync_push 401',
      'POST /auth/v1/token?grant_type=refresh_token 200',
      'POST /rest/v1/rpc/sync_push 200',
    ]);
    expect(await getDb().outbox.count()).toBe(0);
    expect(app.sync.getAccount().state).toBe('signed-in');
    expect(app.events.some((e) => e.type === 'expired')).toBe(false);
    expect(await titlesOnServer(u.client)).toEqual(['After a 401']);
    await app.sync.signOut();
  });

  it('a refresh the server refuses: sync pauses, the queue stays; signing in again resumes and sends it', async () => {
    const u = await signUpUser(shortLived);
    const storage = appStorage();
    const app = await openApp(shortLived, storage);
    await app.sync.signIn(u.email, u.password);
    await tasks.create({ title: 'Synced before' });
    await app.sync.syncNow();
    expect(await getDb().outbox.count()).toBe(0);
    // the session is revoked elsewhere (e.g. "sign out everywhere")
    await u.client.auth.signOut({ scope: 'global' });
    await new Promise((r) => setTimeout(r, 2100)); // a 1 s token lives 1–2 s (its exp rounds up)
    await tasks.create({ title: 'Queued while expired' });
    await app.sync.syncNow();
    // the refused refresh may reach the facade just after the run ends (auth's signal is async)
    await vi.waitFor(() => expect(app.sync.getAccount()).toMatchObject({ state: 'expired', userId: u.userId }), { timeout: 5000 });
    // ended on the server, not run out: the app goes to signing in (SPEC §16), keeping everything
    expect(app.events.some((e) => e.type === 'expired')).toBe(true);
    expect(app.sync.getAccount()).toMatchObject({ state: 'expired', revoked: true });
    expect(app.events).toContainEqual({ type: 'session-revoked', email: u.email });
    expect(app.sync.getStatus()).toMatchObject({ status: 'waiting', pending: 1 });
    // paused: nothing is sent, nothing is dropped
    const sent = app.transport().log.length;
    await tasks.create({ title: 'Also queued' });
    await app.sync.syncNow();
    expect(app.transport().log.length).toBe(sent);
    expect(await getDb().outbox.count()).toBe(2);
    // a reload keeps the expired state and the data
    await app.sync.stop();
    const reloaded = await openApp(shortLived, storage);
    expect(reloaded.sync.getAccount().state).toBe('expired');
    expect(await getDb().outbox.count()).toBe(2);
    // the same user signs in again: the queue goes out
    expect(await reloaded.sync.signIn(u.email, u.password)).toMatchObject({ ok: true });
    await reloaded.sync.syncNow();
    expect(await getDb().outbox.count()).toBe(0);
    expect(reloaded.sync.getStatus()).toMatchObject({ status: 'synced', account: { state: 'signed-in' } });
    const fresh = await signInClient(shortLived, u);
    expect(await titlesOnServer(fresh)).toEqual(['Also queued', 'Queued while expired', 'Synced before']);
    await reloaded.sync.signOut();
  });

  it("signing out deletes this user's data from the device; the next user never sees it", async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const app = await openApp(srv, appStorage());
    await app.sync.signIn(a.email, a.password);
    await tasks.create({ title: "A's secret" });
    expect(await app.sync.pendingCount()).toBe(1);
    await app.sync.syncNow();
    const name = getDb().name;
    expect(await app.backend.session()).toMatchObject({ userId: a.userId });
    await app.sync.signOut();
    expect(await app.backend.session()).toBeNull();
    expect(app.sync.getAccount()).toEqual({ state: 'local' });
    expect(getDb().name).toBe('daybook-local');
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
    await app.sync.signIn(b.email, b.password);
    await app.sync.syncNow();
    expect((await deviceView(getDb())).tasks).toEqual([]);
    await app.sync.signOut();
  });

  it('signing out forgets the account before the session goes, so other tabs follow instead of calling it expired', async () => {
    const u = await signUpUser(srv);
    const storage = appStorage();
    // Other tabs hear of a sign-out when the session leaves storage; note who is remembered then.
    const rememberedWhenSessionWent: (string | null)[] = [];
    const removeItem = storage.session.removeItem.bind(storage.session);
    storage.session.removeItem = (key) => {
      if (key === AUTH_STORAGE_KEY) rememberedWhenSessionWent.push(storage.account.getItem(ACCOUNT_KEY));
      return removeItem(key);
    };
    const app = await openApp(srv, storage);
    await app.sync.signIn(u.email, u.password);
    await app.sync.syncNow();
    expect(storage.account.getItem(ACCOUNT_KEY)).toContain(u.userId);
    await app.sync.signOut();
    expect(rememberedWhenSessionWent).toEqual([null]);
    expect(app.events.some((e) => e.type === 'expired')).toBe(false);
  });

  it('sign-in errors come back as messages for the form', async () => {
    const u = await signUpUser(srv);
    const app = await openApp(srv, appStorage());
    expect(await app.sync.signIn(u.email, 'wrong password')).toEqual({ ok: false, message: 'Wrong e-mail or password', field: 'password' });
    expect(await app.sync.signUp(u.email, 'whatever1')).toEqual({ ok: false, message: 'An account already uses that e-mail', field: 'email' });
    expect(await app.sync.signUp(`x-${crypto.randomUUID()}@example.test`, '123')).toEqual({
      ok: false,
      message: 'Password must be at least 6 characters',
      field: 'password',
    });
    expect(app.sync.getAccount()).toEqual({ state: 'local' });
  });
});

// Token expiry is the auth server's business, not the database's: this runs once, on PGlite.
describe('an access token expiring offline', () => {
  let shortLived: TestServer;
  beforeAll(async () => {
    shortLived = await startTestServer('pglite', { accessTokenTtlSeconds: 1 });
  });
  afterAll(() => shortLived?.stop());

  it(
    'an access token expiring while offline signs nobody out; back online, sync resumes on its own session',
    async () => {
      const u = await signUpUser(shortLived);
      let offline = false;
      const net = recordingFetch(() => (offline ? 'offline' : undefined));
      const storage = appStorage();
      const app = await openApp(shortLived, storage, { fetch: net.fetch });
      await app.sync.signIn(u.email, u.password);
      await app.sync.syncNow();
      offline = true;
      await new Promise((r) => setTimeout(r, 2100)); // the access token (1–2 s) expires
      await tasks.create({ title: 'Written offline' });
      await app.sync.syncNow(); // auth-js retries the refresh for ~25 s, then gives up: a network failure
      expect(net.calls.some((c) => c.includes('/auth/v1/token') && c.endsWith('offline'))).toBe(true);
      expect(app.sync.getAccount().state).toBe('signed-in');
      expect(app.sync.getStatus()).toMatchObject({ status: 'offline', pending: 1 });
      expect(app.events.some((e) => e.type === 'expired' || (e.type === 'account' && e.account.state !== 'signed-in'))).toBe(false);
      expect(await storage.session.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
      expect(await app.backend.session()).toEqual({ userId: u.userId, email: u.email });
      offline = false;
      await app.sync.syncNow();
      expect(await getDb().outbox.count()).toBe(0);
      expect(app.events).toContainEqual({ type: 'synced', count: 1, afterOffline: true });
      expect((await deviceView(getDb())).tasks.map((t) => t.title)).toEqual(['Written offline']);
      await app.sync.signOut();
    },
    60_000,
  );

});

async function signInClient(server: TestServer, u: { email: string; password: string }) {
  const { newClient } = await import('../../helpers/server');
  const client = newClient(server.url, server.anonKey);
  const { error } = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw error;
  return client;
}
