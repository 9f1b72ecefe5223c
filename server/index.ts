// The local Supabase stand-in: Auth + RPC + Realtime broadcast over PGlite or Postgres, plus
// the built app.
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { handleAuth } from './auth.ts';
import type { SessionLimits } from './auth-config.ts';
import type { MailMessage } from '../supabase/functions/_shared/mail-message.ts';
import { isLoopback, parseTrustedProxies, socketAddress } from './client-address.ts';
import { type AuthLimits, AuthThrottle, DEFAULT_AUTH_LIMITS } from './auth-throttle.ts';
import { type Db, openPglite, openPgPool, type Querier } from './db.ts';
import { CORS_HEADERS, readBody, sendJson } from './http-util.ts';
import { databaseKeys, fileKeys, type Keys } from './keys.ts';
import { logError } from './log.ts';
import { migrate } from './migrate.ts';
import { type RealtimeServer, startRealtime } from './realtime.ts';
import { handleRpc } from './rest.ts';
import { Passwords } from './password.ts';
import { createPushSender, type PushSender } from '../supabase/functions/_shared/push-sender.ts';
import { answerFeed, type FeedAnswer } from '../supabase/functions/_shared/calendar/feed-response.ts';
import { parsePushHosts, parseTestOrigin } from '../supabase/functions/_shared/push-target.ts';
import { writePushHosts } from './push-hosts.ts';
import { createPushPool, type PushPool } from './push-pool.ts';
import { type StandInMail, startMail } from './mail.ts';
import { type Retention, startRetention } from './retention.ts';
import { restrictTree } from './file-modes.ts';
import { API_CSP, COMMON_SECURITY_HEADERS, pageCsp } from './security-headers.ts';
import { serveStatic } from './static.ts';

export interface DaybookServerOptions {
  /** 0 picks a free port. Default 4173. */
  port?: number;
  host?: string;
  /** Any Postgres; otherwise embedded PGlite with its data in `dataDir`. */
  databaseUrl?: string;
  /** Keys (and PGlite's data) live here. Default `.daybook`. */
  dataDir?: string;
  /** The built app to serve. Default `dist`. */
  distDir?: string;
  accessTokenTtlSeconds?: number;
  /** Realtime closes a socket that sent nothing (not even a heartbeat) for this long. Default 60 s. */
  realtimeIdleTimeoutMs?: number;
  /**
   * The URL browsers reach this server at, named in /config.json and the pages' CSP. Default
   * the address it listens on (loopback for a wildcard host). Never taken from a request's
   * Host header, which a DNS-rebinding page or a shared cache controls.
   */
  publicUrl?: string;
  /** log2 of scrypt's N for new password hashes. Default 17 (OWASP); tests lower it. */
  passwordHashCost?: number;
  /** Auth throttles and the refresh-token reuse interval; defaults in auth-throttle.ts. */
  authLimits?: Partial<AuthLimits>;
  /** Clock for the auth throttles and the reuse interval (tests step it). Default Date.now. */
  authClock?: () => number;
  /** statement_timeout of each RPC on PostgreSQL. Default 8 s, hosted Supabase's for signed-in users. */
  statementTimeoutMs?: number;
  /**
   * The reminder sender (supabase/functions/_shared/push-sender.ts) on a minute timer. Default on; tests that run
   * their own sender over the database turn it off.
   */
  pushSender?: boolean;
  /** RFC 8292 `sub` for the pushes: how a push service reaches the operator. Default mailto:daybook@localhost. */
  pushSubject?: string;
  /** Push service hosts allowed besides the known ones (PUSH_HOSTS): names or `*.suffix`. */
  pushHosts?: readonly string[];
  /**
   * Tests only (DAYBOOK_TEST_PUSH_ORIGIN): the fake push service's `http://127.0.0.1:<port>`,
   * the one origin outside the push services that subscriptions may name and pushes go to.
   */
  pushTestOrigin?: string;
  /**
   * Threads the reminder sender encrypts and sends its pushes in (DAYBOOK_PUSH_THREADS), so a
   * big morning uses more than one core. Default one fewer than the cores, at least one; 0 sends
   * on the server's own thread, as the Edge Function does.
   */
  pushThreads?: number;
  /**
   * Where invitations' mail goes (SMTP_URL, smtp:// or smtps://). Without it the server keeps the
   * mail it sends in the dev mailbox at GET /_dev/mail.
   */
  smtpUrl?: string;
  /** The mails' From: (MAIL_FROM). Default `Daybook <daybook@localhost>`. */
  mailFrom?: string;
  /** The mail sender; default on. Tests that run their own sender over the database turn it off. */
  mailSender?: boolean;
  /**
   * Pruning what idle tasks and people keep past its time (server/retention.ts): a minute after
   * start, then hourly. Default on; tests that age rows themselves turn it off.
   */
  retention?: boolean;
  /**
   * Sign-up mails "Confirm your e-mail" and answers no session until the link is opened
   * (`[auth.email] enable_confirmations`, DAYBOOK_EMAIL_CONFIRMATIONS; server/auth-config.ts).
   * Default: on when smtpUrl is set.
   */
  emailConfirmations?: boolean;
  /**
   * Serve the dev mailbox at /_dev/mail (to loopback only). Default: when there is no smtpUrl and
   * no publicUrl (a server reached through a proxy or by other devices keeps it shut).
   */
  devMailbox?: boolean;
  /** DAYBOOK_TRUSTED_PROXIES: the proxies whose X-Forwarded-For names the client (server/client-address.ts). */
  trustedProxies?: string;
  /** `[auth.sessions]` timebox and inactivity_timeout (server/auth-config.ts). Default: none. */
  sessionLimits?: SessionLimits;
}

/** hosted Supabase's statement_timeout for the `authenticated` role */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 8000;

export interface DaybookServer {
  /** The address it listens on. */
  url: string;
  /** What /config.json names: publicUrl, or else url. */
  publicUrl: string;
  anonKey: string;
  jwtSecret: string;
  /** The VAPID public key (base64url), also in /config.json for PushManager.subscribe. */
  vapidPublicKey: string;
  /**
   * Test-only: the server's own database connection (the database superuser, so RLS does not
   * apply), for tests that set rows up or read them back directly — PGlite has no other way in.
   * The server itself never hands it out; app code must not use it.
   */
  sqlForTests: Querier;
  close(): Promise<void>;
}

export async function createDaybookServer(opts: DaybookServerOptions = {}): Promise<DaybookServer> {
  const dataDir = resolve(opts.dataDir ?? '.daybook');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictTree(dataDir);
  // PGlite's from the data folder, PostgreSQL's from the database (shared by its processes)
  let keys!: Keys;
  const pushHosts = parsePushHosts((opts.pushHosts ?? []).join(','));
  const pushTestOrigin = parseTestOrigin(opts.pushTestOrigin);
  const distDir = resolve(opts.distDir ?? 'dist');
  const host = opts.host ?? '127.0.0.1';
  // assigned once the port is ours: a second copy started on a taken port must not open
  // (and write to) the same PGlite data folder as the running one
  let db!: Db;
  let realtime: RealtimeServer | null = null;
  let pushSender: PushSender | null = null;
  let pushPool: PushPool | null = null;
  let mail: StandInMail | null = null;
  let retention: Retention | null = null;
  const ttl = opts.accessTokenTtlSeconds ?? 3600;
  const passwords = new Passwords(opts.passwordHashCost);
  const authClock = opts.authClock ?? Date.now;
  const limits = { ...DEFAULT_AUTH_LIMITS, ...opts.authLimits };
  // made with the database, before any request is handled
  let throttle!: AuthThrottle;
  const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const configuredUrl = opts.publicUrl ? checkPublicUrl(opts.publicUrl) : null;
  const proxies = parseTrustedProxies(opts.trustedProxies);
  const confirmations = opts.emailConfirmations ?? Boolean(opts.smtpUrl);
  const devMailboxServed = opts.devMailbox ?? (!opts.smtpUrl && !opts.publicUrl);
  let baseUrl = '';
  let publicUrl = '';
  let csp = '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const api = path.startsWith('/auth/') || path.startsWith('/rest/') || path.startsWith('/realtime/');
    for (const [k, v] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(k, v);
    res.setHeader('Content-Security-Policy', api || path === '/config.json' ? API_CSP : csp);
    if (api && req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (api) for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    if (path === '/config.json') {
      return sendJson(res, 200, { supabaseUrl: publicUrl, supabaseAnonKey: keys.anonKey, vapidPublicKey: keys.vapidPublicKey }, {
        'Cache-Control': 'no-cache',
        'Access-Control-Allow-Origin': '*',
      });
    }
    if (path === '/_dev/mail') {
      // its links sign people in: only the developer's own machine, never through a proxy
      const direct = isLoopback(socketAddress(req)) && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
      if (mail?.mailbox && devMailboxServed && direct) return mail.mailbox.handle(req, res, url);
      return sendJson(res, 404, { message: 'Not found' });
    }
    if (path.startsWith('/calendar/')) {
      const answer = await answerFeed({
        method: req.method ?? 'GET',
        path,
        ifNoneMatch: req.headers['if-none-match'] ?? null,
        origin: publicUrl,
        query: async (hash, etag) => (await db.query<{ r: FeedAnswer }>('select public.calendar_feed($1, $2) as r', [hash, etag]))[0]!.r,
      });
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    if (!api) return serveStatic(distDir, req, res, path);
    const body = await readBody(req);
    if (!body.ok) {
      return sendJson(res, 413, {
        code: 'too_large',
        details: null,
        hint: 'Split the batch into smaller requests',
        message: 'Request body is larger than 1 MiB',
      });
    }
    if (path.startsWith('/auth/v1/')) {
      const ctx = {
        db,
        jwtSecret: keys.jwtSecret,
        accessTokenTtlSeconds: ttl,
        issuer: `${publicUrl}/auth/v1`,
        refreshReuseMs: limits.refreshReuseMs,
        now: authClock,
        sessionLimits: opts.sessionLimits,
        passwords,
        throttle,
        confirmations,
        siteUrl: publicUrl,
        sendMail: (message: MailMessage) => {
          if (!mail) throw new Error('This server sends no mail (mailSender: false)');
          return mail.send(message);
        },
        proxies,
      };
      return handleAuth(ctx, req, res, url, body.text);
    }
    const rpc = /^\/rest\/v1\/rpc\/([^/]+)$/.exec(path);
    if (rpc) {
      const ctx = { db, jwtSecret: keys.jwtSecret, statementTimeoutMs, cancelsSlowCalls: Boolean(opts.databaseUrl), checksSessions: true, proxies };
      return handleRpc(ctx, req, res, decodeURIComponent(rpc[1]!), body.text);
    }
    return sendJson(res, 404, { code: 'PGRST125', details: null, hint: null, message: `Invalid path specified in request URL` });
  }

  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    markReady = r;
  });
  const server = createServer((req, res) => {
    ready.then(() => handle(req, res)).catch((err: unknown) => {
      logError(`${req.method} ${(req.url ?? '').split('?')[0]} failed`, err);
      if (!res.headersSent) sendJson(res, 500, { code: 'XX000', details: null, hint: null, message: 'Internal server error' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  server.on('upgrade', (req, socket, head) => {
    ready.then(
      () => (realtime ? realtime.handleUpgrade(req, socket, head) : socket.destroy()),
      () => socket.destroy(),
    );
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 4173, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = ownOrigin(host, port);
  publicUrl = configuredUrl ?? baseUrl;
  csp = pageCsp(publicUrl);
  try {
    db = opts.databaseUrl ? openPgPool(opts.databaseUrl) : await openPglite(join(dataDir, 'pgdata'));
    await migrate(db);
    keys = opts.databaseUrl ? await databaseKeys(db, dataDir) : fileKeys(dataDir);
    throttle = new AuthThrottle(db, limits, authClock);
    await writePushHosts(db, pushHosts, pushTestOrigin);
    realtime = await startRealtime({ db, jwtSecret: keys.jwtSecret, idleTimeoutMs: opts.realtimeIdleTimeoutMs });
    if (opts.pushSender !== false) {
      if (opts.pushThreads !== 0) pushPool = createPushPool({ threads: opts.pushThreads });
      pushSender = createPushSender({
        deliver: pushPool?.deliver,
        db,
        vapid: { publicKey: keys.vapidPublicKey, privateKey: keys.vapidPrivateKey },
        subject: opts.pushSubject ?? 'mailto:daybook@localhost',
        pushHosts,
        testOrigin: pushTestOrigin,
      });
      pushSender.start();
    }
    if (opts.mailSender !== false) {
      // the links name the app, which this server serves at its public URL
      mail = await startMail({ db, siteUrl: publicUrl, smtpUrl: opts.smtpUrl, from: opts.mailFrom });
    }
    if (opts.retention !== false) retention = startRetention({ db });
    markReady();
  } catch (err) {
    server.close();
    await retention?.stop();
    await pushSender?.stop();
    await pushPool?.close();
    await realtime?.close();
    await db?.close().catch(() => undefined);
    throw err;
  }

  let closing: Promise<void> | null = null;
  return {
    url: baseUrl,
    publicUrl,
    anonKey: keys.anonKey,
    jwtSecret: keys.jwtSecret,
    vapidPublicKey: keys.vapidPublicKey,
    sqlForTests: { query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) },
    close() {
      closing ??= (async () => {
        await retention?.stop();
        await pushSender?.stop();
        await pushPool?.close();
        await mail?.stop();
        // websockets first: an upgraded socket would keep server.close() waiting
        await realtime?.close();
        await new Promise<void>((r) => {
          server.close(() => r());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 2000).unref();
        });
        await db.close();
      })();
      return closing;
    },
  };
}

/** A browser cannot use a wildcard address: a server listening on all of them names loopback. */
function ownOrigin(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

function checkPublicUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`The public URL (DAYBOOK_PUBLIC_URL) is not a URL: ${raw}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`The public URL must be http(s): ${raw}`);
  return u.origin + u.pathname.replace(/\/+$/, '');
}
