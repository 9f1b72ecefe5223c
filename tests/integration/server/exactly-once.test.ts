import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { listCreate, newId, pull, pullAll, push, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('exactly once on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('the same push sent twice applies once; the second answer is duplicate', async () => {
    const client = newId();
    const t = newId();
    const batch: RawMutation[] = [
      taskCreate(1, t, user.userId, 'Once'),
      { id: 2, name: 'task.update', args: { id: t, patch: { notes: 'n' } } },
    ];
    const first = await pushOk(user.client, client, batch);
    expect(first).toEqual({ last_mutation_id: 2, results: [{ id: 1, status: 'applied' }, { id: 2, status: 'applied' }] });
    const second = await pushOk(user.client, client, batch);
    expect(second).toEqual({
      last_mutation_id: 2,
      results: [
        { id: 1, status: 'duplicate', first_status: 'applied' },
        { id: 2, status: 'duplicate', first_status: 'applied' },
      ],
    });
    const pages = await pullAll(user.client, client);
    const rows = pages.flatMap((p) => p.tasks).filter((x) => x.id === t);
    expect(rows).toHaveLength(1);
    expect(pages.at(-1)!.last_mutation_id).toBe(2);
  });

  it('skips ids at or below last_mutation_id and applies the rest of a mixed batch', async () => {
    const client = newId();
    const a = newId();
    await pushOk(user.client, client, [taskCreate(1, a, user.userId, 'A'), taskCreate(2, newId(), user.userId, 'B')]);
    const r = await pushOk(user.client, client, [
      { id: 2, name: 'task.update', args: { id: a, patch: { title: 'should not apply' } } },
      { id: 3, name: 'task.update', args: { id: a, patch: { title: 'A2' } } },
    ]);
    expect(r.results).toEqual([{ id: 2, status: 'duplicate', first_status: 'applied' }, { id: 3, status: 'applied' }]);
    expect(r.last_mutation_id).toBe(3);
    const tasks = (await pullAll(user.client, client)).flatMap((p) => p.tasks);
    expect(tasks.find((x) => x.id === a)?.title).toBe('A2');
  });

  it('a refused mutation advances last_mutation_id and appears in the next pull’s refused', async () => {
    const client = newId();
    const refusedCreate = taskCreate(1, newId(), user.userId, '');
    const r = await pushOk(user.client, client, [refusedCreate, taskCreate(2, newId(), user.userId, 'fine')]);
    expect(r.last_mutation_id).toBe(2);
    expect(r.results[0]).toEqual({ id: 1, status: 'refused', error: { code: 'invalid', message: 'Title is required', field: 'title' } });
    const { data } = await pull(user.client, client);
    expect(data!.last_mutation_id).toBe(2);
    // with what was refused, so a device that never queued it (it was sent with the device's
    // client id from elsewhere) can still show it
    expect(data!.refused).toEqual([
      { id: 1, error: { code: 'invalid', message: 'Title is required', field: 'title' }, name: 'task.create', args: refusedCreate.args },
    ]);
    // re-deliverable: after a lost response the device asks again with the cursors it had
    const again = await pull(user.client, client, {});
    expect(again.data!.refused.map((x) => x.id)).toEqual([1]);
    // and once it passes back the answer's cursors, the refusal is not sent again
    expect((await pull(user.client, client, data!.cursors)).data!.refused).toEqual([]);
    // another client of the same user does not see it
    expect((await pull(user.client, newId())).data!.refused).toEqual([]);
  });

  it('a batch over 1000 fails whole with 400 and nothing applied', async () => {
    const client = newId();
    const ids: string[] = Array.from({ length: 1001 }, () => newId());
    const r = await push(user.client, client, ids.map((id, i) => taskCreate(i + 1, id, user.userId, `t${i}`)));
    expect(r.status).toBe(400);
    expect(r.error?.message).toMatch(/1000/);
    const tasks = (await pullAll(user.client, newId())).flatMap((p) => p.tasks);
    expect(tasks.filter((t) => ids.includes(t.id))).toEqual([]);
    expect((await pull(user.client, client)).data!.last_mutation_id).toBe(0);
  });

  it('a batch of exactly 1000 (a long backlog) is accepted', async () => {
    const r = await pushOk(user.client, newId(), Array.from({ length: 1000 }, (_, i) => taskCreate(i + 1, newId(), user.userId, `x${i}`)));
    expect(r.results).toHaveLength(1000);
    expect(r.results.every((x) => x.status === 'applied')).toBe(true);
    expect(r.last_mutation_id).toBe(1000);
  });

  it.each([
    ['not an array', { a: 1 }],
    ['an item without an id', [{ name: 'task.create', args: {} }]],
    ['a fractional id', [{ id: 1.5, name: 'task.create', args: {} }]],
    ['an unknown mutation name', [{ id: 2, name: 'task.explode', args: {} }]],
    ['args that are not an object', [{ id: 2, name: 'task.delete', args: 'x' }]],
    ['decreasing ids', [{ id: 3, name: 'task.delete', args: { id: newId() } }, { id: 2, name: 'task.delete', args: { id: newId() } }]],
  ])('a malformed batch (%s) fails whole with 400 and nothing applied', async (_label, mutations) => {
    const client = newId();
    const t = newId();
    const body = Array.isArray(mutations) ? [taskCreate(1, t, user.userId, 'before'), ...mutations] : mutations;
    const r = await user.client.rpc('sync_push', { p_client_id: client, p_mutations: body });
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe('22023');
    const tasks = (await pullAll(user.client, newId())).flatMap((p) => p.tasks);
    expect(tasks.find((x) => x.id === t)).toBeUndefined();
    expect((await pull(user.client, client)).data!.last_mutation_id).toBe(0);
  });

  it('deletes win and an edit to a tombstone is refused deleted; restore brings it back', async () => {
    const client = newId();
    const t = newId();
    const r = await pushOk(user.client, client, [
      taskCreate(1, t, user.userId, 'Doomed'),
      { id: 2, name: 'task.delete', args: { id: t } },
      { id: 3, name: 'task.update', args: { id: t, patch: { title: 'late edit' } } },
      { id: 4, name: 'task.restore', args: { id: t } },
      { id: 5, name: 'task.update', args: { id: t, patch: { title: 'Alive' } } },
    ]);
    expect(r.results.map((x) => x.error?.code ?? x.status)).toEqual(['applied', 'applied', 'deleted', 'applied', 'applied']);
    const task = (await pullAll(user.client, client)).flatMap((p) => p.tasks).find((x) => x.id === t);
    expect(task).toMatchObject({ title: 'Alive', deleted_at: null });
  });

  it('deleting a list deletes its tasks; restoring it restores only those', async () => {
    const client = newId();
    const l = newId();
    const [t1, t2] = [newId(), newId()];
    await pushOk(user.client, client, [
      listCreate(1, l, 'Trip'),
      taskCreate(2, t1, l, 'pack'),
      taskCreate(3, t2, l, 'gone before'),
      { id: 4, name: 'task.delete', args: { id: t2 } },
      { id: 5, name: 'list.delete', args: { id: l } },
    ]);
    let tasks = (await pullAll(user.client, client)).flatMap((p) => p.tasks);
    expect(tasks.find((x) => x.id === t1)?.deleted_at).toBeTruthy();
    const r = await pushOk(user.client, client, [{ id: 6, name: 'list.restore', args: { id: l } }]);
    expect(r.results[0]?.status).toBe('applied');
    const pages = await pullAll(user.client, client);
    tasks = pages.flatMap((p) => p.tasks);
    expect(tasks.find((x) => x.id === t1)?.deleted_at).toBeNull();
    expect(tasks.find((x) => x.id === t2)?.deleted_at).toBeTruthy();
    expect(pages.flatMap((p) => p.lists).find((x) => x.id === l)?.deleted_at).toBeNull();
  });
});
