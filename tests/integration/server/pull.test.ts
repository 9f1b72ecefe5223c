import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pullAll, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('pull on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    [alice, bob] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
  });
  afterAll(() => srv?.stop());

  it('pages with has_more return every row exactly once, and an incremental pull only what changed', async () => {
    const client = newId();
    const l = newId();
    const ids: string[] = [];
    let m = 1;
    await pushOk(alice.client, client, [listCreate(m++, l, 'Big')]);
    for (let b = 0; b < 3; b++) {
      const batch = Array.from({ length: 60 }, (_, i) => {
        const id = newId();
        ids.push(id);
        return taskCreate(m++, id, b === 2 ? alice.userId : l, `t${b}-${i}`);
      });
      await pushOk(alice.client, client, batch);
    }
    const pages = await pullAll(alice.client, client, {}, 25);
    expect(pages.length).toBeGreaterThan(7);
    expect(pages.slice(0, -1).every((p) => p.has_more)).toBe(true);
    expect(pages.at(-1)!.has_more).toBe(false);
    const seen = pages.flatMap((p) => p.tasks.map((t) => t.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...ids].sort());
    for (const p of pages) expect(p.tasks.length + p.lists.length + p.members.length + p.departed.length).toBeLessThanOrEqual(25);

    const cursors = pages.at(-1)!.cursors;
    const t = ids[5]!;
    await pushOk(alice.client, client, [{ id: m++, name: 'task.update', args: { id: t, patch: { priority: 3 } } }]);
    const [inc] = await pullAll(alice.client, client, cursors);
    expect(inc!.tasks.map((x) => x.id)).toEqual([t]);
    expect(inc!.tasks[0]).toMatchObject({ priority: 3, version: expect.any(Number) });
    expect(inc!.cursors[l]).toBeGreaterThan(cursors[l]!);
  });

  it('tombstones propagate to other members', async () => {
    const l = newId();
    const t = newId();
    const c = newId();
    await pushOk(alice.client, c, [
      listCreate(1, l, 'Shared'),
      taskCreate(2, t, l, 'x'),
      { id: 3, name: 'member.invite', args: { list_id: l, email: bob.email, role: 'editor' } },
    ]);
    await acceptInvitations(bob.client, l);
    const bobClient = newId();
    const before = await pullAll(bob.client, bobClient);
    expect(before.flatMap((p) => p.tasks).find((x) => x.id === t)?.deleted_at).toBeNull();
    await pushOk(alice.client, c, [{ id: 4, name: 'task.delete', args: { id: t } }]);
    const after = await pullAll(bob.client, bobClient, before.at(-1)!.cursors);
    const rows = after.flatMap((p) => p.tasks);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: t, deleted_at: expect.any(String) });
  });

  it("a task tombstone says whether its list's delete made it; live tasks do not carry the marker", async () => {
    const l = newId();
    const [alone, withList, kept] = [newId(), newId(), newId()];
    const c = newId();
    await pushOk(alice.client, c, [listCreate(1, l, 'Trip'), taskCreate(2, alone, l, 'alone'), taskCreate(3, withList, l, 'with the list')]);
    await pushOk(alice.client, c, [taskCreate(4, kept, alice.userId, 'kept')]);
    // one push: both tombstones get the same deleted_at, so only the marker tells them apart
    await pushOk(alice.client, c, [
      { id: 5, name: 'task.delete', args: { id: alone } },
      { id: 6, name: 'list.delete', args: { id: l } },
    ]);
    const tasks = (await pullAll(alice.client, newId())).flatMap((p) => p.tasks);
    const byId = new Map(tasks.map((t) => [t.id, t as typeof t & { deleted_with_list?: boolean }]));
    expect(byId.get(alone)).toMatchObject({ deleted_at: expect.any(String), deleted_with_list: false });
    expect(byId.get(withList)).toMatchObject({ deleted_at: byId.get(alone)!.deleted_at, deleted_with_list: true });
    expect(byId.get(kept)).not.toHaveProperty('deleted_with_list');

    await pushOk(alice.client, c, [{ id: 7, name: 'list.restore', args: { id: l } }]);
    const restored = new Map((await pullAll(alice.client, newId())).flatMap((p) => p.tasks).map((t) => [t.id, t]));
    expect(restored.get(withList)?.deleted_at).toBeNull();
    expect(restored.get(alone)?.deleted_at).toEqual(expect.any(String));
  });

  it('moving a task between lists produces a departure for members of the old list only', async () => {
    const [shared, privateList] = [newId(), newId()];
    const t = newId();
    const c = newId();
    await pushOk(alice.client, c, [
      listCreate(1, shared, 'Shared'),
      listCreate(2, privateList, 'Private'),
      taskCreate(3, t, shared, 'moves'),
      { id: 4, name: 'member.invite', args: { list_id: shared, email: bob.email, role: 'viewer' } },
    ]);
    await acceptInvitations(bob.client, shared);
    const bobClient = newId();
    const bobBefore = await pullAll(bob.client, bobClient);
    const aliceClient = newId();
    const aliceBefore = await pullAll(alice.client, aliceClient);
    await pushOk(alice.client, c, [{ id: 5, name: 'task.update', args: { id: t, patch: { list_id: privateList } } }]);

    const bobAfter = await pullAll(bob.client, bobClient, bobBefore.at(-1)!.cursors);
    expect(bobAfter.flatMap((p) => p.departed)).toEqual([expect.objectContaining({ list_id: shared, task_id: t })]);
    expect(bobAfter.flatMap((p) => p.tasks)).toEqual([]);

    const aliceAfter = await pullAll(alice.client, aliceClient, aliceBefore.at(-1)!.cursors);
    expect(aliceAfter.flatMap((p) => p.tasks).map((x) => [x.id, x.list_id])).toEqual([[t, privateList]]);
    expect(aliceAfter.flatMap((p) => p.departed).map((d) => d.list_id)).toEqual([shared]);

    // a member of the target list only (not the old one) gets no departure
    const carol = await signUpUser(srv);
    await pushOk(alice.client, c, [{ id: 6, name: 'member.invite', args: { list_id: privateList, email: carol.email, role: 'viewer' } }]);
    await acceptInvitations(carol.client, privateList);
    const carolPages = await pullAll(carol.client, newId());
    expect(carolPages.flatMap((p) => p.departed)).toEqual([]);
    expect(carolPages.flatMap((p) => p.tasks).map((x) => x.id)).toEqual([t]);
  });

  it('moving needs editor rights on both lists', async () => {
    const c = newId();
    const [mine, theirs] = [newId(), newId()];
    const t = newId();
    await pushOk(alice.client, c, [
      listCreate(1, theirs, 'Theirs'),
      { id: 2, name: 'member.invite', args: { list_id: theirs, email: bob.email, role: 'viewer' } },
    ]);
    await acceptInvitations(bob.client, theirs);
    const bc = newId();
    const r = await pushOk(bob.client, bc, [
      listCreate(1, mine, 'Bob'),
      taskCreate(2, t, mine, 'bob task'),
      { id: 3, name: 'task.update', args: { id: t, patch: { list_id: theirs } } },
    ]);
    expect(r.results[2]?.error?.code).toBe('forbidden');
  });
});
