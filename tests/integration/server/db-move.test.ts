// `npm run db:move -- <url>` (SPEC §15): a group outgrowing the embedded database takes
// everything along into PostgreSQL 15 — accounts with their password hashes and sessions,
// lists, members, tasks, steps, reminders, push subscriptions, sync records, versions, keys —
// row for row; the server on DATABASE_URL then serves the same accounts, and a device that
// synced before the move goes on syncing from its cursors (same address, same session). A
// second move into the same database is refused.
import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { invitations, lists, members, reminders, steps, tasks } from '@/data/write';
import type { PullResult } from '@/domain/model';
import type { PullRequest } from '@/sync/ports';
import { type Db, openPglite } from '../../../server/db.ts';
import { createDaybookServer, type DaybookServer } from '../../../server/index.ts';
import { newClient, signUpUser, TEST_PASSWORD_HASH_COST } from '../../helpers/server';
import { freshDatabase } from '../../helpers/server-process';
import { connectDevice, syncUntilQuiet } from '../../helpers/sync-device';

/** Every table's rows as text, in a stable order: what must be identical after the move. */
async function contents(q: { query: Db['query'] }): Promise<Record<string, string[]>> {
  const tables = await q.query<{ name: string; sql: string }>(
    `select n.nspname || '.' || c.relname as name, quote_ident(n.nspname) || '.' || quote_ident(c.relname) as sql
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
       and n.nspname || '.' || c.relname not in ('daybook_meta.migrations', 'daybook_meta.keys')
     order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    out[t.name] = (await q.query<{ r: string }>(`select r::text as r from ${t.sql} r order by 1`)).map((x) => x.r);
  }
  return out;
}

/** What `npm run db:move -- <url>` runs (scripts/db-move.mjs only installs what is missing first). */
function dbMove(dataDir: string, url: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db-move-main.ts', url], { env: { ...process.env, DAYBOOK_DATA: dataDir }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(!process.env.TEST_PG_URL)('db:move from the embedded database to PostgreSQL 15', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'daybook-move-'));
  const laterDir = mkdtempSync(join(tmpdir(), 'daybook-moved-'));
  const servers: DaybookServer[] = [];
  let target: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  afterAll(async () => {
    for (const s of servers) await s.close();
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(laterDir, { recursive: true, force: true });
  });

  const serve = async (opts: { port: number; databaseUrl?: string; dataDir: string }) => {
    const s = await createDaybookServer({ ...opts, distDir: 'dist', passwordHashCost: TEST_PASSWORD_HASH_COST, pushSender: false, authLimits: { signUpsPerAddress: 1000 } });
    servers.push(s);
    return s;
  };

  it('copies everything; the same accounts, sessions and devices carry on against PostgreSQL', { timeout: 300_000 }, async () => {
    // ---- on the embedded database
    const before = await serve({ port: 0, dataDir });
    const port = Number(new URL(before.url).port);
    const [a, b] = await Promise.all([signUpUser(before), signUpUser(before)]);
    const phone = await connectDevice(before, a, 'phone', { session: { accessToken: a.accessToken, refreshToken: a.refreshToken } });
    const laptop = await connectDevice(before, b, 'laptop');
    const club = await lists.create({ name: 'Club', color: 'green' }, phone.db);
    await members.invite(club.id, b.email, 'editor', phone.db);
    const hall = await tasks.create({ title: 'Book the hall', list_id: club.id, due_date: '2030-12-04', due_time: '09:30' }, phone.db);
    await steps.create(hall.id, 'Call the caretaker', phone.db);
    await reminders.set(hall.id, 15, phone.db);
    for (let i = 0; i < 30; i++) await tasks.create({ title: `Inbox ${i}`, list_id: a.userId }, phone.db);
    // an invitation still waiting for an account moves too
    await members.invite(club.id, 'not-yet@example.test', 'viewer', phone.db);
    await syncUntilQuiet([phone, laptop]);
    await invitations.accept(club.id, laptop.db);
    await syncUntilQuiet([phone, laptop]);
    const ecdh = createECDH('prime256v1');
    const sub = await a.client.rpc('push_subscribe', {
      p_endpoint: 'https://fcm.googleapis.com/fcm/send/phone',
      p_p256dh: ecdh.generateKeys().toString('base64url'),
      p_auth: randomBytes(16).toString('base64url'),
      p_time_zone: 'Europe/London',
      p_remind_at: '09:00',
    });
    expect(sub.error).toBeNull();
    expect(await laptop.db.tasks.get(hall.id)).toBeDefined();
    const oldKey = before.anonKey;
    await before.close();

    const source = await openPglite(join(dataDir, 'pgdata'));
    await source.exec(`set timezone = 'UTC'`);
    const copied = await contents(source);
    await source.close();
    expect(copied['auth.users']).toHaveLength(2);
    expect(copied['public.tasks']!.length).toBeGreaterThan(30);
    expect(copied['daybook_meta.refresh_tokens']!.length).toBeGreaterThan(0);
    expect(copied['public.list_invitations']).toHaveLength(1);

    // ---- the move
    target = await freshDatabase();
    const moved = dbMove(dataDir, target.url);
    expect(moved.err).toBe('');
    expect(moved.status).toBe(0);
    expect(moved.out).toContain('The keys went along');
    const check = new pg.Client({ connectionString: target.url });
    await check.connect();
    await check.query(`set timezone = 'UTC'`);
    const there = await contents({ query: async (sql, params) => (await check.query(sql, params)).rows });
    await check.end();
    // row for row, versions included (a server started once on an empty database adds nothing else)
    expect(there).toEqual(copied);

    // ---- PostgreSQL, at the same address, from a machine without the old data folder
    const after = await serve({ port, databaseUrl: target.url, dataDir: laterDir });
    expect(after.anonKey).toBe(oldKey);
    // the password hash moved: a password sign-in works
    const again = newClient(after.url, after.anonKey);
    expect((await again.auth.signInWithPassword({ email: b.email, password: b.password })).error).toBeNull();
    // the phone's session moved: its refresh token still works
    const refreshed = await phone.backend.supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();

    // devices go on from their cursors: a change from the phone reaches the laptop, and the
    // laptop's pull brings only what is new, not everything again
    const pulls: { sent: PullRequest['cursors']; got: PullResult }[] = [];
    laptop.transport.hooks.afterPull = async (req, outcome) => {
      if (outcome.kind === 'ok') pulls.push({ sent: req.cursors, got: outcome.value });
    };
    const late = await tasks.create({ title: 'After the move', list_id: club.id }, phone.db);
    await syncUntilQuiet([phone, laptop]);
    expect(await laptop.db.tasks.get(late.id)).toMatchObject({ title: 'After the move' });
    expect(pulls.length).toBeGreaterThan(0);
    expect(pulls[0]!.sent[club.id]).toBeGreaterThan(0);
    expect(pulls.flatMap((p) => p.got.tasks.map((t) => t.id))).toEqual([late.id]);
    await Promise.all([phone.close(), laptop.close()]);

    // ---- a second move into the same database is refused, and changes nothing
    const second = dbMove(dataDir, target.url);
    expect(second.status).toBe(1);
    expect(second.err).toMatch(/is not empty \(rows in auth\.users/);
    expect(second.err).toContain('copies into an empty database only');
  });
  it('copies a table the catalog names with identity, generated columns and its sequence position', { timeout: 180_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'daybook-move-seq-'));
    const db = await freshDatabase();
    try {
      await (await serve({ port: 0, dataDir: folder })).close();
      // a table as a later migration might add it, on both sides (the target has no rows)
      const table = `create table public.later_things (
        id bigint generated always as identity primary key,
        note text not null,
        tags text[] not null default '{}',
        twice bigint generated always as (id * 2) stored)`;
      const source = await openPglite(join(folder, 'pgdata'));
      await source.exec(`${table}; insert into public.later_things (note, tags) values ('a', '{x,"y z"}'), ('b', '{}'), ('c', '{}');
        delete from public.later_things where note = 'b';`);
      // while the embedded database is open (a server running on it) it is not copied
      const open = dbMove(folder, db.url);
      expect(open.status).toBe(1);
      expect(open.err).toContain('is in use, or was not closed cleanly: stop `npm start` first');
      await source.close();
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        await c.query(table);
        const moved = dbMove(folder, db.url);
        expect(moved.status).toBe(0);
        const rows = (await c.query('select id::int, note, tags, twice::int from public.later_things order by id')).rows;
        expect(rows).toEqual([
          { id: 1, note: 'a', tags: ['x', 'y z'], twice: 2 },
          { id: 3, note: 'c', tags: [], twice: 6 },
        ]);
        // the sequence goes on from where it was: no id is handed out twice
        const next = await c.query(`insert into public.later_things (note) values ('d') returning id::int`);
        expect(next.rows[0].id).toBe(4);
      } finally {
        await c.end();
      }
    } finally {
      await db.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
