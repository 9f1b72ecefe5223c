// A timed task's duration (SPEC §18) through the whole path (optimistic write, push, pull,
// rebase) on PGlite and PostgreSQL 15: set on one device, it reaches the other; clearing the
// time on the other clears it on both; a change from one device merges with a move from another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '@/data/write';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, startTestServer, type TestServer } from '../../helpers/server';
import { type Device, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';

describe.each(SERVER_KINDS)('durations on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function expectAgreed(devices: Device[]): Promise<void> {
    for (const d of devices) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.refused.count()).toBe(0);
      expect(await deviceView(d.db)).toEqual(await serverView(d));
    }
  }

  it('round-trips duration_min and clears it with the time', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Diary');
    const dentist = await tasks.create({ title: 'Dentist', list_id: listId, due_date: '2026-12-03', due_time: '15:00' }, alice.db);
    await tasks.update(dentist.id, { duration_min: 45 }, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.tasks.get(dentist.id)).toMatchObject({ due_time: '15:00', duration_min: 45 });

    // offline on both: bob moves it a day, alice makes it longer; both changes hold
    alice.transport.offline = true;
    bob.transport.offline = true;
    await tasks.update(dentist.id, { due_date: '2026-12-04' }, bob.db);
    await tasks.update(dentist.id, { duration_min: 90 }, alice.db);
    alice.transport.offline = false;
    bob.transport.offline = false;
    await bob.sync();
    await alice.sync();
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(dentist.id)).toMatchObject({ due_date: '2026-12-04', due_time: '15:00', duration_min: 90 });

    await tasks.update(dentist.id, { due_time: null }, bob.db);
    expect(await bob.db.tasks.get(dentist.id)).toMatchObject({ due_time: null, duration_min: null });
    await syncUntilQuiet([alice, bob]);
    expect(await alice.db.tasks.get(dentist.id)).toMatchObject({ due_time: null, duration_min: null });
    await expectAgreed([alice, bob]);
    await Promise.all([alice.close(), bob.close()]);
  });
});
