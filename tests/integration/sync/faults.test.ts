// Faults between device and server: lost answers, duplicates, 5xx, timeouts, oversize batches
// and a change the server can't read. Nothing is lost, nothing applies twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncEngine } from '@/sync/engine';
import { tasks } from '@/data';
import { createSyncStore } from '@/data/sync';
import { getTask } from '@/data/read/queries';
import { connectDevice, deviceView, manualClock, serverView } from '../../helpers/sync-device';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { pull } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('sync under faults on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('a push whose answer is lost after the server committed is not applied twice', async () => {
    const u = await signUpUser(srv);
    const d = await connectDevice(srv, u);
    const a = await tasks.create({ title: 'Once' }, d.db);
    await tasks.update(a.id, { title: 'Once, edited' }, d.db);
    await tasks.create({ title: 'Twice?' }, d.db);
    d.transport.inject('drop-response');
    await d.sync();
    expect(d.transport.log.map((l) => `${l.kind}:${l.fault ?? 'ok'}`)).toEqual(['push:drop-response']);
    expect(await d.db.outbox.count()).toBe(3); // a push answer alone removes nothing anyway
    expect(d.engine.getStatus().status).toBe('offline');
    await d.sync();
    expect(await d.db.outbox.count()).toBe(0);
    // applied twice would have refused the second task.create ("id already in use")
    expect(await d.db.refused.count()).toBe(0);
    const { data } = await pull(d.backend.supabase, (await d.db.meta.get('client_id'))!.value as string);
    expect(data!.refused).toEqual([]);
    expect(data!.last_mutation_id).toBe(3);
    expect((await deviceView(d.db)).tasks.map((t) => t.title).sort()).toEqual(['Once, edited', 'Twice?']);
    expect(await deviceView(d.db)).toEqual(await serverView(d));
    await d.close();
  });

  it.each([['duplicate'], ['server-error'], ['timeout'], ['drop-request'], ['delay']] as const)(
    'every change arrives exactly once through a %s on push and on pull',
    async (fault) => {
      const u = await signUpUser(srv);
      const d = await connectDevice(srv, u);
      for (let i = 0; i < 5; i++) await tasks.create({ title: `T${i}` }, d.db);
      d.transport.inject(fault, fault);
      for (let i = 0; i < 4 && (await d.db.outbox.count()) > 0; i++) await d.sync();
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.refused.count()).toBe(0);
      const view = await deviceView(d.db);
      expect(view.tasks.map((t) => t.title).sort()).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
      expect(view).toEqual(await serverView(d));
      await d.close();
    },
  );

  it('a change the server cannot read (400 for the whole batch) is refused on its own; the rest syncs', async () => {
    const u = await signUpUser(srv);
    const d = await connectDevice(srv, u);
    await tasks.create({ title: 'Before' }, d.db);
    // a change no mutator makes: an old app version's mutation the server does not know
    await d.db.transaction('rw', d.db.outbox, d.db.meta, async () => {
      const next = (await d.db.meta.get('next_mutation_id'))!.value as number;
      await d.db.outbox.add({ id: next, name: 'task.archive', args: { id: 'x' }, created_at: new Date().toISOString() } as never);
      await d.db.meta.put({ key: 'next_mutation_id', value: next + 1 });
    });
    await tasks.create({ title: 'After' }, d.db);
    await d.sync();
    expect(await d.db.outbox.count()).toBe(0);
    const refused = await d.db.refused.toArray();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ id: 2, name: 'task.archive', error: { code: 'invalid' } });
    expect(refused[0]!.error.message).toMatch(/^The server could not read this change: .*task\.archive/);
    expect((await deviceView(d.db)).tasks.map((t) => t.title).sort()).toEqual(['After', 'Before']);
    expect(d.events).toContainEqual(expect.objectContaining({ type: 'refused' }));
    await d.close();
  });

  it('413: a batch over the server limit is split and sent again', async () => {
    const u = await signUpUser(srv);
    const d = await connectDevice(srv, u);
    await d.engine.stop();
    // an engine allowed 4 MiB batches, so the server's 1 MiB limit answers 413
    const engine = createSyncEngine({ store: createSyncStore(d.db), transport: d.transport, clock: manualClock, maxBatchBytes: 4 * 1024 * 1024 });
    engine.start();
    const notes = 'n'.repeat(10_000);
    for (let i = 0; i < 150; i++) await tasks.create({ title: `Big ${i}`, notes }, d.db);
    await engine.syncNow();
    expect(d.transport.log.filter((l) => l.kind === 'push').map((l) => l.outcome)).toEqual(['too_large', 'ok', 'ok']);
    expect(await d.db.outbox.count()).toBe(0);
    expect((await deviceView(d.db)).tasks).toHaveLength(150);
    expect(await getTask((await deviceView(d.db)).tasks[0]!.id, d.db)).toMatchObject({ notes });
    await engine.stop();
    d.db.close();
  });
});
