// Several server processes on one PostgreSQL (SPEC §15), as machines behind a load balancer run
// them: two child processes, each with a data folder of its own, sharing only the database. A
// device's session and socket may land on either: both sign and check with the database's keys,
// a push through one pokes a socket held by the other (NOTIFY at commit reaches every
// process's listener), and the sign-in throttle counts in the database, so the two share one
// limit exactly.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileKeys } from '../../../server/keys.ts';
import { postAuth } from '../../helpers/raw-http';
import { listen } from '../../helpers/realtime';
import { newClient, signUpUser, type TestUser } from '../../helpers/server';
import { freshDatabase, type ServerProcess, startServerProcess } from '../../helpers/server-process';
import { newId, pushOk, taskCreate } from '../../helpers/server-sync';

describe.skipIf(!process.env.TEST_PG_URL)('two server processes on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    db = await freshDatabase();
    // started together on the empty database: one migrates and makes the keys, the other waits
    [a, b] = await Promise.all([startServerProcess(db.url), startServerProcess(db.url)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  /** The same account's session, taken to the other process (a balancer sends its next call there). */
  async function sameSessionOn(srv: ServerProcess, user: TestUser) {
    const client = newClient(srv.url, a.anonKey);
    const { error } = await client.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken });
    if (error) throw new Error(`the session from the other process was refused: ${error.message}`);
    return client;
  }

  it('serve one anon key and one VAPID key, and accept each other’s sessions', async () => {
    expect(b.anonKey).toBe(a.anonKey);
    expect(b.vapidPublicKey).toBe(a.vapidPublicKey);
    const alice = await signUpUser(a);
    const onB = await sameSessionOn(b, alice);
    const { data, error } = await onB.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(alice.userId);
  });

  it('a push through one process pokes a device whose socket is on the other, both ways', async () => {
    const alice = await signUpUser(a);
    const bob = await signUpUser(b);
    const aliceSocketOnB = listen(await sameSessionOn(b, alice), alice.userId);
    const bobSocketOnA = listen(await sameSessionOn(a, bob), bob.userId);
    await vi.waitFor(() => {
      expect(aliceSocketOnB.statuses).toEqual(['SUBSCRIBED']);
      expect(bobSocketOnA.statuses).toEqual(['SUBSCRIBED']);
    });
    const aliceDevice = newId();
    await pushOk(alice.client, aliceDevice, [taskCreate(1, newId(), alice.userId, 'through A')]);
    await vi.waitFor(() => expect(aliceSocketOnB.pokes).toEqual([{ list_id: alice.userId, client_id: aliceDevice, id: expect.any(String) }]));
    const bobDevice = newId();
    await pushOk(bob.client, bobDevice, [taskCreate(1, newId(), bob.userId, 'through B')]);
    await vi.waitFor(() => expect(bobSocketOnA.pokes).toEqual([{ list_id: bob.userId, client_id: bobDevice, id: expect.any(String) }]));
  });

  it('11 failed sign-ins split across both are throttled: the 11th answers 429 whichever process gets it', async () => {
    const carol = await signUpUser(a);
    const from = '127.0.0.41';
    const signIn = (srv: ServerProcess, password: string, address = from) =>
      postAuth(srv, '/token?grant_type=password', { email: carol.email, password }, address);
    for (let i = 0; i < 10; i++) expect((await signIn(i % 2 ? b : a, `wrong ${i}`)).status).toBe(400);
    for (const srv of [a, b]) {
      const r = await signIn(srv, `wrong again`);
      expect(r.status).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // the account, from any address, even with the right password
    expect((await signIn(b, carol.password, '127.0.0.42')).status).toBe(429);
  });

  it('share one limit exactly under a burst: of 30 guesses at once across both, exactly 10 are checked', async () => {
    const dave = await signUpUser(b);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postAuth(i % 2 ? a : b, '/token?grant_type=password', { email: dave.email, password: `guess ${i}` }, '127.0.0.43')),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe.skipIf(!process.env.TEST_PG_URL)('keys of a database served before they moved into it', () => {
  it('a data folder whose keys.json served the database seeds it; a process with a new folder gets the same keys', { timeout: 180_000 }, async () => {
    const db = await freshDatabase();
    const served = mkdtempSync(join(tmpdir(), 'daybook-keys-'));
    const procs: ServerProcess[] = [];
    try {
      const old = fileKeys(served);
      const file = readFileSync(join(served, 'keys.json'), 'utf8');
      procs.push(await startServerProcess(db.url, { dataDir: served }));
      procs.push(await startServerProcess(db.url));
      for (const p of procs) {
        expect(p.anonKey).toBe(old.anonKey);
        expect(p.vapidPublicKey).toBe(old.vapidPublicKey);
      }
      // sessions signed before go on being accepted
      const user = await signUpUser(procs[1]!);
      const onFirst = newClient(procs[0]!.url, old.anonKey);
      expect((await onFirst.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken })).error).toBeNull();
      expect(readFileSync(join(served, 'keys.json'), 'utf8')).toBe(file);
    } finally {
      for (const p of procs) await p.stop();
      await db.drop();
      rmSync(served, { recursive: true, force: true });
    }
  });
});
