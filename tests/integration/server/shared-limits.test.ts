// Limits hold exactly across connections (SPEC §12, §15: several server processes on one
// PostgreSQL): an inviter's 100 invitations an hour stay 100 when two pushes count at once. One
// push is held open mid-count on a connection of the test's (as a push on another process
// would be); a second push through the API must wait for it and then be refused, not count
// past it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, push, pushOk, type RawMutation } from '../../helpers/server-sync';

const m = (id: number, name: string, args: Record<string, unknown>): RawMutation => ({ id, name, args });

describe.skipIf(!process.env.TEST_PG_URL)('limits shared by concurrent pushes on pg', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer('pg');
  });
  afterAll(() => srv?.stop());

  it('the 100th invitation counted by another connection makes a concurrent 101st wait, then refuses it', async () => {
    const inviter = await signUpUser(srv);
    const guest = await signUpUser(srv);
    const client = newId();
    const listId = newId();
    await pushOk(inviter.client, client, [m(1, 'list.create', { id: listId, name: 'Party', color: 'grey', position: 'a0' })]);
    await srv.sql.query(`insert into daybook_private.invitations (inviter) select $1 from generate_series(1, 99)`, [inviter.userId]);

    // the 100th, counted on another connection whose transaction has not committed yet
    const other = new pg.Client({ connectionString: srv.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: inviter.userId, role: 'authenticated' })]);
      await other.query('select daybook_private.count_invitation()');

      const concurrent = push(inviter.client, client, [m(2, 'member.invite', { list_id: listId, email: guest.email, role: 'editor' })]);
      // until the push waits on the other connection, or finishes without waiting
      let finished = false;
      void concurrent.finally(() => {
        finished = true;
      });
      for (;;) {
        const [w] = (await srv.sql.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as { n: number }[];
        if (finished || w!.n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await other.query('commit');
      const { data, error } = await concurrent;
      expect(error).toBeNull();
      expect(data!.results[0]).toMatchObject({ status: 'refused', error: { code: 'rate_limited' } });
    } finally {
      await other.end();
    }
    const [count] = await srv.sql.query<{ n: number }>('select count(*)::int as n from daybook_private.invitations where inviter = $1', [inviter.userId]);
    expect(count!.n).toBe(100);
  });
});
