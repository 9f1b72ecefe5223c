// Repeating tasks and steps in the data layer (SPEC §11.1, §11.3): the writes that build the
// changes (the occurrence's next date, a date moved by hand restarting the series), the v2 → v3
// upgrade, export/import, search over steps, and a pulled page's steps (rows, departures, purges).
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, listStepCounts, lists, openDatabase, searchTasks, steps, taskSteps, tasks } from '@/data';
import { exportData, importData } from '@/data/backup';
import { applyPull } from '@/data/sync';
import { CURRENT_VERSION, type DaybookDb, SCHEMA_V2 } from '@/data/db/schema';
import type { PullResult } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const lastChange = async () => (await db.outbox.orderBy('id').last())!;

describe('repeating tasks', () => {
  it('creates a repeating task anchored on its due date; a plain one sends no repeat keys', async () => {
    const plain = await tasks.create({ title: 'Once', due_date: '2026-12-01' }, db);
    expect((await lastChange()).args).not.toHaveProperty('repeat');
    expect(plain).toMatchObject({ repeat: null, repeat_anchor: null });
    const t = await tasks.create({ title: 'Bins', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR' }, db);
    expect(t).toMatchObject({ repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-12-04' });
    expect((await lastChange()).args).toMatchObject({ repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-12-04' });
  });

  it('refuses a repeat without a date and an interval out of range, with SPEC’s words', async () => {
    await expect(tasks.create({ title: 'x', repeat: 'FREQ=DAILY' }, db)).rejects.toThrow('Set a date before repeating');
    await expect(tasks.create({ title: 'x', due_date: '2026-12-01', repeat: 'FREQ=DAILY;INTERVAL=100' }, db)).rejects.toThrow(
      'Pick an interval between 1 and 99',
    );
  });

  it('completing an occurrence moves the due date to the next one after the later of it and today', async () => {
    const t = await tasks.create({ title: 'Bins', due_date: '2026-12-04', due_time: '07:00', repeat: 'FREQ=WEEKLY;BYDAY=FR' }, db);
    // early, on Wednesday 2 Dec: the one after Friday
    const early = await tasks.completeOccurrence(t.id, '2026-12-02', db);
    expect(early).toEqual({ id: t.id, occurrence: '2026-12-04', next: '2026-12-11', completion: expect.any(String), steps: [] });
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2026-12-11', due_time: '07:00', done: false, repeat_anchor: '2026-12-04' });
    // the change names itself (its Undo takes back only it) and the rule `next` came from
    expect((await lastChange())).toEqual(expect.objectContaining({
      name: 'task.complete_occurrence',
      args: { id: t.id, occurrence: '2026-12-04', next: '2026-12-11', completion: early.completion, repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-12-04' },
    }));
    // late, on 30 Dec: the first Friday after today
    const late = await tasks.completeOccurrence(t.id, '2026-12-30', db);
    expect(late.next).toBe('2027-01-01');
    expect(late.completion).not.toBe(early.completion);
    // the earlier completion's Undo comes too late: the later one moved the task since
    await tasks.undoOccurrence(early, db);
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2027-01-01', done: false });
    await tasks.undoOccurrence(late, db);
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2026-12-11', done: false });
    expect(await lastChange()).toMatchObject({ name: 'task.uncomplete_occurrence', args: { id: t.id, occurrence: '2026-12-11', next: '2027-01-01', completion: late.completion } });
  });

  it('Undo of a completion ticks again the steps it unticked, and only those', async () => {
    const t = await tasks.create({ title: 'Weekly clean', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR' }, db);
    const hoover = await steps.create(t.id, 'Hoover', db);
    const dust = await steps.create(t.id, 'Dust', db);
    await steps.create(t.id, 'Mop', db);
    await steps.setDone(hoover.id, true, db);
    await steps.setDone(dust.id, true, db);
    const done = await tasks.completeOccurrence(t.id, '2026-12-04', db);
    expect(done.steps?.sort()).toEqual([hoover.id, dust.id].sort());
    expect((await taskSteps(t.id, db)).map((s) => s.done)).toEqual([false, false, false]);
    await tasks.undoOccurrence(done, db);
    expect((await taskSteps(t.id, db)).map((s) => [s.title, s.done])).toEqual([
      ['Hoover', true],
      ['Dust', true],
      ['Mop', false],
    ]);
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2026-12-04' });
    expect(await lastChange()).toMatchObject({ name: 'task.uncomplete_occurrence', args: { steps: done.steps } });
  });

  it('at the end of the series the task completes like a plain one, and Undo reopens it', async () => {
    const t = await tasks.create({ title: 'Twice', due_date: '2026-12-01', repeat: 'FREQ=DAILY;COUNT=2' }, db);
    expect((await tasks.completeOccurrence(t.id, '2026-12-01', db)).next).toBe('2026-12-02');
    const last = await tasks.completeOccurrence(t.id, '2026-12-02', db);
    expect(last.next).toBeNull();
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2026-12-02', done: true });
    await tasks.undoOccurrence(last, db);
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2026-12-02', done: false });
  });

  it('moving the due date by hand restarts the series there (restartAt), keeping the occurrences left', async () => {
    const t = await tasks.create({ title: 'Five', due_date: '2026-12-01', repeat: 'FREQ=DAILY;COUNT=5' }, db);
    await tasks.completeOccurrence(t.id, '2026-12-01', db); // now at 2 Dec, 4 left
    await tasks.update(t.id, { due_date: '2026-12-10' }, db);
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: '2026-12-10', repeat: 'FREQ=DAILY;COUNT=4', repeat_anchor: '2026-12-10' });
    expect((await lastChange()).args).toEqual({ id: t.id, patch: { due_date: '2026-12-10', repeat: 'FREQ=DAILY;COUNT=4', repeat_anchor: '2026-12-10' } });
  });

  it('clearing the date clears the repeat', async () => {
    const t = await tasks.create({ title: 'Bins', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY' }, db);
    await tasks.update(t.id, { due_date: null }, db);
    expect(await db.tasks.get(t.id)).toMatchObject({ due_date: null, repeat: null, repeat_anchor: null });
  });
});

describe('steps', () => {
  it('adds steps at the end, ticks, renames, reorders, deletes and restores them', async () => {
    const t = await tasks.create({ title: 'Trip' }, db);
    const a = await steps.create(t.id, ' Passport ', db);
    const b = await steps.create(t.id, 'Charger', db);
    const c = await steps.create(t.id, 'Socks', db);
    expect((await taskSteps(t.id, db)).map((s) => s.title)).toEqual(['Passport', 'Charger', 'Socks']);
    await steps.setDone(b.id, true, db);
    await steps.update(a.id, { title: 'Passport and visa' }, db);
    await steps.move(c.id, { after: null }, db);
    expect((await taskSteps(t.id, db)).map((s) => [s.title, s.done])).toEqual([['Socks', false], ['Passport and visa', false], ['Charger', true]]);
    expect(await listStepCounts(me.inboxId, db)).toEqual({ [t.id]: { done: 1, total: 3 } });
    await steps.delete(c.id, db);
    expect(await listStepCounts(me.inboxId, db)).toEqual({ [t.id]: { done: 1, total: 2 } });
    await steps.restore(c.id, db);
    expect((await taskSteps(t.id, db)).length).toBe(3);
  });

  it('refuses a blank step, a long one and the 101st', async () => {
    const t = await tasks.create({ title: 'Big' }, db);
    await expect(steps.create(t.id, '  ', db)).rejects.toThrow('Step is required');
    await expect(steps.create(t.id, 'x'.repeat(201), db)).rejects.toThrow('Step must be at most 200 characters');
    for (let i = 0; i < 100; i++) await steps.create(t.id, `Step ${i}`, db);
    await expect(steps.create(t.id, 'One more', db)).rejects.toThrow('A task holds at most 100 steps');
  });

  it('deleting a task takes its steps, restoring brings them back; a list’s delete likewise', async () => {
    const list = await lists.create({ name: 'Home' }, db);
    const t = await tasks.create({ title: 'Trip', list_id: list.id }, db);
    const a = await steps.create(t.id, 'Passport', db);
    await tasks.delete(t.id, db);
    expect(await db.steps.get(a.id)).toMatchObject({ deleted_with_task: true });
    expect(await taskSteps(t.id, db)).toEqual([]);
    await tasks.restore(t.id, db);
    expect((await taskSteps(t.id, db)).map((s) => s.id)).toEqual([a.id]);
    await lists.delete(list.id, db);
    expect(await taskSteps(t.id, db)).toEqual([]);
    await lists.restore(list.id, db);
    expect((await taskSteps(t.id, db)).map((s) => s.id)).toEqual([a.id]);
  });

  it('moving a task moves its steps to the new list', async () => {
    const list = await lists.create({ name: 'Work' }, db);
    const t = await tasks.create({ title: 'Trip' }, db);
    const a = await steps.create(t.id, 'Passport', db);
    await tasks.update(t.id, { list_id: list.id }, db);
    expect(await db.steps.get(a.id)).toMatchObject({ list_id: list.id });
  });

  it('search finds a task by one of its steps', async () => {
    const t = await tasks.create({ title: 'Trip' }, db);
    await tasks.create({ title: 'Other' }, db);
    await steps.create(t.id, 'Buy sunscreen', db);
    expect((await searchTasks('sunscreen', db)).map((x) => x.id)).toEqual([t.id]);
  });

  it('export and import carry repeats and steps', async () => {
    const t = await tasks.create({ title: 'Bins', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR' }, db);
    await steps.create(t.id, 'Green bin', db);
    const done = await steps.create(t.id, 'Blue bin', db);
    await steps.setDone(done.id, true, db);
    const file = JSON.parse(JSON.stringify(await exportData(db)));
    expect(file.steps.map((s: { title: string }) => s.title)).toEqual(['Green bin', 'Blue bin']);
    const other = await openDatabase('daybook-import-target', 'someone-else');
    const report = await importData(file, other);
    expect(report.imported).toEqual({ lists: 0, tasks: 1, steps: 2 });
    const [copy] = await other.tasks.toArray();
    expect(copy).toMatchObject({ repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-12-04' });
    expect((await taskSteps(copy!.id, other)).map((s) => [s.title, s.done])).toEqual([['Green bin', false], ['Blue bin', true]]);
    await other.delete();
  });
});

describe('pulled steps', () => {
  const T0 = '2026-11-20T08:00:00.000Z';
  const page = (over: Partial<PullResult>): PullResult => ({
    lists: [], members: [], tasks: [], steps: [], departed: [], visible_lists: [me.inboxId], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over,
  });
  const step = (id: string, taskId: string, listId: string, over = {}) => ({
    id, task_id: taskId, list_id: listId, title: `Step ${id}`, done: false, position: 'a0', created_at: T0, updated_at: T0, deleted_at: null, version: 1, ...over,
  });

  it('stores pulled steps; a task’s departure takes the steps still in the list it left', async () => {
    const t = await tasks.create({ title: 'Trip' }, db);
    await applyPull(page({ steps: [step('s1', t.id, me.inboxId), step('s2', t.id, 'elsewhere', { position: 'a1' })] }), db);
    expect((await taskSteps(t.id, db)).map((s) => s.id)).toEqual(['s1', 's2']);
    await applyPull(page({ departed: [{ list_id: me.inboxId, task_id: t.id }] }), db);
    expect(await db.tasks.get(t.id)).toBeUndefined();
    expect((await db.steps.toArray()).map((s) => s.id)).toEqual(['s2']);
  });

  it('purges the steps of a list that vanished', async () => {
    await applyPull(page({ steps: [step('s1', 't-x', 'gone')], cursors: { gone: 3 }, visible_lists: [me.inboxId, 'gone'] }), db);
    expect(await db.steps.count()).toBe(1);
    await applyPull(page({ visible_lists: [me.inboxId] }), db);
    expect(await db.steps.count()).toBe(0);
  });
});

describe('schema v3', () => {
  it('upgrades a v2 database keeping its rows; tasks gain repeat fields (null), steps start empty', async () => {
    const v2 = new Dexie('daybook-v2-upgrade');
    v2.version(2).stores(SCHEMA_V2);
    await v2.open();
    await v2.table('meta').bulkPut([{ key: 'client_id', value: 'c1' }, { key: 'user_id', value: 'u1' }, { key: 'next_mutation_id', value: 4 }]);
    await v2.table('tasks').put({
      id: 't1', list_id: 'u1', title: 'Old', notes: '', due_date: '2025-03-01', due_time: null, priority: 0, done: false, done_at: null,
      position: 'a0', created_by: 'u1', created_at: T, updated_at: T, deleted_at: null, version: 2, state: 0, due_time_key: '',
    });
    v2.close();
    const db3 = await openDatabase('daybook-v2-upgrade');
    expect(db3.verno).toBe(CURRENT_VERSION);
    expect(await db3.tasks.get('t1')).toMatchObject({ title: 'Old', repeat: null, repeat_anchor: null, version: 2 });
    expect(await db3.steps.count()).toBe(0);
    await db3.delete();
  });
});
const T = '2025-01-01T00:00:00Z';
