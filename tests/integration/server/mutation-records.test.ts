// sync_mutations keeps only what exactly-once answers and undelivered refusals
// need (supabase/README.md, "What the server keeps"). An applied change's record serves a replay's
// `first_status` while it is among its client's last 1000 mutation ids (removed once 100 have left
// that window); a refused change's record stays until the device acknowledges it (pull cursor
// `refused`), however old. Pruning is a bounded number of rows per request, for the caller's
// client id only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pull, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('what sync_mutations keeps on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  /** A client that has sent ids 1..last, all applied except those in `refused` (inserted directly: fast). */
  async function seedClient(last: number, refused: number[]) {
    const client = newId();
    await srv.sql.query('insert into public.sync_clients (client_id, user_id, last_mutation_id) values ($1, $2, $3)', [client, user.userId, last]);
    await srv.sql.query(
      `insert into public.sync_mutations (client_id, mutation_id, user_id, name, status, error, args)
       select $1, g, $2, 'task.delete', case when r then 'refused' else 'applied' end,
         case when r then '{"code":"not_found","message":"gone"}'::jsonb end, case when r then '{}'::jsonb end
       from generate_series(1, $3::int) g, lateral (select g = any($4::int[]) as r) x`,
      [client, user.userId, last, refused],
    );
    return client;
  }

  const summary = async (client: string) => {
    const [row] = await srv.sql.query<{ applied: number; first_applied: number; refused: number[] }>(
      `select count(*) filter (where status = 'applied')::int as applied,
         min(mutation_id) filter (where status = 'applied')::int as first_applied,
         coalesce(array_agg(mutation_id::int order by mutation_id) filter (where status = 'refused'), '{}') as refused
       from public.sync_mutations where client_id = $1`,
      [client],
    );
    return row!;
  };

  it('a push prunes its client’s applied records older than its last 1000 ids, at most 500 a time, 100 or more at once; refusals stay', async () => {
    const client = await seedClient(2000, [10, 1200]);
    const other = await seedClient(2000, []);
    await pushOk(user.client, client, [taskCreate(2001, newId(), user.userId, 'x')]);
    // ids 1..1001 are out of the window: the oldest 500 applied ones went
    expect(await summary(client)).toEqual({ applied: 2001 - 2 - 500, first_applied: 502, refused: [10, 1200] });
    await pushOk(user.client, client, [taskCreate(2002, newId(), user.userId, 'y')]);
    // the next 500 (ids 502..1001); the window is ids 1003..2002, and id 1002 waits
    expect(await summary(client)).toEqual({ applied: 1000, first_applied: 1002, refused: [10, 1200] });
    // fewer than 100 ids have left the window since: nothing is removed
    for (let id = 2003; id < 2101; id++) await pushOk(user.client, client, [taskCreate(id, newId(), user.userId, 'z')]);
    expect(await summary(client)).toEqual({ applied: 1098, first_applied: 1002, refused: [10, 1200] });
    // the 100th: ids 1002..1101 go at once; the window is ids 1102..2101 (one of them refused)
    await pushOk(user.client, client, [taskCreate(2101, newId(), user.userId, 'z')]);
    expect(await summary(client)).toEqual({ applied: 999, first_applied: 1102, refused: [10, 1200] });
    // nobody else's records are touched
    expect((await summary(other)).applied).toBe(2000);
  });

  it('a pull forgets its client’s acknowledged refusals, at most 1000 a time', async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => i + 1);
    const client = await seedClient(1500, ids);
    const r = await pull(user.client, client, { refused: 1499 }, 10);
    expect(r.data!.refused.map((x) => x.id)).toEqual([1500]);
    expect((await summary(client)).refused).toHaveLength(500);
    await pull(user.client, client, { refused: 1499 }, 10);
    expect((await summary(client)).refused).toEqual([1500]);
  });
});
