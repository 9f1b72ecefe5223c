// Starts the Supabase stand-in for integration tests, on embedded PGlite or on a fresh
// database in the throwaway PostgreSQL 15 cluster (env TEST_PG_URL, set by `npm test`).
//
//   const srv = await startTestServer('pg');          // or 'pglite'
//   const alice = await signUpUser(srv);               // { client, userId, email, password, accessToken }
//   await alice.client.rpc('sync_pull', { p_client_id, p_cursors: {} });
//   await srv.stop();                                  // drops the database / temp dir
//
//   const srv = await startTestServer('pglite', { restartable: true });
//   await srv.restart();                               // a crash and a restart, now
//   await srv.restart({ on: 'answer', unless: call }); // … as the next request's answer starts back
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createTcpServer, connect as tcpConnect, type Server as TcpServer, type Socket } from 'node:net';
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
  vapidPublicKey: string;
  /** The server's data folder (keys.json; PGlite's data). */
  dataDir: string;
  /** Only for 'pg': the fresh database's URL, for direct SQL in tests. */
  databaseUrl?: string;
  /** Direct SQL on the server's database as its superuser (RLS off), on both kinds: test set-up and read-back. */
  sql: Querier;
  /**
   * Only with `restartable`: the server goes down as a crash would take it — every connection is
   * reset at once (clients see a network error; a request the server had read runs to its end
   * and commits or fails with nobody to answer, one it had not read never happens) — and starts
   * again on the same data dir and port. Connections meanwhile are refused. Resolves once it
   * serves again. By default at once; `when` picks the moment in the next request.
   */
  restart(when?: RestartMoment): Promise<void>;
  /** Resolves when no restart is under way (one still waiting for its moment does not count). */
  settled(): Promise<void>;
  /** How many times restart() has run. */
  restarts: number;
  stop(): Promise<void>;
}

/**
 * When restart() cuts, in the next request to pass the front: `on: 'request'` as it arrives —
 * before the server sees it (afterMs 0), or afterMs later while the server may be working on it;
 * `on: 'answer'` as the server's answer starts back (the server has done it; the client never
 * hears). If `unless` settles first (no request came), the restart happens then.
 */
export interface RestartMoment {
  on?: 'request' | 'answer';
  afterMs?: number;
  unless?: Promise<unknown>;
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
  /** Serve through a TCP front (url names it) so that restart() can cut every connection at once. */
  restartable?: boolean;
  /** Run the server's own reminder sender on its minute timer. Default off: push tests run their own. */
  pushSender?: boolean;
  /** The fake push service's origin (http on loopback): the only non-push-service origin subscriptions may name. */
  pushTestOrigin?: string;
  /** Invitations' mail over SMTP (e.g. a local smtp-server); default the dev mailbox at /_dev/mail. */
  smtpUrl?: string;
  /** Run the server's own mail sender. Default on; the Edge Function's test runs its own. */
  mailSender?: boolean;
  /** Prune old history and notifications on the server's timer. Default off: tests age rows and prune themselves. */
  retention?: boolean;
  /** Sign-up waits for the e-mail's confirmation. Default: the server's (on with smtpUrl). */
  emailConfirmations?: boolean;
  devMailbox?: boolean;
  trustedProxies?: string;
  /** `[auth.sessions]` timebox and inactivity_timeout in ms (null: none). Default none. */
  sessionLimits?: { timeboxMs: number | null; inactivityMs: number | null };
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
  const boot = (port: number) => createDaybookServer({
    port,
    dataDir,
    databaseUrl,
    distDir: opts.distDir ?? 'dist',
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    realtimeIdleTimeoutMs: opts.realtimeIdleTimeoutMs,
    passwordHashCost: opts.passwordHashCost === null ? undefined : (opts.passwordHashCost ?? TEST_PASSWORD_HASH_COST),
    authLimits: { signUpsPerAddress: 1_000_000, mailsPerAddress: 1_000_000, ...opts.authLimits },
    authClock: opts.authClock,
    statementTimeoutMs: opts.statementTimeoutMs,
    publicUrl: opts.publicUrl,
    pushSender: opts.pushSender ?? false,
    pushTestOrigin: opts.pushTestOrigin,
    smtpUrl: opts.smtpUrl,
    mailSender: opts.mailSender,
    retention: opts.retention ?? false,
    emailConfirmations: opts.emailConfirmations,
    devMailbox: opts.devMailbox,
    trustedProxies: opts.trustedProxies,
    sessionLimits: opts.sessionLimits,
  });
  let server = await boot(0).catch(async (err) => {
    await dropDb();
    throw err;
  });
  const port = Number(new URL(server.url).port);
  // null while restarting: the front refuses connections then
  let up: number | null = port;
  const front = opts.restartable ? await startFront(() => up) : null;
  let restarting: Promise<void> = Promise.resolve();
  // the restart past its moment: cutting, closing, starting again
  let underWay: Promise<void> = Promise.resolve();
  const handle: TestServer = {
    url: front ? `http://127.0.0.1:${front.port}` : server.url,
    anonKey: server.anonKey,
    jwtSecret: server.jwtSecret,
    vapidPublicKey: server.vapidPublicKey,
    dataDir,
    databaseUrl,
    // the current server's connection: after a restart under way, the new server's
    sql: {
      query: async (text, params) => {
        await underWay;
        return server.sqlForTests.query(text, params);
      },
      exec: async (text) => {
        await underWay;
        return server.sqlForTests.exec(text);
      },
    },
    restarts: 0,
    restart(when = {}) {
      if (!front) return Promise.reject(new Error('start the server with { restartable: true } to restart it'));
      const moment = when.on ? front.next(when.on, when.afterMs ?? 0, when.unless) : null;
      restarting = restarting.then(async () => {
        await moment;
        underWay = (async () => {
          up = null;
          front.cut();
          await server.close();
          server = await boot(port);
          up = port;
          handle.restarts++;
        })();
        await underWay;
      });
      return restarting;
    },
    settled: () => underWay.catch(() => undefined),
    async stop() {
      await restarting.catch(() => undefined);
      await front?.close();
      await server.close();
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/**
 * A TCP front on a free loopback port that forwards each connection to `target()` (refused while
 * that is null); `cut()` resets every connection through it at once, as a crashing server would.
 */
async function startFront(target: () => number | null) {
  const open = new Set<Socket>();
  let trap: { on: 'request' | 'answer'; afterMs: number; fire: () => void } | null = null;
  const reset = (s: Socket) => {
    open.delete(s);
    if (s.destroyed) return;
    try {
      s.resetAndDestroy();
    } catch {
      s.destroy();
    }
  };
  /** Whether these bytes go on; springs the trap set for this direction (dropping them when the cut is now). */
  const passes = (direction: 'request' | 'answer'): boolean => {
    const t = trap;
    if (t?.on !== direction) return true;
    trap = null;
    if (direction === 'answer' || t.afterMs === 0) {
      t.fire();
      return false;
    }
    setTimeout(t.fire, t.afterMs);
    return true;
  };
  const front: TcpServer = createTcpServer((client) => {
    const port = target();
    if (port === null) {
      reset(client);
      return;
    }
    const upstream = tcpConnect(port, '127.0.0.1');
    // no Nagle: a forwarded request or answer goes at once (else ~40 ms a request)
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    open.add(client);
    open.add(upstream);
    // one side gone: the other closes as usual (a cut resets both instead)
    const end = () => {
      for (const s of [client, upstream]) {
        open.delete(s);
        s.destroy();
      }
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // plain forwarding (streams' pipes cost a test of many small requests a quarter more time)
    client.on('data', (chunk) => {
      if (passes('request')) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (passes('answer')) client.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (front.address() as { port: number }).port,
    /** Resolves when the next request (or answer) passes, `afterMs` later; or when `unless` settles first. */
    next(on: 'request' | 'answer', afterMs: number, unless?: Promise<unknown>): Promise<void> {
      return new Promise<void>((resolve) => {
        const mine = { on, afterMs, fire: () => resolve() };
        trap = mine;
        void unless?.finally(() => {
          if (trap === mine) trap = null;
          resolve();
        });
      });
    },
    cut() {
      for (const s of [...open]) reset(s);
    },
    close() {
      for (const s of [...open]) reset(s);
      return new Promise<void>((resolve) => front.close(() => resolve()));
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
