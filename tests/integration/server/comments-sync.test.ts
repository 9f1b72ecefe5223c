// Comments through the whole path (SPEC §17), on PGlite and PostgreSQL 15, with devices that edit
// offline and sync (optimistic write, push, pull, rebase): a comment written offline reaches the
// other member; edits and deletes on two devices merge per comment; a viewer's comment is refused
// and lands in the sync centre with its text; nobody off the list reads comments (RLS, pull);
// the server holds 500 comments a task whatever a device sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, invitations, lists, members, tasks } from '@/data/write';
import { taskComments } from '@/data/read/comment-queries';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';
import { asUser as asUserOf } from '../../helpers/as-user';

/** Every comment row a full pull with a fresh client id gives this user. */
async function pulledComments(d: Device): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursors: Record<string, number> = {};
  const client = crypto.randomUUID();
  for (;;) {
    const { data, error } = await d.backend.supabase.rpc('sync_pull', { p_client_id: client, p_cursors: cursors });
    if (error) throw new Error(error.message);
    const page = data as PullResult;
    out.push(...((page.comments ?? []) as unknown as Record<string, unknown>[]));
    cursors = page.cursors;
    if (!page.has_more) break;
  }
  return out;
}

const bodies = async (d: Device, taskId: string) => (await taskComments(taskId, d.db)).map((c) => c.body);

describe.each(SERVER_KINDS)('comments sync on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const asUser = <T extends Record<string, unknown>>(user: { userId: string }, sql: string, params: unknown[] = []) =>
    asUserOf<T>(srv, kind, user, sql, params);

  async function sharedPair(role: 'editor' | 'viewer'): Promise<{ alice: Device; bob: Device; a: TestUser; b: TestUser; listId: string }> {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const list = await lists.create({ name: 'House', color: 'green' }, alice.db);
    await members.invite(list.id, b.email, role, alice.db);
    await syncUntilQuiet([alice, bob]);
    await invitations.accept(list.id, bob.db);
    await syncUntilQuiet([alice, bob]);
    return { alice, bob, a, b, listId: list.id };
  }

  it('a comment written offline reaches the other member; edits and deletes merge per comment', async () => {
    const { alice, bob, a, b, listId } = await sharedPair('editor');
    const fence = await tasks.create({ title: 'Paint the fence', list_id: listId }, alice.db);
    await syncUntilQuiet([alice, bob]);

    alice.transport.offline = true;
    const hers = await comments.create(fence.id, 'I’ll pick it up after work', alice.db);
    await alice.sync();
    expect(await alice.db.outbox.count()).toBe(1);
    const his = await comments.create(fence.id, 'Paint is in the shed', bob.db);
    await syncUntilQuiet([bob]);
    alice.transport.offline = false;
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect((await bodies(d, fence.id)).sort()).toEqual(['I’ll pick it up after work', 'Paint is in the shed']);
    const row = await bob.db.comments.get(hers.id);
    expect(row).toMatchObject({ author_id: a.userId, list_id: listId, edited_at: null });

    // offline on both: alice edits hers, bob deletes his; both stand
    alice.transport.offline = true;
    bob.transport.offline = true;
    await comments.update(hers.id, 'I’ll pick it up tomorrow', alice.db);
    await comments.delete(his.id, bob.db);
    alice.transport.offline = false;
    bob.transport.offline = false;
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect(await bodies(d, fence.id)).toEqual(['I’ll pick it up tomorrow']);
    expect((await bob.db.comments.get(hers.id))?.edited_at).not.toBeNull();
    for (const d of [alice, bob]) expect(await d.db.refused.count()).toBe(0);

    // the server's rows, read by each under RLS
    const seen = await asUser<{ body: string }>(b, 'select body from public.comments where deleted_at is null');
    expect(seen.map((r) => r.body)).toEqual(['I’ll pick it up tomorrow']);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a viewer reads comments, and a comment they wrote offline is refused into the sync centre with its text', async () => {
    const { alice, bob, b, listId } = await sharedPair('viewer');
    const bobId = b.userId;
    const fence = await tasks.create({ title: 'Paint the fence', list_id: listId }, alice.db);
    await comments.create(fence.id, 'Owner says hi', alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bodies(bob, fence.id)).toEqual(['Owner says hi']);

    // the device knows bob only views, so the app refuses at once; a change sent past that
    // (an older app, or a role changed while offline) is refused by the server
    await expect(comments.create(fence.id, 'Can I help?', bob.db)).rejects.toThrow('You can only view this list');
    const { data, error } = await bob.backend.supabase.rpc('sync_push', {
      p_client_id: crypto.randomUUID(),
      p_mutations: [{ id: 1, name: 'comment.create', args: { id: crypto.randomUUID(), task_id: fence.id, body: 'Can I help?' } }],
    });
    expect(error).toBeNull();
    expect((data as { results: unknown[] }).results[0]).toMatchObject({ status: 'refused', error: { code: 'forbidden' } });

    // written as an editor offline, demoted before it reached the server: refused with its text kept
    await members.setRole(listId, bobId, 'editor', alice.db);
    await syncUntilQuiet([alice, bob]);
    bob.transport.offline = true;
    const offline = await comments.create(fence.id, 'I can do Saturday', bob.db);
    await members.setRole(listId, bobId, 'viewer', alice.db);
    await syncUntilQuiet([alice]);
    bob.transport.offline = false;
    await syncUntilQuiet([alice, bob]);
    const [refused] = await bob.db.refused.toArray();
    expect(refused).toMatchObject({ name: 'comment.create', args: { id: offline.id, body: 'I can do Saturday' }, error: { code: 'forbidden' } });
    expect(await bob.db.comments.get(offline.id)).toBeUndefined();
    expect(await bodies(alice, fence.id)).toEqual(['Owner says hi']);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('nobody off the list reads its comments, by RLS or by pull', async () => {
    const { alice, bob, listId } = await sharedPair('editor');
    const c = await signUpUser(srv);
    const carol = await connectDevice(srv, c, 'carol');
    const fence = await tasks.create({ title: 'Paint the fence', list_id: listId }, alice.db);
    await comments.create(fence.id, 'Members only', alice.db);
    await syncUntilQuiet([alice, bob, carol]);
    expect(await asUser(c, 'select * from public.comments')).toEqual([]);
    expect(await pulledComments(carol)).toEqual([]);
    expect(await carol.db.comments.count()).toBe(0);
    expect((await pulledComments(bob)).map((r) => r.body)).toEqual(['Members only']);

    // a member who leaves stops reading them, and their device lets them go
    await lists.leave(listId, bob.db);
    await syncUntilQuiet([alice, bob]);
    expect(await asUser(c, 'select * from public.comments')).toEqual([]);
    expect(await bob.db.comments.count()).toBe(0);
    await Promise.all([alice.close(), bob.close(), carol.close()]);
  });

  it('a task’s delete, restore and move carry its comments to every device', async () => {
    const { alice, bob, listId } = await sharedPair('editor');
    const fence = await tasks.create({ title: 'Paint the fence', list_id: listId }, alice.db);
    const note = await comments.create(fence.id, 'White, not grey', alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.delete(fence.id, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect((await bob.db.comments.get(note.id))?.deleted_at).not.toBeNull();
    await tasks.restore(fence.id, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bodies(bob, fence.id)).toEqual(['White, not grey']);
    // moved to alice's own list: it leaves bob's device with its comments
    const mine = await lists.create({ name: 'Mine', color: 'blue' }, alice.db);
    await tasks.update(fence.id, { list_id: mine.id }, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.tasks.get(fence.id)).toBeUndefined();
    expect(await bob.db.comments.get(note.id)).toBeUndefined();
    expect(await alice.db.comments.get(note.id)).toMatchObject({ list_id: mine.id, deleted_at: null });
    const [server] = await srv.sql.query<{ list_id: string }>('select list_id::text as list_id from public.comments where id = $1', [note.id]);
    expect(server!.list_id).toBe(mine.id);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('the server holds 500 comments a task, whatever a device sends', async () => {
    const a = await signUpUser(srv);
    const phone = await connectDevice(srv, a, 'phone');
    const task = await tasks.create({ title: 'Busy' }, phone.db);
    await syncUntilQuiet([phone]);
    await srv.sql.query(
      `insert into public.comments (id, task_id, list_id, author_id, body)
       select gen_random_uuid(), t.id, t.list_id, $2, 'c' || g from public.tasks t, generate_series(1, 499) g where t.id = $1`,
      [task.id, a.userId],
    );
    const push = async (ids: string[]) => {
      const { data, error } = await phone.backend.supabase.rpc('sync_push', {
        p_client_id: crypto.randomUUID(),
        p_mutations: ids.map((id, i) => ({ id: i + 1, name: 'comment.create', args: { id, task_id: task.id, body: 'one more' } })),
      });
      if (error) throw new Error(error.message);
      return (data as { results: { status: string; error?: { code: string; message: string } }[] }).results;
    };
    const results = await push([crypto.randomUUID(), crypto.randomUUID()]);
    expect(results[0]).toMatchObject({ status: 'applied' });
    expect(results[1]).toMatchObject({ status: 'refused', error: { code: 'invalid', message: 'A task holds at most 500 comments' } });
    // the device, once it holds them, refuses the 501st itself with the same words
    await syncUntilQuiet([phone]);
    await expect(comments.create(task.id, 'Too many', phone.db)).rejects.toThrow('A task holds at most 500 comments');
    await phone.close();
  });
});
