// History (SPEC §17) through the real HTTP API and supabase-js, on PGlite and PostgreSQL 15: each
// kind of change a push makes is recorded once with its actor, in the change's transaction (a
// refused change records nothing); members joining and leaving reach the list's activity; only
// live members of the task's list read it; a task keeps at most 200 entries; a deleted account's
// entries stay, as the former member's; and a restore of an earlier title (a plain task.update) is
// one more change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

type Entry = { id: number; task_id: string | null; actor_id: string | null; actor_name: string | null; kind: string; before: unknown; after: unknown; subject_name: string | null };

describe.each(SERVER_KINDS)('task history on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const results = async (user: TestUser, mutations: RawMutation[]) => (await pushOk(user.client, newId(), mutations)).results.map((r) => r.status);
  const update = (id: number, taskId: string, patch: Record<string, unknown>): RawMutation => ({ id, name: 'task.update', args: { id: taskId, patch } });
  async function history(user: TestUser, taskId: string, before?: number): Promise<Entry[]> {
    const { data, error } = await user.client.rpc('task_history', { p_task_id: taskId, p_before: before ?? null });
    if (error) throw new Error(error.message);
    return data as Entry[];
  }
  async function shared() {
    const [a, b, c] = await Promise.all([signUpUser(srv), signUpUser(srv), signUpUser(srv)]);
    const [listId, other] = [newId(), newId()];
    expect(await results(a, [listCreate(1, listId, 'House'), listCreate(2, other, 'Errands'),
      { id: 3, name: 'member.invite', args: { list_id: listId, email: b.email, role: 'editor' } }])).toEqual(['applied', 'applied', 'applied']);
    await acceptInvitations(b.client, listId);
    return { a, b, c, listId, other };
  }

  it('records each kind of change once with its actor, and nothing of a refused one', async () => {
    const { a, b, listId, other } = await shared();
    const t = newId();
    expect(await results(a, [taskCreate(1, t, listId, 'Paint the fence')])).toEqual(['applied']);
    expect(await results(b, [
      update(1, t, { title: 'Paint the gate' }),
      update(2, t, { notes: 'White' }),
      update(3, t, { due_date: '2026-12-05', due_time: '09:00' }),
      update(4, t, { deadline: '2026-12-09' }),
      update(5, t, { priority: 2 }),
      update(6, t, { assignee: a.userId }),
      update(7, t, { done: true }),
      update(8, t, { done: false }),
      update(9, t, { position: 'b0' }),
      update(10, t, { title: 'x'.repeat(501) }),
      { id: 11, name: 'task.delete', args: { id: t } },
      { id: 12, name: 'task.restore', args: { id: t } },
    ])).toEqual([...Array(9).fill('applied'), 'refused', 'applied', 'applied']);
    expect(await results(a, [update(1, t, { list_id: other })])).toEqual(['applied']);
    // b is not on Errands: the task's history is no longer his to read
    await expect(history(b, t)).rejects.toThrow();
    const h = await history(a, t);
    expect(h.map((e) => e.kind)).toEqual(['list', 'restored', 'deleted', 'reopened', 'done', 'assignee', 'priority', 'deadline', 'due', 'notes', 'title', 'created']);
    expect(h.map((e) => e.actor_id)).toEqual([a.userId, ...Array(10).fill(b.userId), a.userId]);
    expect(h.find((e) => e.kind === 'title')).toMatchObject({ before: 'Paint the fence', after: 'Paint the gate' });
    expect(h.find((e) => e.kind === 'due')).toMatchObject({ before: { date: null, time: null }, after: { date: '2026-12-05', time: '09:00' } });
    expect(h.every((e) => typeof e.actor_name === 'string' && e.actor_name.length > 0)).toBe(true);
    expect([...h].sort((x, y) => y.id - x.id)).toEqual(h);

    // a restore of the earlier title is a plain task.update, and one more change
    expect(await results(a, [update(1, t, { title: 'Paint the fence' })])).toEqual(['applied']);
    expect((await history(a, t))[0]).toMatchObject({ kind: 'title', before: 'Paint the gate', after: 'Paint the fence', actor_id: a.userId });
  });

  it('shows joins and leaves in the list activity, and nothing to anyone off the list', async () => {
    const { a, b, c, listId } = await shared();
    const t = newId();
    expect(await results(a, [taskCreate(1, t, listId, 'Buy milk')])).toEqual(['applied']);
    expect(await results(b, [{ id: 1, name: 'list.leave', args: { list_id: listId } }])).toEqual(['applied']);
    const { data, error } = await a.client.rpc('list_activity', { p_list_id: listId });
    expect(error).toBeNull();
    const act = data as Entry[];
    expect(act.map((e) => e.kind)).toEqual(['left', 'created', 'joined', 'joined']);
    expect(act[0]).toMatchObject({ actor_id: b.userId, after: { user: b.userId } });
    expect(act[0]!.subject_name).toBeTruthy();
    for (const u of [b, c]) {
      expect((await u.client.rpc('list_activity', { p_list_id: listId })).error).not.toBeNull();
      expect((await u.client.rpc('task_history', { p_task_id: t })).error).not.toBeNull();
      expect((await u.client.from('task_history').select('*')).data ?? []).toEqual([]);
    }
  });

  it('keeps a deleted account’s entries under the former member', async () => {
    const { a, b, listId } = await shared();
    const t = newId();
    expect(await results(a, [taskCreate(1, t, listId, 'Buy milk')])).toEqual(['applied']);
    expect(await results(b, [update(1, t, { title: 'Buy oat milk' }), update(2, t, { assignee: b.userId })])).toEqual(['applied', 'applied']);
    expect((await b.client.rpc('delete_account')).error).toBeNull();
    const h = await history(a, t);
    const FORMER = '00000000-0000-0000-0000-000000000000';
    expect(h.map((e) => [e.kind, e.actor_id, e.actor_name])).toEqual([
      ['assignee', FORMER, null], ['assignee', FORMER, null], ['title', FORMER, null], ['created', a.userId, h[3]!.actor_name],
    ]);
    expect(h[1]).toMatchObject({ before: null, after: FORMER });
    expect(JSON.stringify(h)).not.toContain(b.userId);
  });

  it('numbers each task’s entries in a set-wise batch, and drops entries past 180 days as the task changes', async () => {
    const { a, listId } = await shared();
    const [old, young] = [newId(), newId()];
    expect(await results(a, [taskCreate(1, old, listId, 'Old'), taskCreate(2, young, listId, 'Young')])).toEqual(['applied', 'applied']);
    // the first task and its entry as if made 200 days ago (the task first: its update records nothing)
    await srv.sql.query(`update public.tasks set created_at = created_at - interval '200 days' where id = $1`, [old]);
    await srv.sql.query(`update daybook_private.task_history set at = at - interval '200 days' where task_id = $1`, [old]);
    // two title edits of different tasks: one statement of the set-wise path
    expect(await results(a, [update(1, old, { title: 'Old, renamed' }), update(2, young, { title: 'Young, renamed' }), update(3, young, { notes: 'n' })]))
      .toEqual(['applied', 'applied', 'applied']);
    const rows = await srv.sql.query<{ task_id: string; kind: string; seq: number }>(
      'select task_id, kind, seq from daybook_private.task_history where task_id in ($1, $2) order by task_id = $2, id', [old, young]);
    expect(rows.map((r) => [r.task_id === old ? 'old' : 'young', r.kind, r.seq])).toEqual([
      ['old', 'title', 2], ['young', 'created', 1], ['young', 'title', 2], ['young', 'notes', 3],
    ]);
  });

  it('keeps at most 200 entries a task and pages them 50 at a time', async () => {
    const { a, listId } = await shared();
    const t = newId();
    expect(await results(a, [taskCreate(1, t, listId, 'v0')])).toEqual(['applied']);
    for (let round = 0; round < 3; round++) {
      const batch = Array.from({ length: 80 }, (_, i) => update(i + 1, t, { title: `v${round * 80 + i + 1}` }));
      expect(new Set(await results(a, batch))).toEqual(new Set(['applied']));
    }
    const [row] = await srv.sql.query<{ n: number }>('select count(*)::int as n from daybook_private.task_history where task_id = $1', [t]);
    expect(row?.n).toBe(200);
    const pages: Entry[][] = [];
    let before: number | undefined;
    for (;;) {
      const page = await history(a, t, before);
      if (!page.length) break;
      pages.push(page);
      before = page[page.length - 1]!.id;
    }
    expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50]);
    expect(pages[0]![0]).toMatchObject({ after: 'v240' });
    expect(pages[3]![49]).toMatchObject({ before: 'v40', after: 'v41' });
  });
});
