// supabase/schemas/ is the one current definition of the database and supabase/migrations/ the
// history that builds it. This cheap check runs everywhere; the full comparison of the two
// databases needs PostgreSQL 15 (tests/integration/server/schema-drift.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASELINE, functionStatements, MIGRATIONS_DIR } from '../../../server/migrate.ts';
import { SCHEMAS_DIR, SUPABASE_DIR, schemaPaths } from '../../helpers/schema-files.ts';

const functionsIn = (sql: string) =>
  [...sql.replace(/--[^\n]*/g, '').matchAll(/create\s+(?:or\s+replace\s+)?function\s+(\w+\.\w+)\s*\(/gi)].map((m) => m[1]!.toLowerCase());

const droppedIn = (sql: string) =>
  [...sql.replace(/--[^\n]*/g, '').matchAll(/drop\s+function\s+(?:if\s+exists\s+)?(\w+\.\w+)\s*\(/gi)].map((m) => m[1]!.toLowerCase());

describe('supabase/schemas', () => {
  it('lists every schema file once in config.toml, and nothing else', () => {
    const listed = schemaPaths();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.sql')).map((f) => `schemas/${f}`).sort());
  });

  it('defines each function the migrations leave in exactly one schema file, and none they lack', () => {
    // in name order, as they are applied: a function a later migration drops is gone
    const inMigrations = new Set<string>();
    for (const f of readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith('.sql')).sort()) {
      const sql = readFileSync(join(MIGRATIONS_DIR, f), 'utf8');
      // within a file too, in order: a function dropped and made again (a new return type) stays
      const steps = sql.replace(/--[^\n]*/g, '').split(/;\s*\n/);
      for (const step of steps) {
        for (const fn of droppedIn(step)) inMigrations.delete(fn);
        for (const fn of functionsIn(step)) inMigrations.add(fn);
      }
    }
    const homes = new Map<string, string[]>();
    for (const file of schemaPaths()) {
      for (const fn of new Set(functionsIn(readFileSync(join(SUPABASE_DIR, file), 'utf8')))) homes.set(fn, [...(homes.get(fn) ?? []), file]);
    }
    const notOnce = [...inMigrations].filter((fn) => homes.get(fn)?.length !== 1);
    expect(notOnce, 'functions not defined in exactly one schema file').toEqual([]);
    expect([...homes.keys()].filter((fn) => !inMigrations.has(fn)), 'functions no migration creates').toEqual([]);
  });

  it('finds every function definition of the baseline for a database adopted from before the squash', () => {
    const baseline = readFileSync(join(MIGRATIONS_DIR, BASELINE), 'utf8');
    const statements = functionStatements(baseline);
    const defined = statements.flatMap((st) => functionsIn(st));
    expect(defined.sort()).toEqual(functionsIn(baseline).sort());
    expect(statements.every((st) => /^(create or replace function|revoke|grant) /i.test(st) && st.endsWith(';'))).toBe(true);
  });
});
