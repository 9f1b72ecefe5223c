// "Sign out everywhere" reaching another device (SPEC §16), through the app's own layers (the sync
// facade over createBackend, supabase-js and the real server) on PGlite and PostgreSQL 15: the
// other device's next sync is refused as revoked (GoTrue's refresh_token_not_found), so the app goes
// to signing in with the account's database and queue kept, and the queued change reaches the
// server once the same person signs in again. Both ways supabase-js can learn it: the transport's
// own refresh after a 401, and supabase-js dropping a session whose access token had run out (as on
// hosted Supabase, where PostgREST checks only the token) with nothing but SIGNED_OUT to say so.
// A session past its `[auth.sessions]` time box is refused `session_expired`: an expiry, the banner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/data/db/database';
import { tasks } from '@/data/write';
import { AUTH_STORAGE_KEY } from '@/backend';
import { appStorage, openApp } from '../../helpers/sync-app';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pullAll } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('a session ended everywhere on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function signedOutEverywhere(email: string, password: string) {
    const other = newClient(srv.url, srv.anonKey);
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
  }

  async function titlesOnServer(email: string, password: string) {
    const reader = newClient(srv.url, srv.anonKey);
    await reader.auth.signInWithPassword({ email, password });
    return (await pullAll(reader, newId())).flatMap((p) => p.tasks).map((t) => t.title);
  }

  for (const way of ['the next sync’s refresh', 'supabase-js dropping a run-out session'] as const) {
    it(`is learnt from ${way}: to signing in, the queue kept, and sent after signing in again`, async () => {
      const u = await signUpUser(srv);
      const storage = appStorage();
      const app = await openApp(srv, storage);
      expect(await app.sync.signIn(u.email, u.password)).toMatchObject({ ok: true });
      await app.sync.syncNow();
      await tasks.create({ title: 'Written after being signed out elsewhere' }, getDb());
      await signedOutEverywhere(u.email, u.password);

      if (way === 'supabase-js dropping a run-out session') {
        const session = JSON.parse((await storage.session.getItem(AUTH_STORAGE_KEY))!) as { expires_at: number };
        await storage.session.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
        // supabase-js's own refresh (its background timer in a browser), before any sync
        expect((await app.backend.supabase.auth.getSession()).data.session).toBeNull();
      } else await app.sync.syncNow();
      await expect.poll(() => app.sync.getAccount()).toEqual({ state: 'expired', userId: u.userId, email: u.email, revoked: true });
      expect(app.events).toContainEqual({ type: 'session-revoked', email: u.email });
      expect(app.events.filter((e) => e.type === 'account-deleted')).toEqual([]);
      expect(getDb().name).toBe(`daybook-${u.userId}`);
      expect(await app.sync.pendingCount()).toBe(1);
      expect(await titlesOnServer(u.email, u.password)).toEqual([]);

      expect(await app.sync.signIn(u.email, u.password)).toMatchObject({ ok: true, account: { state: 'signed-in', userId: u.userId } });
      await app.sync.syncNow();
      expect(await app.sync.pendingCount()).toBe(0);
      expect(await titlesOnServer(u.email, u.password)).toEqual(['Written after being signed out elsewhere']);
      await app.sync.signOut();
    });
  }

  it('a session past its time box merely expired: the banner, not sign-in, and the queue kept', async () => {
    let offset = 0;
    const boxed = await startTestServer(kind, { authClock: () => Date.now() + offset, sessionLimits: { timeboxMs: 3_600_000, inactivityMs: null } });
    try {
      const u = await signUpUser(boxed);
      const storage = appStorage();
      const app = await openApp(boxed, storage);
      expect(await app.sync.signIn(u.email, u.password)).toMatchObject({ ok: true });
      await tasks.create({ title: 'Written before the session ran out' }, getDb());
      // an hour and a minute on, the access token has run out and the refresh is refused session_expired
      offset = 3_660_000;
      const session = JSON.parse((await storage.session.getItem(AUTH_STORAGE_KEY))!) as { expires_at: number };
      await storage.session.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 }));
      await app.sync.syncNow();
      await expect.poll(() => app.sync.getAccount()).toEqual({ state: 'expired', userId: u.userId, email: u.email });
      expect(app.events.filter((e) => e.type === 'session-revoked')).toEqual([]);
      expect(await app.sync.pendingCount()).toBe(1);
      offset = 0;
      expect(await app.sync.signIn(u.email, u.password)).toMatchObject({ ok: true });
      await app.sync.syncNow();
      expect(await app.sync.pendingCount()).toBe(0);
      await app.sync.signOut();
    } finally {
      await boxed.stop();
    }
  });
});
