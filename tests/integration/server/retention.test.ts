// Scheduled retention (SPEC §17), on PGlite and PostgreSQL 15: prune_retained removes the history
// older than 180 days and the notifications older than 90 that idle tasks and people keep (their
// writes trim nothing), in batches of at most its limit of each, and answers how many went; what
// is recent stays, a task's 200 newest entries among it, and nothing of other tasks or people is
// touched; a second run removes nothing. The stand-in runs it on its timer; only service_role
// may call it through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists, tasks } from '@/data/write';
import { pruneRetained, startRetention } from '../../../server/retention';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { connectDevice, syncUntilQuiet } from '../../helpers/sync-device';
import { installRowsRead, rowsRead } from '../../helpers/rows-read';

interface Setup {
  a: TestUser;
  b: TestUser;
  listId: string;
  idle: string;
  busy: string;
  bobsTask: string;
}

describe.each(SERVER_KINDS)('retention on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => srv.sql.query<T>(sql, params);
  const count = async (sql: string, params: unknown[]) => (await q<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
  const historyOf = (taskId: string) => count('daybook_private.task_history where task_id = $1', [taskId]);
  const notificationsOf = (userId: string) => count('public.notifications where recipient = $1', [userId]);

  /** `n` history entries of a task, `daysAgo` old, numbered on from `seq`. */
  const addHistory = (taskId: string, listId: string, n: number, daysAgo: number, seq = 1) =>
    q(
      `insert into daybook_private.task_history (task_id, list_id, kind, after, at, seq)
       select $1, $2, 'title', to_jsonb('t' || i), now() - make_interval(days => $4) + make_interval(secs => i), $5 + i - 1
       from generate_series(1, $3) i`,
      [taskId, listId, n, daysAgo, seq],
    );
  /** `n` notifications of a person, `daysAgo` old. */
  const addNotifications = (userId: string, listId: string, n: number, daysAgo: number) =>
    q(
      `insert into public.notifications (recipient, kind, list_id, at, version)
       select $1, 'comment', $2, now() - make_interval(days => $4) + make_interval(secs => i), i from generate_series(1, $3) i`,
      [userId, listId, n, daysAgo],
    );

  /** Ana's and Bob's lists and tasks, with history and notifications of every age. */
  async function setup(): Promise<Setup> {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const list = await lists.create({ name: 'House', color: 'green' }, alice.db);
    const bobsList = await lists.create({ name: 'Garage', color: 'blue' }, bob.db);
    const idle = await tasks.create({ title: 'Idle since spring', list_id: list.id }, alice.db);
    const busy = await tasks.create({ title: 'Changed every day', list_id: list.id }, alice.db);
    const bobsTask = await tasks.create({ title: 'Bob’s', list_id: bobsList.id }, bob.db);
    await syncUntilQuiet([alice, bob]);
    // the 'created' entries made now stay; the idle task's older ones all go
    await addHistory(idle.id, list.id, 40, 200, 2);
    // 200 recent entries (the most a task keeps) before 30 old ones: the 200 stay
    await addHistory(busy.id, list.id, 30, 181, 2);
    await addHistory(busy.id, list.id, 199, 170, 32);
    // Bob's: within 180 days, if only just
    await addHistory(bobsTask.id, bobsList.id, 10, 179, 2);
    await addNotifications(a.userId, list.id, 25, 120);
    await addNotifications(a.userId, list.id, 5, 10);
    await addNotifications(b.userId, bobsList.id, 7, 89);
    return { a, b, listId: list.id, idle: idle.id, busy: busy.id, bobsTask: bobsTask.id };
  }

  it('removes old history and notifications in batches, keeps the recent and what is others’, and a second run removes nothing', async () => {
    const s = await setup();
    const before = {
      others: await count('daybook_private.task_history where task_id <> all ($1)', [[s.idle, s.busy, s.bobsTask]]),
      otherNotifications: await count('public.notifications where recipient <> all ($1)', [[s.a.userId, s.b.userId]]),
    };
    // a batch is bounded: at most 20 of each
    const [first] = await q<{ history: number; notifications: number }>('select * from daybook_private.prune_retained(20)');
    expect(first).toEqual({ history: 20, notifications: 20 });

    const run = await pruneRetained(srv.sql, 20);
    // 70 old entries and 25 old notifications in all, 20 of each a batch: three more batches
    expect(run).toEqual({ history: 50, notifications: 5, batches: 3 });
    expect(await historyOf(s.idle)).toBe(1);
    expect(await historyOf(s.busy)).toBe(200);
    expect(await count('daybook_private.task_history where task_id = $1 and seq between 32 and 230', [s.busy])).toBe(199);
    expect(await historyOf(s.bobsTask)).toBe(11);
    expect(await notificationsOf(s.a.userId)).toBe(5);
    expect(await notificationsOf(s.b.userId)).toBe(7);
    // the list's own entries (Ana joining as its owner) are recent: they stay
    expect(await count('daybook_private.task_history where list_id = $1 and task_id is null', [s.listId])).toBeGreaterThan(0);
    expect(await count('daybook_private.task_history where task_id <> all ($1)', [[s.idle, s.busy, s.bobsTask]])).toBe(before.others);
    expect(await count('public.notifications where recipient <> all ($1)', [[s.a.userId, s.b.userId]])).toBe(before.otherNotifications);

    expect(await pruneRetained(srv.sql, 20)).toEqual({ history: 0, notifications: 0, batches: 1 });
    // what the reads show is unchanged: the RPC filters by age as before
    const { data, error } = await s.a.client.rpc('task_history', { p_task_id: s.busy });
    expect(error).toBeNull();
    expect((data as unknown[]).length).toBe(50);
  });

  it('runs on the stand-in’s timer: soon after start, then again', async () => {
    const s = await setup();
    const retention = startRetention({ db: srv.sql, firstAfterMs: 10, everyMs: 50 });
    try {
      await expect.poll(() => historyOf(s.idle), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => notificationsOf(s.a.userId), { timeout: 10_000 }).toBe(5);
      // and again: what ages meanwhile goes at the next run
      await addNotifications(s.b.userId, s.listId, 3, 95);
      await expect.poll(() => notificationsOf(s.b.userId), { timeout: 10_000 }).toBe(7);
    } finally {
      await retention.stop();
    }
    expect(await historyOf(s.busy)).toBe(200);
  });

  it('reads about the rows it removes, whatever the tables hold beside them', async () => {
    const s = await setup();
    await pruneRetained(srv.sql);
    // 20,000 recent entries and notifications, with 100 old ones of each among them
    await addHistory(s.busy, s.listId, 10_000, 30, 300);
    await addHistory(s.idle, s.listId, 100, 190, 300);
    await addHistory(s.busy, s.listId, 10_000, 20, 10_300);
    await addNotifications(s.b.userId, s.listId, 10_000, 30);
    await addNotifications(s.a.userId, s.listId, 100, 95);
    await addNotifications(s.b.userId, s.listId, 10_000, 20);
    await installRowsRead(srv);
    const r = await rowsRead(srv, s.a.userId, 'select history + notifications from daybook_private.prune_retained(5000)');
    expect(r.result).toBe('200');
    // found, then deleted: about 400; a sequential scan reads all 40,000 and more
    expect(r.read).toBeLessThan(1000);
    const idle = await rowsRead(srv, s.a.userId, 'select history + notifications from daybook_private.prune_retained(5000)');
    expect(idle).toEqual({ result: '0', read: expect.any(Number) });
    expect(idle.read).toBeLessThan(500);
  });

  it('is the service role’s alone', async () => {
    const a = await signUpUser(srv);
    const { error } = await a.client.rpc('prune_retained', { p_limit: 10 });
    expect(error).not.toBeNull();
    const rights = await q<{ role: string; wrapper: boolean; inner: boolean; all: boolean }>(
      `select r as role, has_function_privilege(r, 'public.prune_retained(int)', 'execute') as wrapper,
         has_function_privilege(r, 'daybook_private.prune_retained(int)', 'execute') as inner,
         has_function_privilege(r, 'daybook_private.prune_retained_all(int, int)', 'execute') as all
       from unnest(array['anon', 'authenticated', 'service_role']) r order by r`,
    );
    expect(rights).toEqual([
      { role: 'anon', wrapper: false, inner: false, all: false },
      { role: 'authenticated', wrapper: false, inner: false, all: false },
      { role: 'service_role', wrapper: true, inner: false, all: false },
    ]);
  });
});
