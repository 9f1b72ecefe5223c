// The migrations and the schema files must build the same database: one PostgreSQL 15 database
// is made by the server's own migrate(), one by the stubs and then supabase/schemas/ in
// config.toml's order, and their `pg_dump --schema-only` must be equal, line for line.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_STUB_SQL } from '../../../server/auth-stub.ts';
import { openPgPool } from '../../../server/db.ts';
import { migrate } from '../../../server/migrate.ts';
import { REALTIME_STUB_SQL } from '../../../server/realtime-stub.ts';
import { SUPABASE_DIR, schemaPaths } from '../../helpers/schema-files.ts';

const PG_DUMP = process.env.PG_DUMP ?? '/usr/lib/postgresql/15/bin/pg_dump';
const admin = process.env.TEST_PG_URL;

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const made: string[] = [];
async function freshDatabase(): Promise<string> {
  const name = `daybook_drift_${randomUUID().replaceAll('-', '')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  made.push(name);
  const u = new URL(admin!);
  u.pathname = `/${name}`;
  return u.toString();
}

async function fromMigrations(): Promise<string> {
  const url = await freshDatabase();
  const db = openPgPool(url);
  await migrate(db);
  await db.close();
  return url;
}

async function fromSchemaFiles(): Promise<string> {
  const url = await freshDatabase();
  const db = openPgPool(url);
  try {
    await db.exec(AUTH_STUB_SQL);
    await db.exec(REALTIME_STUB_SQL);
    for (const file of schemaPaths()) await db.exec(readFileSync(join(SUPABASE_DIR, file), 'utf8'));
  } finally {
    await db.close();
  }
  return url;
}

// Normalised, and only this: the schema daybook_meta is the stand-in server's own bookkeeping
// (applied migrations, sessions), which migrate() makes and the schema files rightly do not;
// and `\restrict` lines carry a random key per run unless one is given, so one is.
async function dump(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    PG_DUMP,
    ['--schema-only', '--exclude-schema=daybook_meta', '--restrict-key=drift', `--dbname=${url}`],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

describe.skipIf(!admin)('the migrations and supabase/schemas build the same database (PostgreSQL 15)', () => {
  afterAll(async () => {
    for (const name of made.splice(0)) await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('pg_dump --schema-only of both is the same', async () => {
    const [migrated, declared] = await Promise.all([fromMigrations(), fromSchemaFiles()]);
    const [a, b] = await Promise.all([dump(migrated), dump(declared)]);
    expect(a).toContain('CREATE FUNCTION public.sync_push');
    // a diff of the two is what to read when this fails: it names the object that drifted
    expect(b.split('\n')).toEqual(a.split('\n'));
  });
});

if (!admin) {
  describe('schema drift', () => {
    it.skip('needs PostgreSQL 15: set TEST_PG_URL (npm test does) to compare the migrations with supabase/schemas', () => {});
  });
}
