// Shared pieces of the sync benchmarks: Node with fake-indexeddb (IndexedDB in JS memory),
// the stand-in server over real HTTP, devices from the test helpers, a fetch that counts what
// goes over the wire, and the "floor" writers (one SQL statement, one IndexedDB bulkPut).
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { defineDatabase, toTaskRow } from '../src/data/db/schema.ts';
import type { Task } from '../src/domain/model.ts';
import { type Db, openPglite, openPgPool } from '../server/db.ts';
import { migrate } from '../server/migrate.ts';
import type { ServerKind } from '../tests/helpers/index.ts';
import pg from 'pg';

export interface Wire {
  requests: number;
  bytesSent: number;
  bytesReceived: number;
}

/** A fetch that counts requests and body bytes both ways. */
export function countingFetch(): { fetch: typeof fetch; wire: Wire } {
  const wire: Wire = { requests: 0, bytesSent: 0, bytesReceived: 0 };
  const wrapped: typeof fetch = async (input, init) => {
    wire.requests++;
    if (typeof init?.body === 'string') wire.bytesSent += Buffer.byteLength(init.body);
    const res = await fetch(input, init);
    const body = await res.arrayBuffer();
    wire.bytesReceived += body.byteLength;
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return { fetch: wrapped, wire };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * The floor for writing `tasks` once: one INSERT … SELECT of every row into a database with the
 * same schema (triggers included), and one bulkPut into an IndexedDB database. Milliseconds.
 */
export async function floor(kind: ServerKind, tasks: Task[], ownerId: string): Promise<{ sqlMs: number; idbMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-floor-'));
  let db: Db;
  let drop = async () => {};
  if (kind === 'pg') {
    const admin = process.env.TEST_PG_URL!;
    const name = `floor_${randomUUID().replaceAll('-', '')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    db = openPgPool(u.toString());
    drop = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  } else {
    db = await openPglite(join(dir, 'pgdata'));
  }
  try {
    await migrate(db);
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [ownerId, `${ownerId}@floor.test`]);
    const listIds = [...new Set(tasks.map((t) => t.list_id))];
    for (const id of listIds) {
      await db.query(`insert into public.lists (id, owner_id, name, color, position) values ($1, $2, 'L', 'grey', 'a0')`, [id, ownerId]);
    }
    const rows = JSON.stringify(tasks.map((t) => ({ id: t.id, list_id: t.list_id, title: t.title, notes: t.notes, position: t.position, created_by: ownerId })));
    const t0 = performance.now();
    await db.query(
      `insert into public.tasks (id, list_id, title, notes, position, created_by)
       select id, list_id, title, notes, position, created_by
       from jsonb_to_recordset($1::jsonb) as r(id uuid, list_id uuid, title text, notes text, position text, created_by uuid)`,
      [rows],
    );
    const sqlMs = performance.now() - t0;

    const idb = defineDatabase(`floor-${randomUUID()}`);
    await idb.open();
    const taskRows = tasks.map((t) => toTaskRow(t));
    const t1 = performance.now();
    await idb.tasks.bulkPut(taskRows);
    const idbMs = performance.now() - t1;
    await idb.delete();
    return { sqlMs, idbMs };
  } finally {
    await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
