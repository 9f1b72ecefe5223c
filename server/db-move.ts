// Moves the embedded database (PGlite in a data folder) into an empty PostgreSQL: the
// migrations applied there by the server's own migrate(), then every row of every table in
// the database's schemas — found in the catalog, so a table added later is not forgotten —
// copied as it is, plus sequence positions and the keys. Triggers do not fire during the copy
// (session_replication_role = replica, or the tables' own triggers disabled where that is not
// allowed), so versions stay identical and devices keep syncing from their cursors. One
// transaction on the target: a move that fails leaves it without data, and may be run again.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Querier } from './db.ts';
import { openPglite, openPgPool } from './db.ts';
import { readKeysFile, storeKeys } from './keys.ts';
import { migrate } from './migrate.ts';

/** A move that cannot go ahead, for a reason the person running it can act on. */
export class MoveRefusedError extends Error {}

/** The target already holds data: a move never writes over it. */
export class NotEmptyError extends MoveRefusedError {}

export interface MoveReport {
  /** `schema.table` → rows copied, in the order they were copied. */
  tables: [string, number][];
  sequences: number;
  /** Whether keys.json's keys went along (else the server makes new ones and everyone signs in again). */
  keys: boolean;
}

// the target's own: its migrate() writes these
const NOT_COPIED = new Set(['daybook_meta.migrations']);
// the migrations (push_hosts' known push services) or a server started once on the target leave
// these behind without any data of anyone's: the move replaces them
const REPLACED = new Set(['daybook_meta.keys', 'daybook_meta.throttles', 'daybook_private.push_hosts']);
// any number shared by every db:move into one database
const MOVE_LOCK = 4175;
const BATCH_ROWS = 1000;

interface Table {
  /** `schema.table`, as the catalog spells it */
  name: string;
  /** quoted for SQL */
  sql: string;
  /** the columns a row is written with, quoted (generated ones are computed again) */
  columns: string[];
  /** has a GENERATED ALWAYS identity column: inserts must say OVERRIDING SYSTEM VALUE */
  identityAlways: boolean;
}

const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

async function tablesOf(q: Querier): Promise<Table[]> {
  const rows = await q.query<{ name: string; sql: string; columns: string[] | null; identity_always: boolean }>(
    `select n.nspname || '.' || c.relname as name,
            quote_ident(n.nspname) || '.' || quote_ident(c.relname) as sql,
            array(select quote_ident(a.attname) from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns,
            exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as identity_always
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and ${SYSTEM_SCHEMAS}
     order by 1`,
  );
  return rows.map((r) => ({ name: r.name, sql: r.sql, columns: r.columns ?? [], identityAlways: r.identity_always }));
}

/** Tables before the tables that reference them (a cycle, if one ever appears, keeps catalog order). */
async function foreignKeyOrder(q: Querier, tables: Table[]): Promise<Table[]> {
  const refs = await q.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
     from pg_constraint k
     join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
     join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of refs) parents.get(r.child)?.add(r.parent);
  const ordered: Table[] = [];
  const done = new Set<string>();
  let rest = tables;
  while (rest.length) {
    const ready = rest.filter((t) => [...parents.get(t.name)!].every((p) => done.has(p) || !parents.has(p)));
    const next = ready.length ? ready : rest.slice(0, 1);
    for (const t of next) {
      ordered.push(t);
      done.add(t.name);
    }
    rest = rest.filter((t) => !done.has(t.name));
  }
  return ordered;
}

/** The tables of the target holding rows, besides the ones the move replaces. */
async function tablesWithRows(q: Querier): Promise<string[]> {
  const found: string[] = [];
  for (const t of await tablesOf(q)) {
    if (NOT_COPIED.has(t.name) || REPLACED.has(t.name)) continue;
    const [row] = await q.query<{ any: boolean }>(`select exists (select 1 from only ${t.sql}) as any`);
    if (row?.any) found.push(t.name);
  }
  return found;
}

function refuseUnlessEmpty(found: string[], where: string) {
  if (!found.length) return;
  const named = found.slice(0, 5).join(', ') + (found.length > 5 ? ` and ${found.length - 5} more` : '');
  throw new NotEmptyError(
    `The database at ${where} is not empty (rows in ${named}). db:move copies into an empty database only, so that nothing there is overwritten or mixed with this data: create a new database (createdb …) and move into that.`,
  );
}

async function appliedMigrations(q: Querier): Promise<string> {
  const rows = await q.query<{ name: string; sha256: string | null }>('select name, sha256 from daybook_meta.migrations order by name');
  return rows.map((r) => `${r.name} ${r.sha256 ?? ''}`).join('\n');
}

/** A URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

export async function moveDatabase(opts: { dataDir: string; targetUrl: string; log?: (line: string) => void }): Promise<MoveReport> {
  const log = opts.log ?? (() => {});
  const pgdata = join(opts.dataDir, 'pgdata');
  if (!existsSync(pgdata)) throw new MoveRefusedError(`There is no embedded database in ${pgdata} (set DAYBOOK_DATA to the data folder \`npm start\` used; default .daybook/).`);
  // PGlite keeps this file while the database is open and removes it on a clean close; it
  // does not stop a second opener, and a copy taken while `npm start` writes would be torn
  if (existsSync(join(pgdata, 'postmaster.pid'))) {
    throw new MoveRefusedError(
      `The embedded database in ${pgdata} is in use, or was not closed cleanly: stop \`npm start\` first (Ctrl-C). If it is not running, start it once and stop it with Ctrl-C, then move.`,
    );
  }
  const where = safeUrl(opts.targetUrl);
  const target = openPgPool(opts.targetUrl);
  let source: Awaited<ReturnType<typeof openPglite>> | null = null;
  try {
    // before migrating anything there: a database in use by something else is left as it is
    refuseUnlessEmpty(await tablesWithRows(target), where);
    source = await openPglite(pgdata);
    log('Bringing both databases up to this version of the migrations…');
    await migrate(source);
    await migrate(target);
    if ((await appliedMigrations(source)) !== (await appliedMigrations(target))) {
      throw new MoveRefusedError('The two databases applied different migrations; run db:move with the same checkout on both.');
    }
    const src = source;
    const tables = (await foreignKeyOrder(src, await tablesOf(src))).filter((t) => !NOT_COPIED.has(t.name));
    const targetTables = new Map((await tablesOf(target)).map((t) => [t.name, t]));
    for (const t of tables) {
      const there = targetTables.get(t.name);
      const missing = t.columns.filter((c) => !there?.columns.includes(c));
      if (!there || missing.length) throw new MoveRefusedError(`The target has no ${there ? `column ${missing.join(', ')} in ` : ''}${t.name}; the schemas differ.`);
    }
    const sequences = await src.query<{ sql: string; last_value: string | null }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as sql, s.last_value::text as last_value
       from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_sequences s on s.schemaname = n.nspname and s.sequencename = c.relname
       where c.relkind = 'S' and ${SYSTEM_SCHEMAS}`,
    );

    return await target.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock($1)', [MOVE_LOCK]);
      // again under the lock: two moves into one database at once must not both pass
      refuseUnlessEmpty(await tablesWithRows(q), where);
      for (const name of REPLACED) await q.query(`delete from ${targetTables.get(name)?.sql ?? name}`);
      const disabled = await stopTriggers(q, tables);
      const report: MoveReport = { tables: [], sequences: 0, keys: false };
      for (const t of tables) {
        const n = await copyTable(src, q, t);
        report.tables.push([t.name, n]);
        if (n) log(`  ${t.name}: ${n} rows`);
      }
      for (const s of sequences) {
        // pg_sequences shows null for a sequence never used: it stays at its start
        if (s.last_value === null) continue;
        await q.query('select setval($1::regclass, $2::bigint, true)', [s.sql, s.last_value]);
        report.sequences++;
      }
      const keys = readKeysFile(opts.dataDir);
      if (keys.jwtSecret && keys.anonKey && keys.vapidPublicKey && keys.vapidPrivateKey) {
        await storeKeys(q, { jwtSecret: keys.jwtSecret, anonKey: keys.anonKey, vapidPublicKey: keys.vapidPublicKey, vapidPrivateKey: keys.vapidPrivateKey });
        report.keys = true;
      }
      for (const t of disabled) await q.query(`alter table ${t.sql} enable trigger user`);
      return report;
    });
  } finally {
    await source?.close().catch(() => undefined);
    await target.close().catch(() => undefined);
  }
}

/**
 * Keeps triggers (the version bumps above all) from firing on the copied rows: replication
 * mode when the role may set it (a superuser), else each table's own triggers disabled inside
 * this transaction (its owner may); foreign keys are then still checked, which the copy order
 * satisfies. Returns the tables to enable again.
 */
async function stopTriggers(q: Querier, tables: Table[]): Promise<Table[]> {
  await q.query('savepoint replica');
  try {
    await q.query('set local session_replication_role = replica');
    return [];
  } catch {
    await q.query('rollback to savepoint replica');
  }
  for (const t of tables) await q.query(`alter table ${t.sql} disable trigger user`);
  return tables;
}

/** Copies one table's rows in batches, each row as JSON text both ways (exact for every type). */
async function copyTable(src: Awaited<ReturnType<typeof openPglite>>, q: Querier, t: Table): Promise<number> {
  if (!t.columns.length) return 0;
  const cols = t.columns.join(', ');
  const insert = `insert into ${t.sql} (${cols}) ${t.identityAlways ? 'overriding system value ' : ''}select ${cols} from json_populate_recordset(null::${t.sql}, $1::json)`;
  return src.tx(async (s) => {
    let copied = 0;
    await s.query(`declare db_move no scroll cursor for select row_to_json(r)::text as j from (select ${cols} from only ${t.sql}) r`);
    for (;;) {
      const rows = await s.query<{ j: string }>(`fetch ${BATCH_ROWS} from db_move`);
      if (!rows.length) break;
      await q.query(insert, [`[${rows.map((r) => r.j).join(',')}]`]);
      copied += rows.length;
    }
    await s.query('close db_move');
    return copied;
  });
}
