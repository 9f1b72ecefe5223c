// An Undo takes back exactly what its completion did (SPEC §21), through the whole path on PGlite
// and PostgreSQL 15: the steps the server unticked (not only those the completing device knew
// were ticked), and the turn only while the task is still with whom the completion handed it to.
// A completion that would move a deadline past 2999 is refused in words, by the device and the
// server alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steps, tasks } from '@/data/write';
import { DEADLINE_PAST_2999 } from '@/data/mutations/tasks-repeat';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { listCreate, newId, pushOk, taskCreate } from '../../helpers/server-sync';
import { type Device, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';

const TODAY = '2026-12-01';
/** Every Friday since Fri 27 Nov, now due Fri 4 Dec. */
const FRIDAYS = { due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-11-27' };

describe.each(SERVER_KINDS)('an Undo takes back exactly its completion on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function expectAgreed(...devices: Device[]): Promise<void> {
    for (const d of devices) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await deviceView(d.db)).toEqual(await serverView(d));
    }
  }

  it('ticks again the step another device ticked before the completion, which this device never saw', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    const s1 = await steps.create(bins.id, 'Kitchen bin', alice.db);
    const s2 = await steps.create(bins.id, 'Recycling', alice.db);
    await steps.update(s1.id, { done: true }, alice.db);
    await syncUntilQuiet([alice, bob]);
    alice.transport.offline = true;
    await steps.update(s2.id, { done: true }, bob.db); // B ticks s2 and syncs; A does not hear
    await bob.sync();
    const done = await tasks.completeOccurrence(bins.id, TODAY, alice.db);
    expect(done.steps).toEqual([s1.id]); // what A knew it unticked
    alice.transport.offline = false;
    await alice.sync(); // the server unticks s1 and s2, and records both
    await tasks.undoOccurrence(done, alice.db); // names s1 only
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-04', last_completion: null, last_completion_did: null });
      expect((await d.db.steps.bulkGet([s1.id, s2.id])).map((s) => s?.done)).toEqual([true, true]);
    }
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('leaves the task with the person the owner handed it to after the completion', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    // bob's turn (O), then alice's (A): alice's completion hands it O → A
    const chore = await tasks.create({ title: 'Dishes', list_id: listId, ...FRIDAYS }, alice.db);
    await tasks.update(chore.id, { turns: [bob.userId, alice.userId] }, alice.db);
    await syncUntilQuiet([alice, bob]);
    bob.transport.offline = true;
    const done = await tasks.completeOccurrence(chore.id, TODAY, bob.db);
    expect((await bob.db.tasks.get(chore.id))?.assignee).toBe(alice.userId);
    bob.transport.offline = false;
    await syncUntilQuiet([bob, alice]);
    // the owner takes alice off it by hand and gives it back to bob (B)
    await tasks.update(chore.id, { assignee: bob.userId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.undoOccurrence(done, bob.db);
    await syncUntilQuiet([bob, alice]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(chore.id)).toMatchObject({ due_date: '2026-12-04', assignee: bob.userId });
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('hands the turn back when nobody changed it since', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    const chore = await tasks.create({ title: 'Dishes', list_id: listId, ...FRIDAYS }, alice.db);
    await tasks.update(chore.id, { turns: [bob.userId, alice.userId] }, alice.db);
    await syncUntilQuiet([alice, bob]);
    const done = await tasks.completeOccurrence(chore.id, TODAY, bob.db);
    await syncUntilQuiet([bob, alice]);
    await tasks.undoOccurrence(done, alice.db);
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(chore.id)).toMatchObject({ due_date: '2026-12-04', assignee: bob.userId });
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('refuses a completion that would move the deadline past 2999, in words, on the device and the server', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    const late = await tasks.create({ title: 'Far off', list_id: listId, ...FRIDAYS, deadline: '2999-12-30' }, alice.db);
    await expect(tasks.completeOccurrence(late.id, TODAY, alice.db)).rejects.toThrow(DEADLINE_PAST_2999);
    await Promise.all([alice.close(), bob.close()]);

    const user = await signUpUser(srv);
    const clientId = newId();
    const list = newId();
    const task = newId();
    await pushOk(user.client, clientId, [listCreate(1, list), taskCreate(2, task, list, 'Far off', { ...FRIDAYS, deadline: '2999-12-30' })]);
    const r = await pushOk(user.client, clientId, [
      { id: 3, name: 'task.complete_occurrence', args: { id: task, occurrence: '2026-12-04', next: '2026-12-11', completion: newId() } },
    ]);
    expect(r.results[0]).toMatchObject({ status: 'refused', error: { code: 'invalid', message: DEADLINE_PAST_2999, field: 'deadline' } });
  });
});
