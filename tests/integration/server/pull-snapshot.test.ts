// sync_pull answers rows, refusals and last_mutation_id from ONE snapshot.
// A pull that saw a push's last_mutation_id but not its effects would have the device drop the
// change from its queue without ever receiving it (or, if refused, without learning why).
//
// The push is made to land exactly where the old sync_pull read last_mutation_id: after its
// page, in daybook_private.client_last_mutation_id. The test swaps that function for a VOLATILE
// copy (a volatile function reads with a fresh snapshot, as a separate statement would) that
// first lets a push commit, then answers as the original does. Whatever sync_pull does, the
// answer must hold: every mutation id ≤ last_mutation_id has its effect or its refusal in the
// page (nothing came before it: the pull starts from empty cursors).
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pull, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

const HOOKED = 'daybook_private.client_last_mutation_id(uuid)';
const LOCK_KEY = 4242;

/** The original function's body, as the migrations made it (read back to put it back). */
async function originalDefinition(srv: TestServer): Promise<string> {
  const [row] = await srv.sql.query<{ def: string }>(`select pg_get_functiondef('${HOOKED}'::regprocedure) as def`);
  return row!.def;
}

/** Replaces the function with a volatile one that runs `before` for `clientId`, then answers as the original. */
async function hook(srv: TestServer, clientId: string, before: string) {
  await srv.sql.exec(`
    create or replace function daybook_private.client_last_mutation_id(p_client_id uuid) returns bigint
    language plpgsql volatile security definer set search_path = public, pg_temp as $hook$
    declare
      c record;
    begin
      if p_client_id = '${clientId}' then
        ${before}
        insert into daybook_test_hook_ran values (1);
      end if;
      select user_id, last_mutation_id into c from public.sync_clients where client_id = p_client_id;
      if not found then
        return 0;
      end if;
      if c.user_id <> auth.uid() then
        raise exception using errcode = '42501', message = 'This client id belongs to another user';
      end if;
      return c.last_mutation_id;
    end $hook$;`);
}

/** Every id up to last_mutation_id among `pushed` is in the page: its task row, or its refusal. */
function expectConsistent(page: PullResult, pushed: { id: number; task?: string }[]) {
  for (const m of pushed) {
    if (m.id > page.last_mutation_id) continue;
    if (m.task) expect(page.tasks.map((t) => t.id), `effect of mutation ${m.id}`).toContain(m.task);
    else expect(page.refused.map((r) => r.id), `refusal of mutation ${m.id}`).toContain(m.id);
  }
}

describe.each(SERVER_KINDS)('one snapshot per pull on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  let original: string;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
    original = await originalDefinition(srv);
    await srv.sql.exec('create table daybook_test_hook_ran (x int); grant insert on daybook_test_hook_ran to authenticated');
  });
  afterEach(async () => {
    await srv.sql.exec(original);
    await srv.sql.exec('delete from daybook_test_hook_ran');
  });
  afterAll(() => srv?.stop());

  it('a push that commits while a pull runs is acknowledged only with its effect and its refusal in the page', async () => {
    const client = newId();
    const task = newId();
    const mutations: RawMutation[] = [
      taskCreate(1, task, user.userId, 'made during the pull'),
      { id: 2, name: 'task.update', args: { id: newId(), patch: { title: 'no such task' } } },
    ];
    // runs inside the pull's transaction, where the old sync_pull read last_mutation_id
    await hook(srv, client, `perform public.sync_push(p_client_id, '${JSON.stringify(mutations)}'::jsonb);`);

    const { data, error } = await pull(user.client, client);
    expect(error).toBeNull();
    expect(await srv.sql.query('select * from daybook_test_hook_ran'), 'the push ran during the pull').toHaveLength(1);
    expect(data!.last_mutation_id).toBe(2);
    expectConsistent(data!, [{ id: 1, task }, { id: 2 }]);
  });
});

// A real concurrent push through the HTTP API, on PostgreSQL 15 (PGlite runs one transaction at
// a time): the pull waits on an advisory lock the test holds at the same point, meanwhile the
// push commits, then the lock is released and the pull answers.
const onPg = process.env.TEST_PG_URL ? describe : describe.skip;

onPg('one snapshot per pull with a concurrent push on PostgreSQL 15', () => {
  let srv: TestServer;
  let user: TestUser;
  let original: string;
  let side: pg.Client;
  beforeAll(async () => {
    srv = await startTestServer('pg');
    user = await signUpUser(srv);
    // the Inbox exists first: a pull that made it would hold its row until commit, and the push would wait on it
    await pull(user.client, newId());
    original = await originalDefinition(srv);
    await srv.sql.exec('create table daybook_test_hook_ran (x int); grant insert on daybook_test_hook_ran to authenticated');
    side = new pg.Client({ connectionString: srv.databaseUrl });
    await side.connect();
  });
  afterAll(async () => {
    await side?.end();
    await srv?.stop();
  });

  async function waitForLockWaiter() {
    for (let i = 0; i < 200; i++) {
      const { rows } = await side.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and objid = $1`,
        [LOCK_KEY],
      );
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the pull never reached the hooked function');
  }

  it('a push committed over HTTP while the pull waits is in the page if last_mutation_id counts it', async () => {
    const client = newId();
    const task = newId();
    await side.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await hook(srv, client, `perform pg_advisory_xact_lock(${LOCK_KEY});`);
      const pulling = pull(user.client, client);
      await waitForLockWaiter();
      const pushed = await pushOk(user.client, client, [
        taskCreate(1, task, user.userId, 'made during the pull'),
        { id: 2, name: 'task.delete', args: { id: newId() } },
      ]);
      expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'refused']);
      await side.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
      const { data, error } = await pulling;
      expect(error).toBeNull();
      expect(data!.last_mutation_id).toBe(2);
      expectConsistent(data!, [{ id: 1, task }, { id: 2 }]);
    } finally {
      await side.query('select pg_advisory_unlock_all()');
      await srv.sql.exec(original);
    }
  });
});
