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
  for (const file of files) {
    const sql = readFileSync(join(dir, file), 'utf8');
    const sum = sha256(sql);
    if (applied.has(file)) {
      // No checksum: applied by a server from before checksums, i.e. before this week's edits.
      if (applied.get(file) !== sum) {
        throw new MigrationChangedError(
          `Migration ${file} has changed since it was applied to this database. ` +
            'Start with a fresh data folder (move DAYBOOK_DATA, default .daybook/, aside) or a fresh DATABASE_URL.',
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
