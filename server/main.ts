// CLI: `npx tsx server/main.ts` — env PORT, HOST, DAYBOOK_DATA, DATABASE_URL, DAYBOOK_DIST,
// DAYBOOK_PUBLIC_URL (the URL browsers use, when it is not the listening address),
// DAYBOOK_STATEMENT_TIMEOUT_MS (per RPC on PostgreSQL, default 8000), DAYBOOK_PUSH_SUBJECT (the
// VAPID contact for reminder pushes, a mailto: or https: URL; default mailto:daybook@localhost),
// PUSH_HOSTS (push service hosts allowed besides FCM, Mozilla, Apple and Microsoft, comma-separated
// names or *.suffix), DAYBOOK_TEST_PUSH_ORIGIN (tests only: a fake push service's http origin),
// DAYBOOK_PUSH_THREADS (threads the reminder sender encrypts and sends in; default one fewer than
// the cores, 0 for the server's own thread), SMTP_URL (where invitations' mail goes, smtp:// or smtps://; without it the server keeps it in
// the dev mailbox at /_dev/mail), MAIL_FROM (the mails' From:), DAYBOOK_DEV_MAILBOX=1 (serve
// /_dev/mail to loopback even with DAYBOOK_PUBLIC_URL set), DAYBOOK_TRUSTED_PROXIES (the proxies,
// addresses or CIDRs, whose X-Forwarded-For names the client), DAYBOOK_EMAIL_CONFIRMATIONS (true
// or false: overrides supabase/config.toml's [auth.email] enable_confirmations, which unset
// means on exactly when SMTP_URL is set).
import { existsSync, readFileSync } from 'node:fs';
import { emailConfirmations, tomlSessionLimits } from './auth-config.ts';
import { createDaybookServer } from './index.ts';
import { describeError } from './log.ts';
import { precompress } from './precompress.ts';

// what the server writes (the database, the keys) is its user's alone
process.umask(0o077);
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
const timeout = process.env.DAYBOOK_STATEMENT_TIMEOUT_MS;
const signUps = process.env.DAYBOOK_SIGNUPS_PER_ADDRESS;
const pushThreads = process.env.DAYBOOK_PUSH_THREADS;
const positive = (v: string) => Number.isInteger(Number(v)) && Number(v) > 0;
try {
  if (timeout !== undefined && !positive(timeout)) {
    throw new Error(`DAYBOOK_STATEMENT_TIMEOUT_MS must be a positive whole number of milliseconds, not "${timeout}"`);
  }
  if (signUps !== undefined && !positive(signUps)) {
    throw new Error(`DAYBOOK_SIGNUPS_PER_ADDRESS must be a positive whole number, not "${signUps}"`);
  }
  if (pushThreads !== undefined && !(Number.isInteger(Number(pushThreads)) && Number(pushThreads) >= 0 && pushThreads.trim() !== '')) {
    throw new Error(`DAYBOOK_PUSH_THREADS must be a whole number of threads (0: none), not "${pushThreads}"`);
  }
  // Brotli and gzip copies of the build, made once before serving (fresh copies are kept).
  const dist = process.env.DAYBOOK_DIST ?? 'dist';
  if (existsSync(dist)) await precompress(dist);
  const tomlPath = new URL('../supabase/config.toml', import.meta.url);
  const toml = existsSync(tomlPath) ? readFileSync(tomlPath, 'utf8') : null;
  const confirmations = emailConfirmations({
    toml,
    env: process.env.DAYBOOK_EMAIL_CONFIRMATIONS,
    smtpUrl: process.env.SMTP_URL || undefined,
  });
  const server = await createDaybookServer({
    port,
    host,
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DAYBOOK_DATA ?? '.daybook',
    distDir: dist,
    publicUrl: process.env.DAYBOOK_PUBLIC_URL || undefined,
    statementTimeoutMs: timeout ? Number(timeout) : undefined,
    pushSubject: process.env.DAYBOOK_PUSH_SUBJECT || undefined,
    pushHosts: (process.env.PUSH_HOSTS ?? '').split(','),
    pushTestOrigin: process.env.DAYBOOK_TEST_PUSH_ORIGIN || undefined,
    pushThreads: pushThreads !== undefined ? Number(pushThreads) : undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    emailConfirmations: confirmations,
    sessionLimits: toml === null ? undefined : tomlSessionLimits(toml),
    devMailbox: process.env.DAYBOOK_DEV_MAILBOX === '1' ? true : undefined,
    trustedProxies: process.env.DAYBOOK_TRUSTED_PROXIES || undefined,
    // sign-ups an hour from one address (SPEC §12); a test suite signing everyone up from
    // 127.0.0.1 needs more than a household does
    authLimits: signUps ? { signUpsPerAddress: Number(signUps) } : undefined,
  });
  console.log(`Daybook is running at ${server.url}`);
  if (!process.env.SMTP_URL) {
    const served = process.env.DAYBOOK_DEV_MAILBOX === '1' || !process.env.DAYBOOK_PUBLIC_URL;
    console.log(served ? `Mail is not sent (no SMTP_URL): read it at ${server.url}/_dev/mail (from this machine only)` : 'Mail is not sent (no SMTP_URL)');
  }
  if (confirmations) console.log('New accounts confirm their e-mail before signing in ([auth.email] enable_confirmations)');
  if (server.publicUrl !== server.url) console.log(`The app uses the backend at ${server.publicUrl} (DAYBOOK_PUBLIC_URL)`);
  else if (host === '0.0.0.0' || host === '::') {
    console.log('Listening on every address: set DAYBOOK_PUBLIC_URL to the URL other devices use, or their app reaches their own loopback.');
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(describeError(err));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') {
    console.error(`Port ${port} is already in use. Stop the other program or choose another port, e.g. PORT=${port + 1} npm start`);
  } else {
    console.error('Daybook server failed to start:', e.message ?? e);
  }
  process.exit(1);
}
