// Runs SQL as a user would through the API — role authenticated, their JWT claims, RLS on — in a
// transaction rolled back after, on PGlite (the server's own connection) or PostgreSQL (a
// connection of its own, so the server's pool is untouched).
import pg from 'pg';
import type { ServerKind, TestServer } from './server';

export async function asUser<T extends Record<string, unknown>>(
  srv: TestServer,
  kind: ServerKind,
  user: { userId: string },
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const claims = JSON.stringify({ sub: user.userId, role: 'authenticated' });
  const run = async (q: (text: string, params?: unknown[]) => Promise<unknown[]>) => {
    await q('begin');
    try {
      await q('set local role authenticated');
      await q(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`, [claims, user.userId]);
      return (await q(sql, params)) as T[];
    } finally {
      await q('rollback');
    }
  };
  if (kind === 'pglite') return run((text, p) => srv.sql.query(text, p));
  const c = new pg.Client({ connectionString: srv.databaseUrl });
  await c.connect();
  try {
    return await run(async (text, p) => (await c.query(text, p)).rows);
  } finally {
    await c.end();
  }
}
