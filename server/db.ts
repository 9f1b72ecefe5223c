// One interface over embedded PGlite (single connection, so transactions are queued) and
// node-postgres (a pool, so transactions run concurrently).
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;
export interface Querier {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement script without parameters. */
  exec(sql: string): Promise<void>;
}
export interface Db extends Querier {
  tx<T>(fn: (q: Querier) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openPgPool(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // an idle client that errors (e.g. server restart) must not crash the process
  pool.on('error', (err) => console.error('postgres pool:', err.message));
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
    async close() {
      await pool.end();
    },
  };
}

export async function openPglite(dataDir: string): Promise<Db> {
  const db = await PGlite.create(dataDir);
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
    close: () => serial(() => db.close()),
  };
}
