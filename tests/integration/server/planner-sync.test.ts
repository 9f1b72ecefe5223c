// Repeating tasks and steps through the whole path (SPEC §11.1, §11.3): devices that edit offline
// and sync (their optimistic write, push, pull and rebase) against the server on PGlite and
// PostgreSQL 15. One occurrence is completed once whatever the devices do; steps merge per
// field, follow their task's delete, restore and move, and leave with their task's departure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists, members, steps, tasks } from '@/data/write';
import { taskSteps } from '@/data/read/step-queries';
import type { PullResult, Step, Task } from '@/domain/model';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, startTestServer, type TestServer } from '../../helpers/server';
import { type Device, syncUntilQuiet } from '../../helpers/sync-device';

const WEEKLY = { due_date: '2026-12-04', due_time: '07:00', repeat: 'FREQ=WEEKLY;BYDAY=FR' };
const TODAY = '2026-12-01';

/** Tasks and live steps as the server shows this user (a full pull with a fresh client id). */
async function serverRows(d: Device): Promise<{ tasks: Map<string, Task>; steps: Map<string, Step & { deleted_with_task?: boolean }> }> {
  const tasksById = new Map<string, Task>();
  const stepsById = new Map<string, Step>();
  let cursors: Record<string, number> = {};
  const client = crypto.randomUUID();
  for (;;) {
    const { data, error } = await d.backend.supabase.rpc('sync_pull', { p_client_id: client, p_cursors: cursors });
    if (error) throw new Error(error.message);
    const page = data as PullResult;
    for (const t of page.tasks) tasksById.set(t.id, t);
    for (const s of page.steps ?? []) stepsById.set(s.id, s);
    cursors = page.cursors;
    if (!page.has_more) break;
  }
  return { tasks: tasksById, steps: stepsById };
}

describe.each(SERVER_KINDS)('repeating tasks and steps sync on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const pair = () => editorPair(srv, 'Chores');

  async function offline(...devices: Device[]) {
    for (const d of devices) d.transport.offline = true;
  }
  async function online(...devices: Device[]) {
    for (const d of devices) d.transport.offline = false;
    await syncUntilQuiet(devices);
  }

  it('two devices completing the same occurrence offline advance the task one step', async () => {
    const { alice, bob, listId } = await pair();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...WEEKLY }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await offline(alice, bob);
    await tasks.completeOccurrence(bins.id, TODAY, alice.db);
    await tasks.completeOccurrence(bins.id, TODAY, bob.db);
    await online(alice, bob);
    for (const d of [alice, bob]) {
      expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-11', due_time: '07:00', done: false, repeat_anchor: '2026-12-04' });
      expect(await d.db.refused.count()).toBe(0);
    }
    expect((await serverRows(alice)).tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-11', repeat: WEEKLY.repeat, repeat_anchor: '2026-12-04' });
    await Promise.all([alice.close(), bob.close()]);
  });

  it('completing two different occurrences advances it two steps, whichever device syncs first', async () => {
    const { alice, bob, listId } = await pair();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...WEEKLY }, alice.db);
    await syncUntilQuiet([alice, bob]);
    await offline(alice, bob);
    await tasks.completeOccurrence(bins.id, TODAY, alice.db); // 4 Dec → 11 Dec
    const second = await tasks.completeOccurrence(bins.id, TODAY, alice.db); // 11 Dec → 18 Dec
    await tasks.completeOccurrence(bins.id, TODAY, bob.db); // 4 Dec again: once is enough
    bob.transport.offline = false;
    await bob.sync();
    await online(alice, bob);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-18', done: false });
    expect((await serverRows(bob)).tasks.get(bins.id)?.due_date).toBe('2026-12-18');
    // Undo of the last completion, from alice's toast, after it synced: back to 11 Dec everywhere
    expect(second).toMatchObject({ occurrence: '2026-12-11', next: '2026-12-18' });
    await tasks.undoOccurrence(second, alice.db);
    await online(alice, bob);
    for (const d of [alice, bob]) expect((await d.db.tasks.get(bins.id))?.due_date).toBe('2026-12-11');
    await Promise.all([alice.close(), bob.close()]);
  });

  it('ticks of different steps made offline on two devices both stay', async () => {
    const { alice, bob, listId } = await pair();
    const trip = await tasks.create({ title: 'Pack', list_id: listId }, alice.db);
    const passport = await steps.create(trip.id, 'Passport', alice.db);
    const charger = await steps.create(trip.id, 'Charger', alice.db);
    await syncUntilQuiet([alice, bob]);
    expect((await taskSteps(trip.id, bob.db)).map((s) => s.title)).toEqual(['Passport', 'Charger']);
    await offline(alice, bob);
    await steps.setDone(passport.id, true, alice.db);
    await steps.setDone(charger.id, true, bob.db);
    await steps.update(charger.id, { title: 'Phone charger' }, alice.db);
    await online(alice, bob);
    for (const d of [alice, bob]) {
      expect((await taskSteps(trip.id, d.db)).map((s) => [s.title, s.done])).toEqual([['Passport', true], ['Phone charger', true]]);
    }
    const server = await serverRows(alice);
    expect([...server.steps.values()].map((s) => [s.title, s.done])).toEqual([['Passport', true], ['Phone charger', true]]);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a task’s delete takes its steps on every device, and its restore brings them back', async () => {
    const { alice, bob, listId } = await pair();
    const trip = await tasks.create({ title: 'Pack', list_id: listId }, alice.db);
    const passport = await steps.create(trip.id, 'Passport', alice.db);
    await syncUntilQuiet([alice, bob]);
    await tasks.delete(trip.id, bob.db);
    await syncUntilQuiet([bob, alice]);
    expect(await taskSteps(trip.id, alice.db)).toEqual([]);
    expect((await alice.db.steps.get(passport.id))?.deleted_with_task).toBe(true);
    await tasks.restore(trip.id, alice.db);
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect((await taskSteps(trip.id, d.db)).map((s) => s.id)).toEqual([passport.id]);
    // a step edit that reaches a deleted task is refused `deleted`, and the rest goes on
    await offline(bob);
    await tasks.delete(trip.id, alice.db);
    await alice.sync();
    await steps.setDone(passport.id, true, bob.db);
    await online(bob, alice);
    expect((await bob.db.refused.toArray()).map((r) => [r.name, r.error.code])).toEqual([['step.update', 'deleted']]);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('moving a task to a list the other person can’t see takes its steps off their device', async () => {
    const { alice, bob, listId } = await pair();
    const mine = await lists.create({ name: 'Private', color: 'red' }, alice.db);
    const trip = await tasks.create({ title: 'Pack', list_id: listId }, alice.db);
    const passport = await steps.create(trip.id, 'Passport', alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.steps.get(passport.id)).toBeDefined();
    await tasks.update(trip.id, { list_id: mine.id }, alice.db);
    expect((await alice.db.steps.get(passport.id))?.list_id).toBe(mine.id);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.tasks.get(trip.id)).toBeUndefined();
    expect(await bob.db.steps.get(passport.id)).toBeUndefined();
    const server = await serverRows(alice);
    expect(server.steps.get(passport.id)?.list_id).toBe(mine.id);
    expect((await taskSteps(trip.id, alice.db)).map((s) => s.id)).toEqual([passport.id]);
    // and a viewer cannot change steps
    await members.setRole(listId, bob.userId, 'viewer', alice.db);
    await tasks.update(trip.id, { list_id: listId }, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect((await taskSteps(trip.id, bob.db)).map((s) => s.id)).toEqual([passport.id]);
    await expect(steps.setDone(passport.id, true, bob.db)).rejects.toThrow('You can only view this list');
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a list’s delete and restore take and bring back its tasks’ steps', async () => {
    const { alice, bob, listId } = await pair();
    const trip = await tasks.create({ title: 'Pack', list_id: listId }, alice.db);
    await steps.create(trip.id, 'Passport', alice.db);
    await syncUntilQuiet([alice, bob]);
    await lists.delete(listId, alice.db);
    await syncUntilQuiet([alice, bob]);
    const gone = await serverRows(alice);
    expect([...gone.steps.values()].map((s) => [s.deleted_at !== null, s.deleted_with_task])).toEqual([[true, true]]);
    await lists.restore(listId, alice.db);
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect((await taskSteps(trip.id, d.db)).map((s) => s.title)).toEqual(['Passport']);
    await Promise.all([alice.close(), bob.close()]);
  });
});
