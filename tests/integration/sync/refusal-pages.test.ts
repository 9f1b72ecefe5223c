// Refusals that come a page at a time (SPEC §12 "Refusals reach every device, once"):
// a page never acknowledges a change whose refusal it does not carry, so a device whose refusals
// fill more than one page still learns each of them, once, with its change (name and args) —
// through the real engine and the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '@/data';
import { getTask } from '@/data/read/queries';
import type { RefusedEntry } from '@/domain/model';
import type { EngineEvent } from '@/sync/types';
import { connectDevice, deviceView, serverView } from '../../helpers/sync-device';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';

describe.each(SERVER_KINDS)('refusals paged on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const refusedIn = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'refused' ? e.items.map((r: RefusedEntry) => r.id) : []));

  it('a pull of one row per page after a push whose answer timed out: both edits of a task deleted elsewhere are refused on the device, once each, with their changes', async () => {
    const u = await signUpUser(srv);
    const phone = await connectDevice(srv, u, 'phone', { pullLimit: 1 });
    const laptop = await connectDevice(srv, u, 'laptop');
    const plant = await tasks.create({ title: 'Water plants' }, phone.db); // 1
    await phone.sync();
    await laptop.sync();
    await tasks.delete(plant.id, laptop.db);
    await laptop.sync();

    // offline on the phone: two edits of the task the laptop deleted
    await tasks.update(plant.id, { title: 'Water the plants' }, phone.db); // 2
    await tasks.update(plant.id, { notes: 'the fern too' }, phone.db); // 3
    // the server refuses both, and the answer comes too late; the engine probes with a pull
    // (pages of one row here), which brings refusal 2 and must not acknowledge 3 with it
    phone.transport.inject('timeout');
    await phone.sync();
    expect(phone.transport.log.map((l) => `${l.kind}:${l.fault ?? 'ok'}`).slice(-2)).toEqual(['push:timeout', 'pull:ok']);
    await phone.sync();
    await phone.sync();

    const refused = (await phone.db.refused.orderBy('id').toArray()).map(({ id, name, args, error }) => ({ id, name, args, error }));
    expect(refused).toEqual([
      { id: 2, name: 'task.update', args: { id: plant.id, patch: { title: 'Water the plants' } }, error: expect.objectContaining({ code: 'deleted' }) },
      { id: 3, name: 'task.update', args: { id: plant.id, patch: { notes: 'the fern too' } }, error: expect.objectContaining({ code: 'deleted' }) },
    ]);
    // each told once (a toast per refusal, not two)
    expect(refusedIn(phone.events).sort()).toEqual([2, 3]);
    expect(await phone.db.outbox.count()).toBe(0);
    // the phone shows what the server has: the task deleted, neither edit
    expect((await getTask(plant.id, phone.db))?.deleted_at).not.toBeNull();
    expect(await deviceView(phone.db)).toEqual(await serverView(phone));
    // and the server, told by the phone's next pull that it has them, forgets both
    await phone.sync();
    expect(await srv.sql.query(`select mutation_id from public.sync_mutations where user_id = $1 and status = 'refused'`, [u.userId])).toEqual([]);
    expect(await phone.db.refused.count()).toBe(2);
    await phone.close();
    await laptop.close();
  });
});
