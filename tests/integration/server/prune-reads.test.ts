// Every push of a device that has sent more than 1,100 changes prunes its oldest records
// (daybook_private.prune_applied). The prune must read about the rows it removes, whatever the
// planner believes about the table: with statistics taken while each client had one record, a
// plan that walked all of a client's records and ran the subquery again for each read hundreds
// of thousands of rows per push, each push slower than the one before. Counted in rows read, not
// in time (tests/helpers/rows-read.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId } from '../../helpers/server-sync';
import { installRowsRead, literal, rowsRead } from '../../helpers/rows-read';

describe.each(SERVER_KINDS)('pruning a client’s records on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
    await installRowsRead(srv);
    // 300 devices with one record each, and the statistics taken then
    const few = Array.from({ length: 300 }, () => newId());
    await srv.sql.query('insert into public.sync_clients (client_id, user_id) select unnest($1::uuid[]), $2', [few, user.userId]);
    await srv.sql.query(
      `insert into public.sync_mutations (client_id, mutation_id, user_id, name, status)
       select c, 1, $2, 'task.create', 'applied' from unnest($1::uuid[]) c`,
      [few, user.userId],
    );
    await srv.sql.exec('analyze public.sync_mutations');
  });
  afterAll(() => srv?.stop());

  /** A device that has pushed on for 3,000 changes since; every `refusedEvery`th refused. */
  async function busyClient(refusedEvery = 0): Promise<string> {
    const client = newId();
    await srv.sql.query('insert into public.sync_clients (client_id, user_id, last_mutation_id) values ($1, $2, 3000)', [client, user.userId]);
    await srv.sql.query(
      `insert into public.sync_mutations (client_id, mutation_id, user_id, name, status, error)
       select $1, g, $2, 'task.update', s, case when s = 'refused' then '{"code":"invalid","message":"No"}'::jsonb end
       from generate_series(1, 3000) g, lateral (select case when $3 > 0 and g % $3 = 0 then 'refused' else 'applied' end as s) x`,
      [client, user.userId, refusedEvery],
    );
    return client;
  }

  it('a prune of 500 among 3,000 records reads about the 500 it removes, with statistics from one record a client', async () => {
    const client = await busyClient();
    const r = await rowsRead(srv, user.userId, `select daybook_private.prune_applied(${literal(client)}, 0, 3000)`);
    const left = await srv.sql.query<{ n: string }>('select count(*) as n from public.sync_mutations where client_id = $1', [client]);
    // the oldest 500 of the 2,000 below the window are gone, the next prune starts after them
    expect(Number(r.result)).toBe(501);
    expect(Number(left[0]!.n)).toBe(2500);
    expect(r.read).toBeGreaterThanOrEqual(500);
    // (found, then deleted: 1,000; a walk over all 3,000 of the client's records reads more)
    expect(r.read).toBeLessThanOrEqual(1200);
  });

  it('forgetting 30 refusals among 3,000 records reads about those 30', async () => {
    const client = await busyClient(100);
    const r = await rowsRead(srv, user.userId, `select daybook_private.forget_refusals(${literal(client)}, 3000)`);
    const [left] = await srv.sql.query<{ all: string; refused: string }>(
      `select count(*) as all, count(*) filter (where status = 'refused') as refused from public.sync_mutations where client_id = $1`,
      [client],
    );
    expect(Number(left!.refused)).toBe(0);
    expect(Number(left!.all)).toBe(2970);
    expect(r.read).toBeGreaterThanOrEqual(30);
    expect(r.read).toBeLessThanOrEqual(200);
  });
});
