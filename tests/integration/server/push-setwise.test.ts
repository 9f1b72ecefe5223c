// sync_push applies a batch of new task creations and plain edits set-wise (one
// statement per run of one kind, the list's versions taken in one move) and falls back to one
// sub-transaction per change when the batch holds a refusal. The answers, the rows, the versions
// and what another device pulls must be what the per-change path gives; these tests pin that,
// and that the set-wise path is really the one taken (the list's counter row is written once per
// run, not once per change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pullAll, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

const edit = (id: number, taskId: string, patch: Record<string, unknown>): RawMutation => ({
  id,
  name: 'task.update',
  args: { id: taskId, patch },
});

describe.each(SERVER_KINDS)('set-wise push on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
    bob = await signUpUser(srv);
    // sync_push called as the database's owner with a person's claims, in one transaction with
    // the read of how many times it updated the version counters (visible inside it only)
    await srv.sql.exec(`
      create function public.test_push_counter_writes(p_user uuid, p_client uuid, p_mutations jsonb) returns jsonb
      language plpgsql as $$
      declare
        answer jsonb;
        before bigint;
      begin
        perform set_config('request.jwt.claims', json_build_object('sub', p_user, 'role', 'authenticated')::text, true);
        perform set_config('request.jwt.claim.sub', p_user::text, true);
        -- (a difference: PGlite's one session does not start these counters at 0 per transaction)
        select coalesce(sum(n_tup_upd + n_tup_ins), 0) into before from pg_stat_xact_user_tables where relname = 'sync_spaces';
        answer := public.sync_push(p_client, p_mutations);
        return jsonb_build_object('answer', answer, 'counter_writes',
          (select coalesce(sum(n_tup_upd + n_tup_ins), 0) - before from pg_stat_xact_user_tables where relname = 'sync_spaces'));
      end $$;`);
    // their Inboxes (and Inbox counters) exist from their first pull on
    await pullAll(alice.client, newId());
    await pullAll(bob.client, newId());
  });
  afterAll(() => srv?.stop());

  async function pushCounted(user: TestUser, client: string, mutations: RawMutation[]) {
    const rows = await srv.sql.query<{ r: { answer: PushResult; counter_writes: number } }>(
      'select public.test_push_counter_writes($1, $2, $3::jsonb) as r',
      [user.userId, client, JSON.stringify(mutations)],
    );
    return rows[0]!.r;
  }

  const versionsOf = async (ids: string[]) =>
    (await srv.sql.query<{ id: string; version: string; title: string }>('select id, version, title from public.tasks where id = any($1::uuid[])', [ids])).reduce(
      (m, r) => m.set(r.id, { version: Number(r.version), title: r.title }),
      new Map<string, { version: number; title: string }>(),
    );

  it('200 creations and edits in one push: one counter write per run, versions fresh and distinct, the other device pulls each once', async () => {
    const client = newId();
    const ids = Array.from({ length: 150 }, () => newId());
    const batch: RawMutation[] = [
      ...ids.map((t, i) => taskCreate(i + 1, t, alice.userId, `Task ${i}`, { position: `a${i}` })),
      // a task created and then edited in the same push
      ...ids.slice(0, 50).map((t, i) => edit(151 + i, t, { title: `Edited ${i}`, done: i % 2 === 0, priority: 2 })),
    ];
    const counter = async () =>
      Number((await srv.sql.query<{ version: string }>('select version from public.sync_spaces where list_id = $1', [alice.userId]))[0]!.version);
    const before = await counter();
    const { answer, counter_writes } = await pushCounted(alice, client, batch);
    expect(answer.results).toEqual(batch.map((m) => ({ id: m.id, status: 'applied' })));
    expect(answer.last_mutation_id).toBe(200);
    // the creations, then the edits: one move of the Inbox's counter each
    expect(counter_writes).toBe(2);

    const rows = await versionsOf(ids);
    const versions = ids.map((t) => rows.get(t)!.version);
    expect(new Set(versions).size).toBe(150);
    expect(Math.min(...versions)).toBeGreaterThan(before);
    expect(Math.max(...versions)).toBe(await counter());
    // the edited ones after every creation, as if applied one by one
    expect(Math.min(...ids.slice(0, 50).map((t) => rows.get(t)!.version))).toBeGreaterThan(Math.max(...ids.slice(50).map((t) => rows.get(t)!.version)));
    expect(rows.get(ids[0]!)!.title).toBe('Edited 0');
    const [done] = await srv.sql.query<{ done: boolean; done_at: string | null; priority: number }>(
      'select done, done_at, priority from public.tasks where id = $1',
      [ids[0]],
    );
    expect(done).toMatchObject({ done: true, priority: 2 });
    expect(done!.done_at).not.toBeNull();

    // a device of the same person pulls every task exactly once, with the edit
    const pages = await pullAll(alice.client, newId());
    const pulled = pages.flatMap((p) => p.tasks).filter((t) => ids.includes(t.id));
    expect(pulled.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(pulled.find((t) => t.id === ids[1])!.title).toBe('Edited 1');
  });

  it('creations into two lists in one push take each list’s versions once', async () => {
    const client = newId();
    const home = newId();
    await pushOk(alice.client, client, [listCreate(1, home)]);
    const a = newId();
    const b = newId();
    const c = newId();
    const { answer, counter_writes } = await pushCounted(alice, client, [
      taskCreate(2, a, home, 'Home one'),
      taskCreate(3, b, alice.userId, 'Inbox one'),
      taskCreate(4, c, home, 'Home two'),
    ]);
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(counter_writes).toBe(2);
    const rows = await versionsOf([a, b, c]);
    expect(rows.get(c)!.version).toBe(rows.get(a)!.version + 1);
    const counters = await srv.sql.query<{ list_id: string; version: string }>(
      'select list_id, version from public.sync_spaces where list_id = any($1::uuid[])',
      [[home, alice.userId]],
    );
    const top = Object.fromEntries(counters.map((r) => [r.list_id, Number(r.version)]));
    expect(top[home]).toBe(rows.get(c)!.version);
    expect(top[alice.userId]).toBe(rows.get(b)!.version);
  });

  it('a refusal in the batch: every other change applied, the refused one answered with its words and not written', async () => {
    const client = newId();
    const ids = Array.from({ length: 60 }, () => newId());
    const batch = ids.map((t, i) => taskCreate(i + 1, t, alice.userId, i === 30 ? '   ' : `Task ${i}`));
    const { answer, counter_writes } = await pushCounted(alice, client, batch);
    expect(answer.results[30]).toEqual({ id: 31, status: 'refused', error: { code: 'invalid', message: 'Title is required', field: 'title' } });
    expect(answer.results.filter((r) => r.status === 'applied')).toHaveLength(59);
    // change by change: the counter moved once per written task
    expect(counter_writes).toBeGreaterThanOrEqual(59);
    const rows = await versionsOf(ids);
    expect(rows.size).toBe(59);
    expect(rows.has(ids[30]!)).toBe(false);
    const versions = [...rows.values()].map((r) => r.version);
    expect(new Set(versions).size).toBe(59);
    // the refusal is recorded with its args, the applied ones without
    const records = await srv.sql.query<{ status: string; n: string }>(
      'select status, count(*) as n from public.sync_mutations where client_id = $1 group by status order by status',
      [client],
    );
    expect(records.map((r) => [r.status, Number(r.n)])).toEqual([
      ['applied', 59],
      ['refused', 1],
    ]);
  });

  it('a task edited twice in one push keeps the last edit; a resent push is answered duplicate and writes nothing', async () => {
    const client = newId();
    const t = newId();
    const batch = [taskCreate(1, t, alice.userId, 'First'), edit(2, t, { title: 'Second' }), edit(3, t, { notes: 'n' }), edit(4, t, { title: 'Third' })];
    const first = await pushOk(alice.client, client, batch);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const rows = await versionsOf([t]);
    expect(rows.get(t)!.title).toBe('Third');
    const again = await pushOk(alice.client, client, batch);
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect((await versionsOf([t])).get(t)!.version).toBe(rows.get(t)!.version);
  });

  it('an edit of a task the batch creates only later is refused, as change by change it would be', async () => {
    const client = newId();
    const t = newId();
    const other = newId();
    const r = await pushOk(alice.client, client, [taskCreate(1, other, alice.userId, 'Other'), edit(2, t, { title: 'Too early' }), taskCreate(3, t, alice.userId, 'Made')]);
    expect(r.results).toEqual([
      { id: 1, status: 'applied' },
      { id: 2, status: 'refused', error: { code: 'not_found', message: 'This task was deleted or unshared', field: 'id' } },
      { id: 3, status: 'applied' },
    ]);
    expect((await versionsOf([t])).get(t)!.title).toBe('Made');
  });

  it('a viewer’s creations and an edit of a deleted task are refused as change by change would', async () => {
    const client = newId();
    const shared = newId();
    await pushOk(alice.client, client, [listCreate(1, shared, 'Shared')]);
    await pushOk(alice.client, client, [{ id: 2, name: 'member.invite', args: { list_id: shared, email: bob.email, role: 'viewer' } }]);
    await acceptInvitations(bob.client, shared);
    const gone = newId();
    await pushOk(alice.client, client, [taskCreate(3, gone, shared, 'Gone'), { id: 4, name: 'task.delete', args: { id: gone } }]);

    const bobClient = newId();
    const r = await pushOk(bob.client, bobClient, [taskCreate(1, newId(), shared, 'Mine'), taskCreate(2, newId(), bob.userId, 'In my Inbox')]);
    expect(r.results).toEqual([
      { id: 1, status: 'refused', error: { code: 'forbidden', message: 'You can only view this list' } },
      { id: 2, status: 'applied' },
    ]);
    const e = await pushOk(alice.client, client, [edit(5, gone, { title: 'Back?' })]);
    expect(e.results).toEqual([{ id: 5, status: 'refused', error: { code: 'deleted', message: 'This task was deleted on another device' } }]);
  });

  it('an edit the set-wise path does not take (a due date) goes change by change with the rest', async () => {
    const client = newId();
    const t = newId();
    const answer = await pushOk(alice.client, client, [taskCreate(1, t, alice.userId, 'Dated'), edit(2, t, { due_date: '2026-12-01' })]);
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const [row] = await srv.sql.query<{ due_date: string }>("select to_char(due_date, 'YYYY-MM-DD') as due_date from public.tasks where id = $1", [t]);
    expect(row!.due_date).toBe('2026-12-01');
  });
});
