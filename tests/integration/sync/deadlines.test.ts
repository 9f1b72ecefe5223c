// Deadlines, repeats from the day it's done and steps that start over (SPEC §14.3) through the
// whole path (optimistic write, push, pull, rebase) on PGlite and PostgreSQL 15: two devices
// completing the same occurrence offline move the task, its deadline and its steps on once, and
// both end with what the server has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steps, tasks } from '@/data/write';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, startTestServer, type TestServer } from '../../helpers/server';
import { type Device, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';

const TODAY = '2026-12-01';
/** Every Friday since Fri 27 Nov, now due Fri 4 Dec, to be done by Sunday 6 Dec. */
const FRIDAYS = { due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-11-27', deadline: '2026-12-06' };

describe.each(SERVER_KINDS)('deadlines and steps that start over on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function expectAgreed(alice: Device, bob: Device): Promise<void> {
    for (const d of [alice, bob]) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.refused.count()).toBe(0);
      expect(await deviceView(d.db)).toEqual(await serverView(d));
    }
  }

  const stepsDone = async (d: Device, taskId: string) =>
    (await d.db.steps.where('[task_id+position]').between([taskId, ''], [taskId, '\uffff']).toArray()).map((s) => [s.title, s.done]);

  it('an occurrence ticked on both devices offline moves the deadline once and unticks the steps on both', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    const clean = await tasks.create({ title: 'Weekly clean', list_id: listId, ...FRIDAYS }, alice.db);
    const hoover = await steps.create(clean.id, 'Hoover', alice.db);
    await steps.create(clean.id, 'Dust', alice.db);
    await steps.setDone(hoover.id, true, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await stepsDone(bob, clean.id)).toEqual([['Hoover', true], ['Dust', false]]);

    alice.transport.offline = true;
    bob.transport.offline = true;
    await tasks.completeOccurrence(clean.id, TODAY, alice.db);
    await tasks.completeOccurrence(clean.id, TODAY, bob.db);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(clean.id)).toMatchObject({ due_date: '2026-12-11', deadline: '2026-12-13' });
      expect(await stepsDone(d, clean.id)).toEqual([['Hoover', false], ['Dust', false]]);
    }
    alice.transport.offline = false;
    bob.transport.offline = false;
    await alice.sync();
    await bob.sync();
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(clean.id)).toMatchObject({ due_date: '2026-12-11', deadline: '2026-12-13', done: false });
      expect(await stepsDone(d, clean.id)).toEqual([['Hoover', false], ['Dust', false]]);
    }
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a from-completion repeat ticked on both offline advances once', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Plants');
    const every3 = { due_date: '2026-11-20', repeat: 'FREQ=DAILY;INTERVAL=3;FROM=DONE', deadline: '2026-11-21' };
    const water = await tasks.create({ title: 'Water plants', list_id: listId, ...every3 }, alice.db);
    await syncUntilQuiet([alice, bob]);
    alice.transport.offline = true;
    bob.transport.offline = true;
    // done on different days on the two devices: each moves it from its own day
    expect((await tasks.completeOccurrence(water.id, '2026-11-22', alice.db)).next).toBe('2026-11-25');
    expect((await tasks.completeOccurrence(water.id, '2026-11-23', bob.db)).next).toBe('2026-11-26');
    alice.transport.offline = false;
    bob.transport.offline = false;
    await alice.sync();
    await bob.sync();
    await syncUntilQuiet([alice, bob]);
    // alice's arrived first: hers is the one completion of the occurrence of 20 Nov
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(water.id)).toMatchObject({ due_date: '2026-11-25', deadline: '2026-11-26', done: false });
    }
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('keeps the ticks of a task that does not start its steps over, and a deadline set on one device reaches the other', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Trips');
    const pack = await tasks.create({ title: 'Pack', list_id: listId, ...FRIDAYS, steps_start_over: false }, alice.db);
    const passport = await steps.create(pack.id, 'Passport', alice.db);
    await steps.setDone(passport.id, true, alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.update(pack.id, { deadline: '2026-12-05' }, bob.db);
    await syncUntilQuiet([alice, bob]);
    expect((await alice.db.tasks.get(pack.id))?.deadline).toBe('2026-12-05');
    await tasks.completeOccurrence(pack.id, TODAY, alice.db);
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(pack.id)).toMatchObject({ due_date: '2026-12-11', deadline: '2026-12-12', steps_start_over: false });
      expect(await stepsDone(d, pack.id)).toEqual([['Passport', true]]);
    }
    await expectAgreed(alice, bob);
    await Promise.all([alice.close(), bob.close()]);
  });
});
