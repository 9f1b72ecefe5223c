// Starts the Supabase stand-in for integration tests, on embedded PGlite or on a fresh
// database in the throwaway PostgreSQL 15 cluster (env TEST_PG_URL, set by `npm test`).
//
//   const srv = await startTestServer('pg');          // or 'pglite'
//   const alice = await signUpUser(srv);               // { client, userId, email, password, accessToken }
//   await alice.client.rpc('sync_pull', { p_client_id, p_cursors: {} });
//   await srv.stop();                                  // drops the database / temp dir
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { Querier } from '../../server/db.ts';
import type { AuthLimits } from '../../server/auth-throttle.ts';
import { createDaybookServer } from '../../server/index.ts';

export type ServerKind = 'pglite' | 'pg';

export interface TestServer {
  url: string;
  anonKey: string;
  jwtSecret: string;
  /** Only for 'pg': the fresh database's URL, for direct SQL in tests. */
  databaseUrl?: string;
  /** Direct SQL on the server's database as its superuser (RLS off), on both kinds: test set-up and read-back. */
  sql: Querier;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  accessTokenTtlSeconds?: number;
  distDir?: string;
  realtimeIdleTimeoutMs?: number;
  /** Default 10 here (a hash in ~2 ms): suites sign up hundreds of users. null: the server's own default, 17. */
  passwordHashCost?: number | null;
  /** Default here: the server's, except sign-ups per address (suites sign up many users from 127.0.0.1). */
  authLimits?: Partial<AuthLimits>;
  authClock?: () => number;
  statementTimeoutMs?: number;
  publicUrl?: string;
}

export const TEST_PASSWORD_HASH_COST = 10;

/** The server kinds to run a suite against: PGlite always, PostgreSQL 15 when TEST_PG_URL is set. */
export const SERVER_KINDS: ServerKind[] = process.env.TEST_PG_URL ? ['pglite', 'pg'] : ['pglite'];

export async function startTestServer(kind: ServerKind, opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'daybook-test-'));
  let databaseUrl: string | undefined;
  let dropDb = async () => {};
  if (kind === 'pg') {
    const admin = process.env.TEST_PG_URL;
    if (!admin) throw new Error('TEST_PG_URL is not set (npm test sets it)');
    const name = `daybook_${randomUUID().replaceAll('-', '')}`;
    await withAdmin(admin, (c) => c.query(`create database ${name}`));
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = () => withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  }
  const server = await createDaybookServer({
    port: 0,
    dataDir,
    databaseUrl,
    distDir: opts.distDir ?? 'dist',
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    realtimeIdleTimeoutMs: opts.realtimeIdleTimeoutMs,
    passwordHashCost: opts.passwordHashCost === null ? undefined : (opts.passwordHashCost ?? TEST_PASSWORD_HASH_COST),
    authLimits: { signUpsPerAddress: 1_000_000, ...opts.authLimits },
    authClock: opts.authClock,
    statementTimeoutMs: opts.statementTimeoutMs,
    publicUrl: opts.publicUrl,
  }).catch(async (err) => {
    await dropDb();
    throw err;
  });
  return {
    url: server.url,
    anonKey: server.anonKey,
    jwtSecret: server.jwtSecret,
    databaseUrl,
    sql: server.sqlForTests,
    async stop() {
      await server.close();
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function newClient(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket
    realtime: { transport: ws as never },
  });
}

export interface TestUser {
  client: SupabaseClient;
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs up a fresh user (random e-mail unless given) and returns a signed-in client. */
export async function signUpUser(server: { url: string; anonKey: string }, email?: string, password = 'correct horse'): Promise<TestUser> {
  const client = newClient(server.url, server.anonKey);
  const address = email ?? `u-${randomUUID()}@example.test`;
  const { data, error } = await client.auth.signUp({ email: address, password });
  if (error || !data.session || !data.user) throw new Error(`sign up failed: ${error?.message ?? 'no session'}`);
  return {
    client,
    userId: data.user.id,
    email: address,
    password,
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
  };
}
