// Limits hold exactly across connections (SPEC §12, §15: several server processes on one
// PostgreSQL): an inviter's 100 invitations an hour stay 100 when two pushes count at once, and
// an account's 10 push subscriptions stay 10 when two devices subscribe at once. One call is held
// open mid-count on a connection of the test's (as a call on another process would be); a second
// call through the API must wait for it and then count what it did, not count past it.
import { createECDH, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, push, pushOk, type RawMutation } from '../../helpers/server-sync';

const m = (id: number, name: string, args: Record<string, unknown>): RawMutation => ({ id, name, args });

/** Until `call` waits on a lock held by another connection, or finishes without waiting. */
async function untilWaitingOrDone(srv: TestServer, call: Promise<unknown>): Promise<void> {
  let finished = false;
  void call.finally(() => {
    finished = true;
  });
  for (;;) {
    const [w] = (await srv.sql.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as { n: number }[];
    if (finished || w!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

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
      await untilWaitingOrDone(srv, concurrent);
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

  it('the 10th push subscription made on another connection makes a concurrent 11th wait, then the oldest goes', async () => {
    const carol = await signUpUser(srv);
    const sub = () => ({
      p_endpoint: `https://fcm.googleapis.com/fcm/send/${newId()}`,
      p_p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      p_auth: randomBytes(16).toString('base64url'),
      p_time_zone: 'UTC',
      p_remind_at: '09:00',
    });
    for (let i = 0; i < 9; i++) {
      const { error } = await carol.client.rpc('push_subscribe', sub());
      expect(error).toBeNull();
    }

    const other = new pg.Client({ connectionString: srv.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: carol.userId, role: 'authenticated' })]);
      const tenth = sub();
      await other.query('select public.push_subscribe($1, $2, $3, $4, $5)', [tenth.p_endpoint, tenth.p_p256dh, tenth.p_auth, tenth.p_time_zone, tenth.p_remind_at]);

      const concurrent = Promise.resolve(carol.client.rpc('push_subscribe', sub()));
      await untilWaitingOrDone(srv, concurrent);
      await other.query('commit');
      expect((await concurrent).error).toBeNull();
    } finally {
      await other.end();
    }
    const [count] = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.push_subscriptions where user_id = $1', [carol.userId]);
    expect(count!.n).toBe(10);
  });
});
