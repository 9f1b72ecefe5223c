// A replayed mutation id is answered `duplicate` WITH the first answer
// (first_status, and the error of a refusal), so a device whose first answer was lost after the
// server committed still learns that its change was refused. Ids whose record is gone (pruned:
// supabase/README.md, "What the server keeps") are answered first_status 'unknown'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('duplicate answers on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('a replayed batch is answered duplicate with each change’s first status and a refusal’s error', async () => {
    const client = newId();
    const t = newId();
    const batch: RawMutation[] = [
      taskCreate(1, t, user.userId, 'Once'),
      { id: 2, name: 'task.update', args: { id: t, patch: { title: '' } } },
      { id: 3, name: 'task.delete', args: { id: newId() } },
    ];
    const first = await pushOk(user.client, client, batch);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'refused', 'refused']);
    // the first answer is lost; the device sends the same batch again
    const again = await pushOk(user.client, client, batch);
    expect(again).toEqual({
      last_mutation_id: 3,
      results: [
        { id: 1, status: 'duplicate', first_status: 'applied' },
        { id: 2, status: 'duplicate', first_status: 'refused', error: { code: 'invalid', message: 'Title is required', field: 'title' } },
        { id: 3, status: 'duplicate', first_status: 'refused', error: first.results[2]!.error },
      ],
    });
  });

  it('a replayed id whose record is gone is answered first_status unknown', async () => {
    const client = newId();
    await pushOk(user.client, client, [taskCreate(1, newId(), user.userId, 'a'), taskCreate(2, newId(), user.userId, 'b')]);
    await srv.sql.query('delete from public.sync_mutations where client_id = $1 and mutation_id = 1', [client]);
    const again = await pushOk(user.client, client, [taskCreate(1, newId(), user.userId, 'a'), taskCreate(3, newId(), user.userId, 'c')]);
    expect(again.results).toEqual([
      { id: 1, status: 'duplicate', first_status: 'unknown' },
      { id: 3, status: 'applied' },
    ]);
  });

  it('an id below last_mutation_id that was never sent is unknown too', async () => {
    const client = newId();
    await pushOk(user.client, client, [taskCreate(5, newId(), user.userId, 'skips 1-4')]);
    const r = await pushOk(user.client, client, [taskCreate(2, newId(), user.userId, 'late')]);
    expect(r.results).toEqual([{ id: 2, status: 'duplicate', first_status: 'unknown' }]);
  });
});
