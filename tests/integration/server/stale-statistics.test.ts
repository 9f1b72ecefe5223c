// A pull and a push read about the rows they concern, not the whole table, even while the
// table's statistics are from when it was small. PostgreSQL takes statistics when a table is new
// and again only after it has changed by a tenth, and PL/pgSQL keeps each statement's plan for the
// session: a lookup planned as a scan of a few rows would otherwise read every task of every
// group on every sync until the next ANALYZE. Counted in rows read, not in time
// (tests/helpers/rows-read.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pullAll, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';
import { installRowsRead, literal, rowsRead } from '../../helpers/rows-read';

const GROWN = 30_000;

describe.each(SERVER_KINDS)('reads after a table outgrew its statistics on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
    bob = await signUpUser(srv);
    await installRowsRead(srv);
  });
  afterAll(() => srv?.stop());

  const reads = async (user: TestUser, call: 'pull' | 'push', client: string, arg: unknown) =>
    (
      await rowsRead(
        srv,
        user.userId,
        call === 'pull'
          ? `select public.sync_pull(${literal(client)}, ${literal(arg)}::jsonb, 1000)`
          : `select public.sync_push(${literal(client)}, ${literal(arg)}::jsonb)`,
      )
    ).read;

  it('a caught-up pull and a one-change push read few rows once the tasks table has grown', async () => {
    // Alice's small list, synced, and the statistics taken while the tables are this small
    const listId = newId();
    const tasks = Array.from({ length: 5 }, () => newId());
    const pushClient = newId();
    await pushOk(alice.client, pushClient, [listCreate(1, listId, 'Home'), ...tasks.map((t, i) => taskCreate(i + 2, t, listId, `Task ${i}`))]);
    const pullClient = newId();
    const cursors = (await pullAll(alice.client, pullClient)).at(-1)!.cursors;
    await srv.sql.exec('analyze');
    // the session's plans made now (PL/pgSQL keeps a statement's plan after a few runs)
    let id = 6;
    for (let i = 0; i < 6; i++) {
      await reads(alice, 'pull', pullClient, cursors);
      // a due date keeps the change off the set-wise path: the change-by-change path's plans too
      const edit: RawMutation = { id: ++id, name: 'task.update', args: { id: tasks[i % 5], patch: { due_date: `2026-12-0${1 + i}` } } };
      await reads(alice, 'push', pushClient, [edit]);
    }

    // then another group's 30,000 tasks arrive (as a move or a busy week would bring them)
    const bobList = newId();
    await pushOk(bob.client, newId(), [listCreate(1, bobList, 'Big')]);
    await srv.sql.query(
      `insert into public.tasks (id, list_id, title, notes, position, created_by, version)
       select gen_random_uuid(), $1, 'Task ' || g, '', 'a0', $2, g from generate_series(1, $3::int) g`,
      [bobList, bob.userId, GROWN],
    );

    // Alice's pull reads her lists' few rows (a scan would read all 30,000 tasks for each of her
    // lists), and her push the rows of the task it changes
    const pulled = await reads(alice, 'pull', pullClient, cursors);
    const edit: RawMutation = { id: ++id, name: 'task.update', args: { id: tasks[0], patch: { due_date: '2026-12-24', title: 'Still quick' } } };
    const pushed = await reads(alice, 'push', pushClient, [edit]);
    expect(pulled).toBeLessThan(500);
    expect(pushed).toBeLessThan(500);
  });
});
