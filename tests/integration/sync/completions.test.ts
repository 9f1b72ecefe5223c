// Completing an occurrence on a device that was offline, through the whole path (optimistic
// write, push, pull, rebase) on PGlite and PostgreSQL 15 (SPEC §15 "Undo undoes only its own
// change"): an Undo takes back only what its own completion did, and a completion computed from
// a repeat rule that has since changed is refused `stale`, never applied with the old rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '@/data/write';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, startTestServer, type TestServer } from '../../helpers/server';
import { type Device, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';

const TODAY = '2026-12-01';
/** Every Friday since Fri 27 Nov, now due Fri 4 Dec. */
const FRIDAYS = { due_date: '2026-12-04', due_time: '07:00', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-11-27' };
const STALE_MESSAGE = 'The repeat was changed on another device — complete it again';

describe.each(SERVER_KINDS)('completions from stale devices on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const pair = () => editorPair(srv, 'Chores');

  async function expectAgreed(alice: Device, bob: Device): Promise<void> {
    for (const d of [alice, bob]) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await deviceView(d.db)).toEqual(await serverView(d));
    }
  }

  it('a tick and Undo on a stale device leaves the occurrence another device completed', async () => {
    const { alice, bob, listId } = await pair();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    await syncUntilQuiet([alice, bob]);
    alice.transport.offline = true;
    bob.transport.offline = true;
    await tasks.completeOccurrence(bins.id, TODAY, alice.db);
    const bobs = await tasks.completeOccurrence(bins.id, TODAY, bob.db);
    await tasks.undoOccurrence(bobs, bob.db); // bob's net change: nothing
    expect((await bob.db.tasks.get(bins.id))?.due_date).toBe('2026-12-04');
    alice.transport.offline = false;
    bob.transport.offline = false;
    await alice.sync();
    await bob.sync();
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-11', done: false });
      expect(await d.db.refused.count()).toBe(0);
    }
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('an Undo on a stale device does not reopen the last occurrence another device completed', async () => {
    const { alice, bob, listId } = await pair();
    // the 2nd of 2 Fridays: completing it ends the series
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS, repeat: 'FREQ=WEEKLY;BYDAY=FR;COUNT=2' }, alice.db);
    await syncUntilQuiet([alice, bob]);
    alice.transport.offline = true;
    bob.transport.offline = true;
    expect((await tasks.completeOccurrence(bins.id, TODAY, alice.db)).next).toBeNull();
    const bobs = await tasks.completeOccurrence(bins.id, TODAY, bob.db);
    await tasks.undoOccurrence(bobs, bob.db);
    expect((await bob.db.tasks.get(bins.id))?.done).toBe(false);
    alice.transport.offline = false;
    bob.transport.offline = false;
    await alice.sync();
    await bob.sync();
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-04', done: true });
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('an Undo still takes back its own completion after the other device synced', async () => {
    const { alice, bob, listId } = await pair();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    await syncUntilQuiet([alice, bob]);
    bob.transport.offline = true;
    const bobs = await tasks.completeOccurrence(bins.id, TODAY, bob.db); // 4 Dec → 11 Dec
    await tasks.update(bins.id, { title: 'Bins out' }, alice.db);
    await alice.sync();
    bob.transport.offline = false;
    await bob.sync();
    await tasks.undoOccurrence(bobs, bob.db);
    await syncUntilQuiet([bob, alice]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ title: 'Bins out', due_date: '2026-12-04', done: false });
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a completion computed from a rule changed on another device is refused stale', async () => {
    const { alice, bob, listId } = await pair();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    await syncUntilQuiet([alice, bob]);
    bob.transport.offline = true;
    await tasks.update(bins.id, { repeat: 'FREQ=WEEKLY;BYDAY=MO' }, alice.db);
    await alice.sync();
    await tasks.completeOccurrence(bins.id, TODAY, bob.db); // Fridays: 11 Dec
    bob.transport.offline = false;
    await syncUntilQuiet([bob, alice]);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-04', done: false, repeat: 'FREQ=WEEKLY;BYDAY=MO' });
    }
    const refused = await bob.db.refused.toArray();
    expect(refused.map((r) => [r.name, r.error.code, r.error.message])).toEqual([['task.complete_occurrence', 'stale', STALE_MESSAGE]]);
    await expectAgreed(alice, bob);
    // completing it again, with the rule the device now has, goes through
    await tasks.completeOccurrence(bins.id, TODAY, bob.db);
    await syncUntilQuiet([bob, alice]);
    for (const d of [alice, bob]) expect((await d.db.tasks.get(bins.id))?.due_date).toBe('2026-12-07');
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a completion from a stale device that the task has left is applied and changes nothing, even after a rule change', async () => {
    const { alice, bob, listId } = await pair();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    await syncUntilQuiet([alice, bob]);
    bob.transport.offline = true;
    await tasks.completeOccurrence(bins.id, TODAY, alice.db); // 11 Dec
    await tasks.update(bins.id, { repeat: 'FREQ=WEEKLY;BYDAY=FR,SA' }, alice.db);
    await alice.sync();
    await tasks.completeOccurrence(bins.id, TODAY, bob.db); // 4 Dec again, with the old rule
    bob.transport.offline = false;
    await syncUntilQuiet([bob, alice]);
    expect(await bob.db.refused.count()).toBe(0);
    for (const d of [alice, bob]) expect((await d.db.tasks.get(bins.id))?.due_date).toBe('2026-12-11');
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });
});
