// How many table rows one SQL statement reads, run with a person's claims as the API would set
// them: the tables' own counters before and after it, inside one transaction. A plan's cost
// counted in rows, which a test can hold to a bound without timing anything.
import type { TestServer } from './server';

/** Defines public.test_rows_read on the server's database (the tests' own; once per server). */
export async function installRowsRead(srv: TestServer): Promise<void> {
  await srv.sql.exec(`
    create or replace function public.test_rows_read(p_user uuid, p_sql text) returns jsonb
    language plpgsql as $$
    declare
      before bigint;
      after bigint;
      result text;
    begin
      perform set_config('request.jwt.claims', json_build_object('sub', p_user, 'role', 'authenticated')::text, true);
      perform set_config('request.jwt.claim.sub', p_user::text, true);
      select coalesce(sum(coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0)), 0) into before from pg_stat_xact_user_tables;
      execute p_sql into result;
      select coalesce(sum(coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0)), 0) into after from pg_stat_xact_user_tables;
      return jsonb_build_object('read', after - before, 'result', result);
    end $$;`);
}

/** `sql` (one statement, its first value answered as text) run as `userId`: the rows it read. */
export async function rowsRead(srv: TestServer, userId: string, sql: string): Promise<{ read: number; result: string | null }> {
  const rows = await srv.sql.query<{ r: { read: number; result: string | null } }>('select public.test_rows_read($1, $2) as r', [userId, sql]);
  return rows[0]!.r;
}

/** A value as an SQL literal (the tests' own ids and JSON). */
export const literal = (value: unknown): string => `'${(typeof value === 'string' ? value : JSON.stringify(value)).replace(/'/g, "''")}'`;
