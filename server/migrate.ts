// Prepares a database: the auth and realtime stubs (unless it is a Supabase database), the
// server's bookkeeping, then every supabase/migrations file not yet applied, in name order.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_STUB_SQL, META_SQL } from './auth-stub.ts';
import type { Db } from './db.ts';
import { REALTIME_STUB_SQL } from './realtime-stub.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations', import.meta.url));

export async function migrate(db: Db): Promise<void> {
  const [probe] = await db.query<{ supabase: boolean }>(
    `select to_regclass('auth.users') is not null and to_regclass('daybook_meta.migrations') is null
       and to_regclass('auth.identities') is not null as supabase`,
  );
  if (!probe?.supabase) {
    await db.exec(AUTH_STUB_SQL);
    await db.exec(REALTIME_STUB_SQL);
  }
  await db.exec(META_SQL);
  const done = new Set(
    (await db.query<{ name: string }>('select name from daybook_meta.migrations')).map((r) => r.name),
  );
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    await db.tx(async (q) => {
      await q.query(`select pg_advisory_xact_lock(4173)`);
      const again = await q.query('select 1 from daybook_meta.migrations where name = $1', [file]);
      if (again.length) return;
      await q.exec(sql);
      await q.query('insert into daybook_meta.migrations (name) values ($1)', [file]);
    });
  }
}
