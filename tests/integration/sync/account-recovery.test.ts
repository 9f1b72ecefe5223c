// SPEC §16 through the app's own layers (the sync facade over createBackend, supabase-js and the
// real server): a reset link signs in and moves the signed-out data into the account like any
// sign-in; "Sign out everywhere" ends the other sessions and signs this device out, and offline
// it is refused with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, openDatabase, setCurrentDatabase } from '@/data/db/database';
import { tasks } from '@/data/write';
import { linkIn, waitForMail } from '../../helpers/dev-mail';
import { rawRequest } from '../../helpers/raw-http';
import { appStorage, openApp, recordingFetch } from '../../helpers/sync-app';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pullAll } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('account recovery in the app on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('a reset link signs in through the facade, sets the new password and uploads what was made signed out', async () => {
    const u = await signUpUser(srv);
    getDb().close();
    const local = await openDatabase('daybook-local');
    setCurrentDatabase(local);
    await tasks.create({ title: 'Made before the reset' }, local);

    const app = await openApp(srv, appStorage());
    expect(await app.sync.requestPasswordReset(u.email)).toEqual({ ok: true });
    const link = linkIn((await waitForMail(srv.url, u.email))[0]!.text);
    const opened = await app.sync.openAuthLink(link.tokenHash, 'recovery');
    expect(opened).toMatchObject({ ok: true, account: { state: 'signed-in', userId: u.userId, email: u.email } });
    expect(await app.sync.changePassword('the new password')).toEqual({ ok: true });
    expect(await app.sync.changePassword('the new password')).toMatchObject({ ok: false, field: 'password' });
    await app.sync.syncNow();
    const pages = await pullAll(u.client, newId());
    expect(pages.flatMap((p) => p.tasks).map((t) => t.title)).toContain('Made before the reset');
    expect((await newClient(srv.url, srv.anonKey).auth.signInWithPassword({ email: u.email, password: 'the new password' })).error).toBeNull();
    // the link works once
    expect(await app.sync.openAuthLink(link.tokenHash, 'recovery')).toMatchObject({ ok: false, message: expect.stringContaining('expired') });
    await app.sync.signOut();
  });

  it('Sign out everywhere ends every session and signs this device out; offline it is refused and nothing changes', async () => {
    const u = await signUpUser(srv);
    const offline = { on: false };
    const recorded = recordingFetch((path) => (offline.on && path.startsWith('/auth/v1/logout') ? 'offline' : undefined));
    const app = await openApp(srv, appStorage(), { fetch: recorded.fetch });
    expect(await app.sync.signIn(u.email, u.password)).toMatchObject({ ok: true });
    const other = newClient(srv.url, srv.anonKey);
    const otherSession = (await other.auth.signInWithPassword({ email: u.email, password: u.password })).data.session!;

    offline.on = true;
    const refused = await app.sync.signOutEverywhere();
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("Can't reach the server") });
    expect(app.sync.getAccount()).toMatchObject({ state: 'signed-in', userId: u.userId });
    offline.on = false;

    expect(await app.sync.signOutEverywhere()).toEqual({ ok: true });
    expect(app.sync.getAccount()).toEqual({ state: 'local' });
    expect(recorded.calls.filter((c) => c.startsWith('POST /auth/v1/logout'))).toEqual([
      'POST /auth/v1/logout offline',
      // scope=others, then scope=global
      'POST /auth/v1/logout 204',
      'POST /auth/v1/logout 204',
    ]);
    const answer = await rawRequest(`${srv.url}/rest/v1/rpc/sync_pull`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, authorization: `Bearer ${otherSession.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_client_id: newId(), p_cursors: {} }),
    });
    expect(answer.status).toBe(401);
    expect(await srv.sql.query('select 1 from daybook_meta.sessions where user_id = $1', [u.userId])).toEqual([]);
  });
});
