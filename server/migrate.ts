// Prepares a database: the auth and realtime stubs (unless it is a Supabase database), the
// server's bookkeeping, then every supabase/migrations file not yet applied, in name order.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_STUB_SQL, META_SQL } from './auth-stub.ts';
import type { Db } from './db.ts';
import { REALTIME_STUB_SQL } from './realtime-stub.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations', import.meta.url));

/** A migration that changed after it was applied here: its new text would never run. */
export class MigrationChangedError extends Error {}

// any number shared by every process serving one database
const MIGRATE_LOCK = 4173;

/** The migration that holds the whole schema as the squashed files below left it. */
export const BASELINE = '20261127000000_baseline.sql';

/**
 * The files the baseline replaced, with the checksum of the last text each had. A database that
 * applied exactly these holds what the baseline builds, so it is taken as having applied it.
 */
export const SQUASHED: ReadonlyMap<string, string> = new Map([
  ['20261122000000_schema.sql', 'dddece50b0d9431ef11ded7fd472692a960840db0f83f61b2e2a0a882f8937bf'],
  ['20261123000000_realtime.sql', 'c028a7fed4598d68505728c6f56fff9651f3b191bc855c8050f42e129ca00ba3'],
  ['20261124100000_text_rules.sql', '501e82a23ceb9c5d139d3ad3e86c20366b6ffa8fe89d9ddb333db7ad02b2bf29'],
  ['20261124110000_version_blocks.sql', '071d9f79ccb72d99896cbdc2710fa3c303f3e1bde6752dbfdc477f67e56a2e05'],
  ['20261124200000_sync_promises.sql', 'cadf52c2ff5a3dfbe6b4bdc280e2ee2ccd738ed2d04d360bddacc87935bbba73'],
  ['20261124300000_bounded_work.sql', '0e38dbac42ac509aec44829d991d652ac8c80ddb3d0e385113930aa82d2d2774'],
  ['20261124400000_planner.sql', '951c9f596e80c5b7b0f8b4849c87e3c253225b75c3928c4a2fd6b02d95f9c193'],
  ['20261125100000_refusal_pages.sql', '937b9bf83937cfeb79349bf7bdfae2f18a99058ebf658d31c465fd18d8de34de'],
  ['20261125150000_list_bulk.sql', '84b6f52238dba888fe7926c6835b860befc3e30580289c920ba76a1f97423f8e'],
  ['20261125200000_reminders.sql', '7bcf0285e54d98295b438687cca08af5c3e72423820565398b2f67e45e3b1535'],
  ['20261125300000_push.sql', '5aafef773b9ba83080f62cc0a3157f6dfb7350b7ad3a0d00a6d8fe06a1958b83'],
  ['20261125300100_push_zone_inline.sql', '9369657da677f4d48247aa8b53bd636a26f3470bed04cea30b84f0b22795c46d'],
  ['20261125400000_push_setwise.sql', '48633de68573a1693cfbf381bc9a81d61565c456675c16162b0e00c323d1c40c'],
]);

const START_FRESH = 'Start with a fresh data folder (move DAYBOOK_DATA, default .daybook/, aside) or a fresh DATABASE_URL.';

/**
 * The baseline's statements that (re)define functions or their privileges: all idempotent. The
 * baseline's tables, indexes, triggers, policies and type are what the squashed files made;
 * its functions may be newer, and a database adopted from those files takes them from here.
 */
export function functionStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      if (sql.slice(start, i).trim().startsWith('--')) start = i;
    } else if (sql[i] === "'") {
      i = sql.indexOf("'", i + 1) + 1 || sql.length;
    } else if (sql[i] === '$' && /^\$\w*\$/.test(sql.slice(i, i + 64))) {
      const tag = /^\$\w*\$/.exec(sql.slice(i, i + 64))![0];
      i = sql.indexOf(tag, i + tag.length) + tag.length;
    } else if (sql[i] === ';') {
      out.push(sql.slice(start, i + 1).trim());
      start = ++i;
    } else i++;
  }
  return out.filter((st) => /^(create or replace function|(revoke|grant) .* on function) /is.test(st));
}

/**
 * A database made before the squash: with every squashed file applied as last written, it is
 * recorded as having applied the baseline without running it (its tables exist), after taking
 * the baseline's function definitions; with only some of those files, or older texts, it matches
 * no state the baseline or later migrations can start from.
 */
async function adoptSquashed(db: Db, applied: Map<string, string | null>, baseline: string, baselineSum: string): Promise<void> {
  const squashed = [...applied.keys()].filter((name) => SQUASHED.has(name));
  if (squashed.length === 0 || applied.has(BASELINE)) return;
  const matches = [...SQUASHED].every(([name, sum]) => applied.get(name) === sum);
  if (!matches) {
    throw new MigrationChangedError(
      `This database applied ${squashed.length} of the ${SQUASHED.size} migrations that ${BASELINE} replaced, ` +
        `not all of them as last written, so the baseline cannot be taken as applied. ${START_FRESH}`,
    );
  }
  await db.tx(async (q) => {
    await q.query(`select pg_advisory_xact_lock(${MIGRATE_LOCK})`);
    const again = await q.query('select 1 from daybook_meta.migrations where name = $1', [BASELINE]);
    if (again.length) return;
    await q.exec(functionStatements(baseline).join('\n'));
    await q.query('insert into daybook_meta.migrations (name, sha256) values ($1, $2)', [BASELINE, baselineSum]);
  });
  applied.set(BASELINE, baselineSum);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<void> {
  const [probe] = await db.query<{ supabase: boolean }>(
    `select to_regclass('auth.users') is not null and to_regclass('daybook_meta.migrations') is null
       and to_regclass('auth.identities') is not null as supabase`,
  );
  // under the migrations' lock: processes starting together on a fresh database would race
  // on `create … if not exists` (which is not safe against a concurrent create)
  await db.tx(async (q) => {
    await q.query(`select pg_advisory_xact_lock(${MIGRATE_LOCK})`);
    if (!probe?.supabase) {
      await q.exec(AUTH_STUB_SQL);
      await q.exec(REALTIME_STUB_SQL);
    }
    await q.exec(META_SQL);
    // Checksums catch a migration edited after this database applied it (a stale data folder
    // from an older checkout), which would otherwise run old SQL under new app code.
    await q.exec('alter table daybook_meta.migrations add column if not exists sha256 text');
  });
  const applied = new Map(
    (await db.query<{ name: string; sha256: string | null }>('select name, sha256 from daybook_meta.migrations')).map((r) => [
      r.name,
      r.sha256,
    ]),
  );
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  if (files.includes(BASELINE)) {
    const baseline = readFileSync(join(dir, BASELINE), 'utf8');
    await adoptSquashed(db, applied, baseline, sha256(baseline));
  }
  for (const file of files) {
    const sql = readFileSync(join(dir, file), 'utf8');
    const sum = sha256(sql);
    if (applied.has(file)) {
      // No checksum: applied by a server from before checksums, i.e. before this week's edits.
      if (applied.get(file) !== sum) {
        throw new MigrationChangedError(
          `Migration ${file} has changed since it was applied to this database. ${START_FRESH}`,
        );
      }
      continue;
    }
    await db.tx(async (q) => {
      await q.query(`select pg_advisory_xact_lock(${MIGRATE_LOCK})`);
      const again = await q.query('select 1 from daybook_meta.migrations where name = $1', [file]);
      if (again.length) return;
      await q.exec(sql);
      await q.query('insert into daybook_meta.migrations (name, sha256) values ($1, $2)', [file, sum]);
    });
  }
}
