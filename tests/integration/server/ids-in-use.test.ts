// ids_in_use (SPEC §15 "Imports never vanish"), through the real API on PGlite and PostgreSQL 15:
// it names which of the given ids someone holds — a list, a task (deleted ones too) or a
// person's Inbox — whoever holds it, and nothing else about them; it takes at most 500 ids,
// only UUIDs, and only from someone signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { listCreate, newId, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('ids_in_use on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('names the ids anyone holds, deleted tasks and Inboxes included, and only ids', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const [list, task, gone, free] = [newId(), newId(), newId(), newId()];
    await pushOk(a.client, newId(), [
      listCreate(1, list),
      taskCreate(2, task, list),
      taskCreate(3, gone, list),
      { id: 4, name: 'task.delete', args: { id: gone } },
    ]);
    const asked = [list, task, gone, a.userId, free, b.userId];
    const { data, error } = await b.client.rpc('ids_in_use', { p_ids: asked });
    expect(error).toBeNull();
    expect(data).toEqual([list, task, gone, a.userId, b.userId].sort());
    // The holder asking learns the same.
    expect((await a.client.rpc('ids_in_use', { p_ids: [task, free] })).data).toEqual([task]);
    expect((await b.client.rpc('ids_in_use', { p_ids: [] })).data).toEqual([]);
  });

  it('refuses more than 500 ids, anything but UUIDs, and callers who are not signed in', async () => {
    const b = await signUpUser(srv);
    const many = Array.from({ length: 501 }, () => newId());
    const tooMany = await b.client.rpc('ids_in_use', { p_ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({ message: 'too_large', details: 'At most 500 ids a call' });
    expect((await b.client.rpc('ids_in_use', { p_ids: many.slice(0, 500) })).data).toEqual([]);

    for (const bad of [['not-a-uuid'], [42], [null], 'x', { id: newId() }]) {
      const answer = await b.client.rpc('ids_in_use', { p_ids: bad });
      expect(answer.error, JSON.stringify(bad)).toMatchObject({ message: 'invalid', details: 'ids must be an array of UUIDs' });
    }
    const anon = await newClient(srv.url, srv.anonKey).rpc('ids_in_use', { p_ids: [newId()] });
    expect(anon.data).toBeNull();
    expect(anon.status).toBe(401);
  });
});
