// One interface over embedded PGlite (single connection, so transactions are queued) and
// node-postgres (a pool, so transactions run concurrently; LISTEN on a dedicated connection).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { restrictTree } from './file-modes.ts';

export type Row = Record<string, unknown>;
export interface Querier {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement script without parameters. */
  exec(sql: string): Promise<void>;
}
export interface Db extends Querier {
  tx<T>(fn: (q: Querier) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel` (a lower-case identifier): `onMessage` gets each NOTIFY payload, at
   * the notifying transaction's commit. Resolves once listening; the result stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a plain lower-case channel name: ${channel}`);
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on its own connection (a pooled one would be handed to other queries). If that
 * connection drops it reconnects with backoff; notifications sent meanwhile are lost, which
 * is acceptable for what travels here (pokes: the clients' periodic pull heals a lost one).
 */
async function listenOnOwnConnection(url: string, channel: string, onMessage: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = RECONNECT_MIN_MS;
  // until the first LISTEN works, failures go to the caller instead of a reconnect loop
  let established = false;

  function open(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    // both fire when the connection is lost; only the first one for this client counts
    c.on('error', (err) => lost(c, err.message));
    c.on('end', () => lost(c, 'connection ended'));
    client = c;
    return c
      .connect()
      .then(() => c.query(`listen ${channel}`))
      .then(
        () => {
          established = true;
          delay = RECONNECT_MIN_MS;
        },
        (err: Error) => {
          lost(c, err.message);
          throw err;
        },
      );
  }

  function lost(c: pg.Client, why: string) {
    if (stopped || client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    if (!established) return;
    console.error(`postgres listener (${channel}): ${why}; reconnecting in ${delay} ms`);
    timer = setTimeout(() => {
      timer = null;
      open().catch(() => undefined);
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  await open();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

export function openPgPool(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // an idle client that errors (e.g. server restart) must not crash the process
  pool.on('error', (err) => console.error('postgres pool:', err.message));
  const listeners = new Set<() => Promise<void>>();
  return {
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async tx<T>(fn: (q: Querier) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn({
          async query<R extends Row>(sql: string, params?: unknown[]) {
            return (await client.query(sql, params)).rows as R[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      checkChannel(channel);
      const stop = await listenOnOwnConnection(url, channel, onMessage);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictTree(dataDir);
  const db = await PGlite.create(dataDir);
  restrictTree(dataDir);
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
  const direct: Querier = {
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
  return {
    query: (sql, params) => serial(() => direct.query(sql, params)),
    exec: (sql) => serial(async () => void (await db.exec(sql))),
    tx: (fn) =>
      serial(async () => {
        await db.exec('begin');
        try {
          const out = await fn(direct);
          await db.exec('commit');
          return out;
        } catch (err) {
          await db.exec('rollback').catch(() => undefined);
          throw err;
        }
      }),
    // queued like everything else, so a LISTEN never lands inside someone's transaction
    // (where a rollback would undo it)
    async listen(channel, onMessage) {
      checkChannel(channel);
      const unlisten = await serial(() => db.listen(channel, onMessage));
      return () => serial(() => unlisten());
    },
    close: () =>
      serial(async () => {
        await db.close();
        restrictTree(dataDir);
      }),
  };
}
