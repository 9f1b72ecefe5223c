import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pull, pullAll, push, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('RLS and roles on %s', (kind) => {
  let srv: TestServer;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  const listId = newId();
  const taskId = newId();
  const ownerClient = newId();
  let next = 1;
  const ownerPush = (name: string, args: Record<string, unknown>) => pushOk(owner.client, ownerClient, [{ id: next++, name, args }]);

  beforeAll(async () => {
    srv = await startTestServer(kind);
    [owner, editor, viewer, stranger] = await Promise.all([signUpUser(srv), signUpUser(srv), signUpUser(srv), signUpUser(srv)]);
    const r = await pushOk(owner.client, ownerClient, [
      listCreate(next++, listId, 'Shared'),
      taskCreate(next++, taskId, listId, 'Owner task'),
      { id: next++, name: 'member.invite', args: { list_id: listId, email: editor.email, role: 'editor' } },
      { id: next++, name: 'member.invite', args: { list_id: listId, email: viewer.email.toUpperCase(), role: 'viewer' } },
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    await acceptInvitations(editor.client, listId);
    await acceptInvitations(viewer.client, listId);
  });
  afterAll(() => srv?.stop());

  it('a stranger pulls nothing of the list and every write of theirs is refused', async () => {
    const [page] = await pullAll(stranger.client, newId());
    expect(page!.visible_lists).toEqual([stranger.userId]);
    expect(page!.tasks).toEqual([]);
    expect(page!.lists.map((l) => l.id)).toEqual([stranger.userId]);
    expect(page!.members.every((m) => m.list_id === stranger.userId)).toBe(true);
    const r = await pushOk(stranger.client, newId(), [
      { id: 1, name: 'task.update', args: { id: taskId, patch: { title: 'pwned' } } },
      { id: 2, name: 'task.delete', args: { id: taskId } },
      taskCreate(3, newId(), listId, 'sneaky'),
      { id: 4, name: 'list.update', args: { id: listId, patch: { name: 'pwned' } } },
      { id: 5, name: 'list.delete', args: { id: listId } },
      { id: 6, name: 'member.invite', args: { list_id: listId, email: stranger.email, role: 'editor' } },
      { id: 7, name: 'member.remove', args: { list_id: listId, user_id: editor.userId } },
      { id: 8, name: 'list.leave', args: { list_id: listId } },
      { id: 9, name: 'task.restore', args: { id: taskId } },
    ]);
    for (const res of r.results) {
      expect(res.status).toBe('refused');
      expect(['forbidden', 'not_found']).toContain(res.error?.code);
    }
    const [ownerView] = await pullAll(owner.client, newId());
    expect(ownerView!.tasks.find((t) => t.id === taskId)).toMatchObject({ title: 'Owner task', deleted_at: null });
    expect(ownerView!.lists.find((l) => l.id === listId)).toMatchObject({ name: 'Shared', deleted_at: null });
    expect(ownerView!.members.filter((m) => m.list_id === listId && !('deleted_at' in m && m.deleted_at))).toHaveLength(3);
  });

  it('a viewer reads the list but every write is refused forbidden', async () => {
    const [page] = await pullAll(viewer.client, newId());
    expect(page!.visible_lists).toContain(listId);
    expect(page!.tasks.map((t) => t.id)).toContain(taskId);
    const r = await pushOk(viewer.client, newId(), [
      { id: 1, name: 'task.update', args: { id: taskId, patch: { done: true } } },
      taskCreate(2, newId(), listId, 'viewer task'),
      { id: 3, name: 'task.delete', args: { id: taskId } },
    ]);
    for (const res of r.results) expect(res.error).toEqual({ code: 'forbidden', message: 'You can only view this list' });
  });

  it('an editor edits tasks but cannot rename, delete or share the list', async () => {
    const editorClient = newId();
    const r = await pushOk(editor.client, editorClient, [
      { id: 1, name: 'task.update', args: { id: taskId, patch: { done: true, title: 'Edited' } } },
      taskCreate(2, newId(), listId, 'editor task'),
      { id: 3, name: 'list.update', args: { id: listId, patch: { name: 'Renamed' } } },
      { id: 4, name: 'list.delete', args: { id: listId } },
      { id: 5, name: 'member.invite', args: { list_id: listId, email: stranger.email, role: 'viewer' } },
      { id: 6, name: 'member.set_role', args: { list_id: listId, user_id: viewer.userId, role: 'editor' } },
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied', 'refused', 'refused', 'refused', 'refused']);
    for (const res of r.results.slice(2)) expect(res.error?.code).toBe('forbidden');
    const [page] = await pullAll(owner.client, newId());
    expect(page!.lists.find((l) => l.id === listId)?.name).toBe('Shared');
    expect(page!.tasks.find((t) => t.id === taskId)).toMatchObject({ title: 'Edited', done: true });
    expect(page!.tasks.find((t) => t.id === taskId)?.done_at).toBeTruthy();
  });

  it('anon cannot execute the RPCs at all', async () => {
    const anon = newClient(srv.url, srv.anonKey);
    const a = await push(anon, newId(), [taskCreate(1, newId(), listId)]);
    expect(a.status).toBe(401);
    expect(a.error?.code).toBe('42501');
    const b = await pull(anon, newId());
    expect(b.status).toBe(401);
    expect(b.data).toBeNull();
  });

  it('ignores forged created_by and owner_id in args', async () => {
    const mine = newId();
    const t = newId();
    const r = await pushOk(stranger.client, newId(), [
      { id: 1, name: 'list.create', args: { id: mine, name: 'Mine', color: 'red', position: 'a2', owner_id: owner.userId } },
      taskCreate(2, t, mine, 'Mine too', { created_by: owner.userId }),
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied']);
    const [page] = await pullAll(stranger.client, newId());
    expect(page!.lists.find((l) => l.id === mine)?.owner_id).toBe(stranger.userId);
    expect(page!.tasks.find((x) => x.id === t)?.created_by).toBe(stranger.userId);
    const [ownerPage] = await pullAll(owner.client, newId());
    expect(ownerPage!.visible_lists).not.toContain(mine);
  });

  it('refuses a list.create that would take another user’s inbox id', async () => {
    const r = await pushOk(stranger.client, newId(), [listCreate(1, owner.userId, 'Fake inbox')]);
    expect(r.results[0]).toMatchObject({ status: 'refused', error: { code: 'invalid' } });
  });

  it('a client id bound to one user is refused as a whole for another', async () => {
    const r = await push(stranger.client, ownerClient, [taskCreate(1000, newId(), stranger.userId)]);
    expect(r.status).toBe(403);
    const p = await pull(stranger.client, ownerClient);
    expect(p.status).toBe(403);
  });

  it('the Inbox cannot be deleted, shared or left', async () => {
    const r = await pushOk(owner.client, ownerClient, [
      { id: next++, name: 'list.delete', args: { id: owner.userId } },
      { id: next++, name: 'member.invite', args: { list_id: owner.userId, email: editor.email, role: 'editor' } },
    ]);
    expect(r.results.map((x) => x.error?.message)).toEqual(["The Inbox can't be deleted", "The Inbox can't be shared"]);
  });

  it('removing a member makes the list leave their visible_lists; re-inviting brings it back', async () => {
    const temp = await signUpUser(srv);
    await ownerPush('member.invite', { list_id: listId, email: temp.email, role: 'viewer' });
    await acceptInvitations(temp.client, listId);
    const before = await pullAll(temp.client, newId());
    expect(before[0]!.visible_lists).toContain(listId);
    await ownerPush('member.remove', { list_id: listId, user_id: temp.userId });
    const after = await pullAll(temp.client, newId(), before.at(-1)!.cursors);
    expect(after[0]!.visible_lists).not.toContain(listId);
    expect(after[0]!.tasks.filter((t) => t.list_id === listId)).toEqual([]);
    const write = await pushOk(temp.client, newId(), [{ id: 1, name: 'task.update', args: { id: taskId, patch: { title: 'x' } } }]);
    expect(write.results[0]?.error?.code).toBe('not_found');
  });

  it('a member can leave, the owner cannot', async () => {
    const temp = await signUpUser(srv);
    await ownerPush('member.invite', { list_id: listId, email: temp.email, role: 'editor' });
    await acceptInvitations(temp.client, listId);
    const left = await pushOk(temp.client, newId(), [{ id: 1, name: 'list.leave', args: { list_id: listId } }]);
    expect(left.results[0]?.status).toBe('applied');
    expect((await pullAll(temp.client, newId()))[0]!.visible_lists).not.toContain(listId);
    const r = await ownerPush('list.leave', { list_id: listId });
    expect(r.results[0]?.error?.code).toBe('invalid');
  });
});
