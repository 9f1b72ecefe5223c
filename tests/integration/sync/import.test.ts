// An import syncs (SPEC §15 "Imports never vanish"): a file exported by one account and imported
// by another keeps nothing whose id the server already holds, so every imported record reaches
// the server and the importer's other devices; importing the same file again adds nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportData, importData } from '@/data/backup';
import { lists, reminders, steps, tasks } from '@/data/write';
import type { PullResult } from '@/domain/model';
import { serverIdCheck } from '@/sync';
import { connectDevice, type Device, deviceView, serverView } from '../../helpers/sync-device';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { pullAll } from '../../helpers/server-sync';

const WEEKLY = { due_date: '2026-12-04', due_time: '07:00', repeat: 'FREQ=WEEKLY;BYDAY=FR' };

/** The importer's device asks its own server which of the file's ids are taken. */
const idCheckOf = (device: Device) => serverIdCheck(device.backend.transportFor(device.userId));

async function serverSteps(device: Device): Promise<string[]> {
  const pages: PullResult[] = await pullAll(device.backend.supabase, randomUUID());
  return pages.flatMap((p) => p.steps ?? []).filter((s) => !s.deleted_at).map((s) => s.title);
}

describe.each(SERVER_KINDS)('importing another account’s export on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function aliceExport() {
    const a = await signUpUser(srv);
    const alice = await connectDevice(srv, a, 'alice');
    const gym = await lists.create({ name: 'Gym', color: 'blue' }, alice.db);
    const swim = await tasks.create({ title: 'Swim', list_id: gym.id, ...WEEKLY }, alice.db);
    await steps.create(swim.id, 'Pack goggles', alice.db);
    await reminders.set(swim.id, 15, alice.db);
    await tasks.create({ title: 'Call the plumber' }, alice.db);
    await alice.sync();
    expect(await alice.db.outbox.count()).toBe(0);
    const file = JSON.parse(JSON.stringify(await exportData(alice.db)));
    return { alice, file };
  }

  it('a new account imports the file and its first sync keeps everything, nothing refused', async () => {
    const { alice, file } = await aliceExport();
    const bob = await connectDevice(srv, await signUpUser(srv), 'bob');
    await bob.sync();

    const report = await importData(file, bob.db, { idCheck: idCheckOf(bob) });
    expect(report.imported).toEqual({ lists: 1, tasks: 2, steps: 1, reminders: 1 });
    expect(report.renamed).toBe(3);
    expect(report.skipped).toEqual([]);
    await bob.sync();

    expect(await bob.db.refused.count()).toBe(0);
    expect(bob.events.filter((e) => e.type === 'refused')).toEqual([]);
    expect(await bob.db.outbox.count()).toBe(0);
    const view = await deviceView(bob.db);
    expect(view.lists.map((l) => l.name).sort()).toEqual(['Gym', 'Inbox']);
    expect(view.tasks.map((t) => t.title).sort()).toEqual(['Call the plumber', 'Swim']);
    expect((await bob.db.tasks.toArray()).find((t) => t.title === 'Swim')).toMatchObject({ repeat: WEEKLY.repeat, due_date: WEEKLY.due_date });
    expect(view.reminders.map((r) => r.offset_minutes)).toEqual([15]);
    expect(view).toEqual(await serverView(bob));
    expect(await serverSteps(bob)).toEqual(['Pack goggles']);
    // Alice's records are untouched and still hers alone.
    const aliceView = await serverView(alice);
    expect(aliceView.tasks.map((t) => t.title).sort()).toEqual(['Call the plumber', 'Swim']);
    for (const t of view.tasks) expect(aliceView.tasks.map((x) => x.id)).not.toContain(t.id);

    // The same file again, here or on Bob's other device once it has synced: nothing doubles.
    const again = await importData(file, bob.db, { idCheck: idCheckOf(bob) });
    expect(again.imported).toEqual({ lists: 0, tasks: 0 });
    const tablet = await connectDevice(srv, { userId: bob.userId, email: bob.email, password: 'correct horse' }, 'bob-tablet');
    await tablet.sync();
    const third = await importData(file, tablet.db, { idCheck: idCheckOf(tablet) });
    expect(third.imported).toEqual({ lists: 0, tasks: 0 });
    await Promise.all([alice.close(), bob.close(), tablet.close()]);
  });

  it('imported offline, every record gets a new id and the later sync keeps them all', async () => {
    const { alice, file } = await aliceExport();
    const bob = await connectDevice(srv, await signUpUser(srv), 'bob');
    bob.transport.offline = true;
    const offline = { idsInUse: async () => ({ kind: 'retry', reason: 'network', status: 0, message: 'offline' }) as const };
    const report = await importData(file, bob.db, { idCheck: serverIdCheck(offline) });
    expect(report.imported).toEqual({ lists: 1, tasks: 2, steps: 1, reminders: 1 });
    expect(report.renamed).toBe(3);
    // Imported twice while still offline: the second adds nothing.
    expect((await importData(file, bob.db, { idCheck: serverIdCheck(offline) })).imported).toEqual({ lists: 0, tasks: 0 });
    bob.transport.offline = false;
    await bob.sync();
    expect(await bob.db.refused.count()).toBe(0);
    const view = await deviceView(bob.db);
    expect(view.tasks.map((t) => t.title).sort()).toEqual(['Call the plumber', 'Swim']);
    expect(view).toEqual(await serverView(bob));
    expect(await serverSteps(bob)).toEqual(['Pack goggles']);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('Alice restoring her own export on a new device of hers adds nothing once it has synced', async () => {
    const { alice, file } = await aliceExport();
    const laptop = await connectDevice(srv, { userId: alice.userId, email: alice.email, password: 'correct horse' }, 'alice-laptop');
    await laptop.sync();
    const report = await importData(file, laptop.db, { idCheck: idCheckOf(laptop) });
    expect(report.imported).toEqual({ lists: 0, tasks: 0 });
    expect(report.skipped.filter((s) => s.kind === 'list' || s.kind === 'task').map((s) => s.reason)).toEqual([
      'Already on this device',
      'Already on this device',
      'Already on this device',
    ]);
    expect(report.renamed).toBe(0);
    await Promise.all([alice.close(), laptop.close()]);
  });

  it('a fresh id nobody holds is kept, so a file moved between accounts before any sync keeps its ids', async () => {
    const bob = await connectDevice(srv, await signUpUser(srv), 'bob');
    const listId = randomUUID();
    const taskId = randomUUID();
    const file = {
      format: 'daybook',
      version: 1,
      exported_at: new Date().toISOString(),
      lists: [{ id: listId, name: 'Fresh', color: 'green' }],
      tasks: [{ id: taskId, list_id: listId, title: 'Never synced anywhere' }],
    };
    const report = await importData(file, bob.db, { idCheck: idCheckOf(bob) });
    expect(report.renamed).toBe(0);
    await bob.sync();
    expect(await bob.db.refused.count()).toBe(0);
    expect((await serverView(bob)).tasks.map((t) => [t.id, t.list_id])).toEqual([[taskId, listId]]);
    await bob.close();
  });
});
