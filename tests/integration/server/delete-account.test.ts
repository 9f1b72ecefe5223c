// Deleting an account (SPEC §16, §21) through supabase-js on PGlite and PostgreSQL 15: the person's
// shared lists pass to the longest-standing editor (else member), everything of theirs goes, and
// then every table of every schema is searched for their id and e-mail (as text, so inside arrays
// and jsonb too) and holds neither; the other people's data is whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, linkCreate, listCreate, newId, pull, pullAll, push, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

const FORMER = '00000000-0000-0000-0000-000000000000';

describe.each(SERVER_KINDS)('deleting an account on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const invite = (id: number, listId: string, email: string, role: string): RawMutation => ({ id, name: 'member.invite', args: { list_id: listId, email, role } });
  const applied = async (user: TestUser, mutations: RawMutation[]) => {
    const r = await pushOk(user.client, newId(), mutations);
    expect(r.results.filter((x) => x.status !== 'applied')).toEqual([]);
  };

  /** Where the id or e-mail still appears: `schema.table` and how many rows. */
  async function traces(id: string, email: string) {
    const tables = await srv.sql.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const found: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await srv.sql.query<{ n: number }>(
        `select count(*)::int as n from ${name} t where strpos(lower(t::text), $1) > 0 or strpos(lower(t::text), $2) > 0`,
        [id.toLowerCase(), email.toLowerCase()],
      );
      if (row!.n) found[name] = row!.n;
    }
    return found;
  }

  it('passes shared lists on, erases everything of the person, and leaves nothing of them in any table', async () => {
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    const carol = await signUpUser(srv);
    const dave = await signUpUser(srv);

    // Garden: Bob (viewer) joined before Carol (editor): the editor takes it over.
    // Books: only Bob, a viewer: he takes it over. Diary: Alice's alone: it goes.
    const [garden, books, diary, bobs] = [newId(), newId(), newId(), newId()];
    const [g1, g2, b1, d1, x1] = [newId(), newId(), newId(), newId(), newId()];
    const label = newId();
    await applied(alice, [
      listCreate(1, garden, 'Garden'), listCreate(2, books, 'Books'), listCreate(3, diary, 'Diary'),
      invite(4, garden, bob.email, 'viewer'), invite(5, books, bob.email, 'viewer'),
    ]);
    await acceptInvitations(bob.client, garden, books);
    await applied(alice, [invite(1, garden, carol.email, 'editor'), invite(2, garden, `nobody-${newId()}@example.test`, 'viewer')]);
    await acceptInvitations(carol.client, garden);
    await applied(alice, [
      taskCreate(1, g1, garden, 'Water the beans', { due_date: '2026-12-01', assignee: carol.userId, turns: [alice.userId, carol.userId] }),
      taskCreate(2, d1, diary, 'Dear diary', { due_date: '2026-12-01' }),
      taskCreate(3, b1, books, 'Read', { assignee: alice.userId }),
      { id: 4, name: 'step.create', args: { id: newId(), task_id: g1, title: 'Fetch the can', position: 'a0' } },
      { id: 5, name: 'reminder.set', args: { task_id: g1, offset_minutes: 15 } },
      { id: 6, name: 'label.create', args: { id: label, name: 'Outside', color: 'green' } },
      { id: 7, name: 'task_label.add', args: { task_id: g1, label_id: label } },
      { id: 8, name: 'filter.create', args: { id: newId(), name: 'Soon', query: { due: 'next7' } } },
    ]);
    await applied(carol, [taskCreate(1, g2, garden, 'Prune', { assignee: alice.userId })]);
    // her comment and a mention of her in Carol's stay in Garden, without her
    const [c1, c2] = [newId(), newId()];
    await applied(alice, [{ id: 9, name: 'comment.create', args: { id: c1, task_id: g1, body: 'I’ll do it after work' } }]);
    await applied(carol, [{ id: 2, name: 'comment.create', args: { id: c2, task_id: g1, body: `Thanks @[Alice](${alice.userId})!` } }]);
    await linkCreate(alice.client, garden, 'viewer');
    // Bob's own list: Alice is an editor there and added a task; Dave's invitation to her waits
    await applied(bob, [listCreate(1, bobs, 'Bob’s'), invite(2, bobs, alice.email, 'editor')]);
    await acceptInvitations(alice.client, bobs);
    await applied(alice, [taskCreate(1, x1, bobs, 'Bring cake', { assignee: alice.userId })]);
    const daves = newId();
    await applied(dave, [listCreate(1, daves, 'Dave’s'), invite(2, daves, alice.email, 'viewer')]);
    // someone else's refused change that names her keeps its arguments for its device
    const refused = await pushOk(carol.client, newId(), [invite(1, books, alice.email, 'editor')]);
    expect(refused.results[0]?.status).toBe('refused');
    await pull(alice.client, newId());
    expect(Object.keys(await traces(alice.userId, alice.email)).length).toBeGreaterThan(5);
    // Bob's device has synced: it holds Alice among the members of Garden, Books and Bob's
    const bobClient = newId();
    const bobBefore = await pullAll(bob.client, bobClient);
    const bobCursors = bobBefore.at(-1)!.cursors;
    expect(bobBefore.flatMap((p) => p.members).filter((m) => m.user_id === alice.userId).length).toBe(3);

    const { error } = await alice.client.rpc('delete_account');
    expect(error).toBeNull();

    expect(await traces(alice.userId, alice.email)).toEqual({});

    // Garden is Carol's now, Books Bob's; both know from their pulls
    const carolPull = await pullAll(carol.client, newId());
    const gardenRow = carolPull.flatMap((p) => p.lists).find((l) => l.id === garden);
    expect(gardenRow?.owner_id).toBe(carol.userId);
    const members = carolPull.flatMap((p) => p.members).filter((m) => m.list_id === garden);
    expect(members.map((m) => [m.user_id, m.role]).sort()).toEqual([[bob.userId, 'viewer'], [carol.userId, 'owner']].sort());
    const tasks = carolPull.flatMap((p) => p.tasks).filter((t) => t.list_id === garden);
    expect(tasks.map((t) => t.id).sort()).toEqual([g1, g2].sort());
    const beans = tasks.find((t) => t.id === g1)!;
    expect(beans).toMatchObject({ title: 'Water the beans', created_by: FORMER, assignee: carol.userId });
    expect(beans.turns ?? []).not.toContain(alice.userId);
    expect(tasks.find((t) => t.id === g2)).toMatchObject({ created_by: carol.userId, assignee: null });
    expect(carolPull.flatMap((p) => p.steps ?? []).filter((s) => s.task_id === g1)).toHaveLength(1);
    const comments = carolPull.flatMap((p) => (p as { comments?: { id: string; author_id: string; body: string }[] }).comments ?? []);
    expect(comments.find((c) => c.id === c1)).toMatchObject({ author_id: FORMER, body: 'I’ll do it after work' });
    expect(comments.find((c) => c.id === c2)).toMatchObject({ author_id: carol.userId, body: 'Thanks @Former member!' });

    // Bob's device, pulling on from where it was, is told each list's member set whole: no Alice in it
    const bobNext = await pullAll(bob.client, bobClient, bobCursors);
    const sets = bobNext.flatMap((p) => p.member_sets ?? []);
    expect(sets.map((x) => x.list_id).sort()).toEqual([garden, books, bobs].sort());
    expect(sets.find((x) => x.list_id === garden)?.user_ids.slice().sort()).toEqual([bob.userId, carol.userId].sort());
    expect(sets.find((x) => x.list_id === books)?.user_ids).toEqual([bob.userId]);
    expect(sets.find((x) => x.list_id === bobs)?.user_ids).toEqual([bob.userId]);
    for (const x of sets) expect(x.version).toBeGreaterThan(bobCursors[x.list_id]!);
    // and the tasks that were hers to do come without her
    expect(bobNext.flatMap((p) => p.tasks).find((t) => t.id === x1)).toMatchObject({ assignee: null });
    // nothing more waits past the new cursors
    const after = await pull(bob.client, bobClient, bobNext.at(-1)!.cursors);
    expect(after.data?.member_sets ?? []).toEqual([]);

    const bobPull = await pullAll(bob.client, newId());
    expect(bobPull.flatMap((p) => p.lists).find((l) => l.id === books)?.owner_id).toBe(bob.userId);
    expect(bobPull.flatMap((p) => p.tasks).find((t) => t.id === b1)).toMatchObject({ title: 'Read', assignee: null, created_by: FORMER });
    expect(bobPull.flatMap((p) => p.tasks).find((t) => t.id === x1)).toMatchObject({ title: 'Bring cake', assignee: null, created_by: FORMER });
    expect(bobPull.flatMap((p) => p.members).filter((m) => m.list_id === bobs).map((m) => m.user_id)).toEqual([bob.userId]);
    // and Bob, now Books' owner, can share it on
    await applied(bob, [invite(1, books, dave.email, 'viewer')]);

    // Diary and its task are gone for everyone
    const [gone] = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.tasks where id = any($1::uuid[])', [[d1]]);
    expect(gone!.n).toBe(0);
  });

  it('the deleted account’s device is told at its next contact, and only a deleted account is called deleted', async () => {
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    await applied(alice, [taskCreate(1, newId(), alice.userId, 'Milk')]);
    expect((await alice.client.rpc('delete_account')).error).toBeNull();

    // its token still verifies, but the sync answers 401 (it renews, is refused, and asks)
    const answer = await push(alice.client, newId(), [taskCreate(1, newId(), alice.userId, 'Bread')]);
    expect(answer.status).toBe(401);
    expect((await pull(alice.client, newId())).status).toBe(401);
    const renew = await newClient(srv.url, srv.anonKey).auth.refreshSession({ refresh_token: alice.refreshToken });
    expect(renew.error).not.toBeNull();

    const anon = newClient(srv.url, srv.anonKey);
    expect((await anon.rpc('account_deleted', { p_user_id: alice.userId })).data).toBe(true);
    expect((await anon.rpc('account_deleted', { p_user_id: bob.userId })).data).toBe(false);
    // a signed-out device cannot delete anything
    expect((await anon.rpc('delete_account')).error).not.toBeNull();
    // the e-mail is free again
    const again = await signUpUser(srv, alice.email);
    expect(again.userId).not.toBe(alice.userId);
  });
});
