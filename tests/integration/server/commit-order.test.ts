// Version order = commit order, on PostgreSQL 15 with real concurrent connections.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pullAll, pushOk, taskCreate } from '../../helpers/server-sync';

const run = process.env.TEST_PG_URL ? describe : describe.skip;

run('commit order on PostgreSQL 15', () => {
  let srv: TestServer;
  let user: TestUser;
  let slow: pg.Client;
  const [listA, listB] = [newId(), newId()];

  beforeAll(async () => {
    srv = await startTestServer('pg');
    user = await signUpUser(srv);
    await pushOk(user.client, newId(), [listCreate(1, listA, 'A'), listCreate(2, listB, 'B')]);
    slow = new pg.Client({ connectionString: srv.databaseUrl });
    await slow.connect();
  });
  afterAll(async () => {
    await slow?.end();
    await srv?.stop();
  });

  /** Opens a push on the side connection that has taken its version but not committed. */
  async function openSlowPush(listId: string, taskId: string) {
    await slow.query('begin');
    await slow.query('set local role authenticated');
    await slow.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: user.userId, role: 'authenticated' })]);
    const { rows } = await slow.query('select public.sync_push($1, $2::jsonb) as r', [
      newId(),
      JSON.stringify([taskCreate(1, taskId, listId, 'slow')]),
    ]);
    return rows[0].r as { results: { status: string }[] };
  }

  it('a push that took its version first is never skipped by a pull that ran before it committed', async () => {
    const reader = newId();
    const base = await pullAll(user.client, reader);
    const slowTask = newId();
    const fastTask = newId();
    const opened = await openSlowPush(listA, slowTask);
    expect(opened.results[0]?.status).toBe('applied');

    // a second writer to the same list queues behind the open one instead of overtaking it
    let fastDone = false;
    const fast = pushOk(user.client, newId(), [taskCreate(1, fastTask, listA, 'fast')]).then((r) => {
      fastDone = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(fastDone).toBe(false);

    const between = await pullAll(user.client, reader, base.at(-1)!.cursors);
    expect(between.flatMap((p) => p.tasks)).toEqual([]);
    const cursorsBetween = between.at(-1)!.cursors;
    expect(cursorsBetween[listA]).toBe(base.at(-1)!.cursors[listA]);

    await slow.query('commit');
    expect((await fast).results[0]?.status).toBe('applied');

    const after = await pullAll(user.client, reader, cursorsBetween);
    const got = after.flatMap((p) => p.tasks);
    expect(got.map((t) => t.id)).toEqual([slowTask, fastTask]);
    expect(got[0]!.version).toBeLessThan(got[1]!.version);
  });

  it('writes to two different lists proceed concurrently', async () => {
    const held = newId();
    await openSlowPush(listA, held);
    try {
      const other = newId();
      const r = await pushOk(user.client, newId(), [taskCreate(1, other, listB, 'other list')]);
      expect(r.results[0]?.status).toBe('applied');
      const tasks = (await pullAll(user.client, newId())).flatMap((p) => p.tasks);
      expect(tasks.map((t) => t.id)).toContain(other);
      expect(tasks.map((t) => t.id)).not.toContain(held);
    } finally {
      await slow.query('commit');
    }
  });
});
