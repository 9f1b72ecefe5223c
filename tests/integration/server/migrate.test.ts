// The stand-in refuses to run on a database whose applied migrations no longer match the files
// (a data folder from an older checkout), instead of serving old SQL to new app code.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../../../server/db.ts';
import { BASELINE, MIGRATIONS_DIR, MigrationChangedError, migrate, SQUASHED } from '../../../server/migrate.ts';

describe('migrations on a kept data folder (PGlite)', () => {
  const dirs: string[] = [];
  let db: Db | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function tempDir() {
    const d = mkdtempSync(join(tmpdir(), 'daybook-migrate-'));
    dirs.push(d);
    return d;
  }

  it('applies each migration once, accepts the same files again, and refuses a file changed since', async () => {
    const migrations = join(tempDir(), 'migrations');
    mkdirSync(migrations);
    for (const f of readdirSync(MIGRATIONS_DIR)) copyFileSync(join(MIGRATIONS_DIR, f), join(migrations, f));
    db = await openPglite(join(tempDir(), 'pgdata'));

    await migrate(db, migrations);
    await migrate(db, migrations);
    const rows = await db.query<{ name: string; sha256: string }>('select name, sha256 from daybook_meta.migrations order by name');
    expect(rows.map((r) => r.name)).toEqual(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort());
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.sha256))).toBe(true);

    const first = rows[0]!.name;
    writeFileSync(join(migrations, first), `-- edited after it was applied\n`, { flag: 'a' });
    const err = await migrate(db, migrations).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationChangedError);
    expect((err as Error).message).toContain(`Migration ${first} has changed since it was applied`);
    expect((err as Error).message).toContain('.daybook/');
  });

  it('refuses a database whose migrations were applied before checksums were kept', async () => {
    db = await openPglite(join(tempDir(), 'pgdata'));
    await migrate(db);
    await db.exec('update daybook_meta.migrations set sha256 = null');
    await expect(migrate(db)).rejects.toBeInstanceOf(MigrationChangedError);
  });

  // A data folder from before the squash: its bookkeeping names the squashed files, and its
  // tables already exist, so running the baseline would fail on the first `create table`. It
  // holds what the baseline builds, and none of the migrations after it.
  async function folderFromBeforeTheSquash(squashed: [string, string][]) {
    const baselineOnly = join(tempDir(), 'migrations');
    mkdirSync(baselineOnly);
    copyFileSync(join(MIGRATIONS_DIR, BASELINE), join(baselineOnly, BASELINE));
    db = await openPglite(join(tempDir(), 'pgdata'));
    await migrate(db, baselineOnly);
    await db.exec(`delete from daybook_meta.migrations`);
    for (const [name, sum] of squashed) {
      await db.query('insert into daybook_meta.migrations (name, sha256) values ($1, $2)', [name, sum]);
    }
    return db;
  }

  it('takes a database with every squashed migration applied as having applied the baseline, with its functions', async () => {
    const kept = await folderFromBeforeTheSquash([...SQUASHED]);
    // functions the baseline defines beyond the squashed files' are made when it is adopted
    await kept.exec('drop function daybook_private.push_change(uuid, bigint, text, jsonb)');
    await migrate(kept);
    expect(await kept.query(`select to_regprocedure('daybook_private.push_change(uuid, bigint, text, jsonb)') is not null as made`)).toEqual([
      { made: true },
    ]);
    await migrate(kept);
    const names = (await kept.query<{ name: string }>('select name from daybook_meta.migrations order by name')).map((r) => r.name);
    // the baseline taken as applied, and every migration after it applied
    expect(names).toEqual([...SQUASHED.keys(), ...readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))].sort());
    // the schema is there and usable
    expect(await kept.query(`select count(*)::int as n from public.tasks`)).toEqual([{ n: 0 }]);
  });

  it('refuses a database with only some of the squashed migrations, and says to start fresh', async () => {
    const kept = await folderFromBeforeTheSquash([...SQUASHED].slice(0, 5));
    const err = await migrate(kept).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationChangedError);
    expect((err as Error).message).toContain(`applied 5 of the ${SQUASHED.size} migrations that ${BASELINE} replaced`);
    expect((err as Error).message).toContain('fresh data folder');
    expect(await kept.query('select name from daybook_meta.migrations where name = $1', [BASELINE])).toEqual([]);
  });

  it('refuses a database that applied a squashed migration in an older text', async () => {
    const squashed = [...SQUASHED];
    squashed[3] = [squashed[3]![0], 'f'.repeat(64)];
    const kept = await folderFromBeforeTheSquash(squashed);
    await expect(migrate(kept)).rejects.toBeInstanceOf(MigrationChangedError);
  });
});
