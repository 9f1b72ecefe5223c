import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pull, pullAll, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('bad input on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  const inbox = () => user.userId;

  it.each([
    ['a 501-character title', { title: 'x'.repeat(501) }, 'title', 'Title must be at most 500 characters'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a number as title', { title: 42 }, 'title', 'Title is required'],
    ['2025-02-30', { due_date: '2025-02-30' }, 'due_date', 'Pick a date between 1900 and 2999'],
    ['year 1899', { due_date: '1899-12-31' }, 'due_date', 'Pick a date between 1900 and 2999'],
    ['a date as a number', { due_date: 20250101 }, 'due_date', 'Pick a date between 1900 and 2999'],
    ['a time without a date', { due_time: '10:00' }, 'due_time', 'Set a date before setting a time'],
    ['priority 7', { priority: 7 }, 'priority', 'Priority must be none, low, medium or high'],
    ['priority "high"', { priority: 'high' }, 'priority', 'Priority must be none, low, medium or high'],
    ['notes over 10,000', { notes: 'n'.repeat(10_001) }, 'notes', 'Notes must be at most 10,000 characters'],
    ['a malformed id', { id: 'not-a-uuid' }, 'id', 'id must be a UUID'],
  ])('refuses %s as invalid with the field and applies nothing', async (_label, override, field, message) => {
    const client = newId();
    const id = newId();
    const r = await pushOk(user.client, client, [{ id: 1, name: 'task.create', args: { ...taskCreate(1, id, inbox(), 'ok').args, ...override } }]);
    expect(r.results[0]).toEqual({ id: 1, status: 'refused', error: { code: 'invalid', message, field } });
    const tasks = (await pullAll(user.client, newId())).flatMap((p) => p.tasks);
    expect(tasks.find((t) => t.id === id)).toBeUndefined();
  });

  it('accepts a 500-character title, trims it, and stores SQL and HTML verbatim', async () => {
    const client = newId();
    const [a, b, c] = [newId(), newId(), newId()];
    const sql = "Robert'); DROP TABLE tasks;--";
    const html = '<img src=x onerror="alert(1)"> & <b>bold</b>';
    const r = await pushOk(user.client, client, [
      taskCreate(1, a, inbox(), 'y'.repeat(500)),
      taskCreate(2, b, inbox(), `  ${sql}  `, { notes: html, due_date: '2024-02-29', due_time: '23:59', priority: 3 }),
      taskCreate(3, c, inbox(), html),
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied', 'applied']);
    const tasks = (await pullAll(user.client, newId())).flatMap((p) => p.tasks);
    expect(tasks.find((t) => t.id === a)?.title).toHaveLength(500);
    expect(tasks.find((t) => t.id === b)).toMatchObject({ title: sql, notes: html, due_date: '2024-02-29', due_time: '23:59', priority: 3 });
    expect(tasks.find((t) => t.id === c)?.title).toBe(html);
  });

  it('refuses list names and colours outside the rules', async () => {
    const r = await pushOk(user.client, newId(), [
      { id: 1, name: 'list.create', args: { id: newId(), name: 'n'.repeat(81), color: 'blue', position: 'a' } },
      { id: 2, name: 'list.create', args: { id: newId(), name: ' ', color: 'blue', position: 'a' } },
      { id: 3, name: 'list.create', args: { id: newId(), name: 'ok', color: 'pink', position: 'a' } },
    ]);
    expect(r.results.map((x) => x.error?.message)).toEqual([
      'List name must be at most 80 characters',
      'List name is required',
      'Color must be one of grey, red, orange, yellow, green, teal, blue, purple',
    ]);
  });

  it('answers clear errors for wrong argument types and unknown functions', async () => {
    const badUuid = await user.client.rpc('sync_pull', { p_client_id: 'abc', p_cursors: {} });
    expect(badUuid.status).toBe(400);
    expect(badUuid.error?.code).toBe('22P02');
    const badCursors = await user.client.rpc('sync_pull', { p_client_id: newId(), p_cursors: [1] });
    expect(badCursors.status).toBe(400);
    const unknownArg = await user.client.rpc('sync_pull', { p_client_id: newId(), p_evil: 1 });
    expect(unknownArg.status).toBe(404);
    expect(unknownArg.error?.code).toBe('PGRST202');
    const unknownFn = await user.client.rpc('pg_sleep', { seconds: 1 });
    expect(unknownFn.status).toBe(404);
  });

  it('rejects malformed JSON with 400 and a body over 1 MiB with 413 too_large, then keeps serving', async () => {
    const headers = { apikey: srv.anonKey, authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' };
    const malformed = await fetch(`${srv.url}/rest/v1/rpc/sync_push`, { method: 'POST', headers, body: '{"p_client_id": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'PGRST102' });

    const client = newId();
    const id = newId();
    const big = JSON.stringify({ p_client_id: client, p_mutations: [taskCreate(1, id, inbox(), 'big', { notes: 'z'.repeat(2 * 1024 * 1024) })] });
    const tooLarge = await fetch(`${srv.url}/rest/v1/rpc/sync_push`, { method: 'POST', headers, body: big });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'too_large' });

    const { data, error } = await pull(user.client, client);
    expect(error).toBeNull();
    expect(data!.last_mutation_id).toBe(0);
    expect((await pullAll(user.client, newId())).flatMap((p) => p.tasks).find((t) => t.id === id)).toBeUndefined();
  });

  it('refuses a patch that is not an object and unknown patch keys change nothing else', async () => {
    const t = newId();
    const r = await pushOk(user.client, newId(), [
      taskCreate(1, t, inbox(), 'patch me'),
      { id: 2, name: 'task.update', args: { id: t, patch: 'title=x' } },
      { id: 3, name: 'task.update', args: { id: t, patch: { created_by: newId(), deleted_at: null, version: 999, done: 'yes' } } },
    ]);
    expect(r.results.map((x) => x.error?.field)).toEqual([undefined, 'patch', 'done']);
    const task = (await pullAll(user.client, newId())).flatMap((p) => p.tasks).find((x) => x.id === t);
    expect(task).toMatchObject({ title: 'patch me', created_by: user.userId, done: false });
    expect(task!.version).toBeLessThan(999);
  });
});
