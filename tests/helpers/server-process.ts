// Daybook servers as child processes on one PostgreSQL database, as several machines behind a
// load balancer would run them: each with a data folder of its own, sharing only the database.
//
//   const db = await freshDatabase();                       // in the TEST_PG_URL cluster
//   const [a, b] = await Promise.all([startServerProcess(db.url), startServerProcess(db.url)]);
//   …
//   await a.stop(); await b.stop(); await db.drop();
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DaybookServerOptions } from '../../server/index.ts';
import { TEST_PASSWORD_HASH_COST } from './server';

export interface ServerProcess {
  url: string;
  anonKey: string;
  jwtSecret: string;
  vapidPublicKey: string;
  dataDir: string;
  pid: number;
  /** What it wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

export async function startServerProcess(databaseUrl: string | undefined, opts: DaybookServerOptions = {}): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'daybook-proc-'));
  const options: DaybookServerOptions = {
    databaseUrl,
    dataDir,
    distDir: 'dist',
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    pushSender: false,
    ...opts,
    authLimits: { signUpsPerAddress: 1_000_000, ...opts.authLimits },
  };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, DAYBOOK_TEST_SERVER: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<{ url: string; anonKey: string; jwtSecret: string; vapidPublicKey: string }>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('ready ')) resolve(JSON.parse(line.slice('ready '.length)));
    });
    void exited.then((code) => reject(new Error(`server process exited (${code}) before serving:\n${err}`)));
  });
  return {
    ...ready,
    dataDir,
    pid: child.pid ?? 0,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database in the TEST_PG_URL cluster. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_PG_URL;
  if (!admin) throw new Error('TEST_PG_URL is not set (npm test sets it)');
  const name = `daybook_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(admin, (c) => c.query(`create database ${name}`));
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
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
