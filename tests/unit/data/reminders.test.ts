// Reminders in the data layer (SPEC §11.4): the writes (one outbox entry per change, nothing
// queued for a change that changes nothing), the schedule's input, a pulled page's reminders
// (rows, departures, purges, the rebase of a queued change), a move carrying the reminder, the
// v3 → v4 upgrade and export/import.
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCursors, getReminder, type Identity, lists, loadReminderInputs, openDatabase, reminders, setCurrentDatabase, tasks } from '@/data';
import { exportData, importData } from '@/data/backup';
import { adoptLocalData, applyPull } from '@/data/sync';
import { CURRENT_VERSION, type DaybookDb, SCHEMA_V3 } from '@/data/db/schema';
import type { PullResult } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const T0 = '2026-11-20T08:00:00.000Z';
const outbox = async () => (await db.outbox.orderBy('id').toArray()).map((m) => ({ name: m.name, args: m.args }));

describe('reminder writes', () => {
  it('set queues reminder.set and stores the reminder in the task’s list; setting it again writes nothing', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04', due_time: '09:30' }, db);
    await db.outbox.clear();
    await reminders.set(t.id, 15, db);
    await reminders.set(t.id, 15, db);
    expect(await outbox()).toEqual([{ name: 'reminder.set', args: { task_id: t.id, offset_minutes: 15 } }]);
    expect(await getReminder(t.id, db)).toMatchObject({ task_id: t.id, list_id: me.inboxId, offset_minutes: 15, snoozed_until: null });
  });

  it('refuses a task with no due date with SPEC’s words, writing nothing', async () => {
    const t = await tasks.create({ title: 'Call mum' }, db);
    await db.outbox.clear();
    await expect(reminders.set(t.id, 15, db)).rejects.toThrow('Set a date before adding a reminder');
    expect(await outbox()).toEqual([]);
    expect(await db.reminders.count()).toBe(0);
  });

  it('clear keeps a tombstone (offset null) that reads as no reminder; clearing again writes nothing', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    await reminders.set(t.id, 60, db);
    await db.outbox.clear();
    await reminders.clear(t.id, db);
    await reminders.clear(t.id, db);
    expect(await outbox()).toEqual([{ name: 'reminder.clear', args: { task_id: t.id } }]);
    expect(await db.reminders.get(t.id)).toMatchObject({ offset_minutes: null });
    expect(await getReminder(t.id, db)).toBeNull();
  });

  it('snooze stores the occurrence and the instant; a new time ends it', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04', due_time: '09:30' }, db);
    await reminders.set(t.id, 15, db);
    await reminders.snooze(t.id, '2026-12-04', '2026-12-04T09:25:00Z', db);
    expect(await getReminder(t.id, db)).toMatchObject({ snoozed_until: '2026-12-04T09:25:00.000Z', snoozed_occurrence: '2026-12-04' });
    expect((await outbox()).at(-1)).toEqual({ name: 'reminder.snooze', args: { task_id: t.id, occurrence: '2026-12-04', until: '2026-12-04T09:25:00Z' } });
    await expect(reminders.snooze(t.id, '2026-12-04', 'soon', db)).rejects.toThrow('Pick a valid time to snooze until');
    await reminders.set(t.id, 5, db);
    expect(await getReminder(t.id, db)).toMatchObject({ offset_minutes: 5, snoozed_until: null, snoozed_occurrence: null });
  });

  it('moving the task to another list carries its reminder', async () => {
    const work = await lists.create({ name: 'Work' }, db);
    const t = await tasks.create({ title: 'Report', due_date: '2026-12-04' }, db);
    await reminders.set(t.id, 1440, db);
    await tasks.update(t.id, { list_id: work.id }, db);
    expect(await db.reminders.get(t.id)).toMatchObject({ list_id: work.id, offset_minutes: 1440 });
  });
});

describe('loadReminderInputs', () => {
  it('gives every set reminder with its task and list name, leaving cleared ones out', async () => {
    const work = await lists.create({ name: 'Work' }, db);
    const a = await tasks.create({ title: 'Report', list_id: work.id, due_date: '2026-12-04', due_time: '17:00' }, db);
    const b = await tasks.create({ title: 'Bins', due_date: '2026-12-05' }, db);
    const c = await tasks.create({ title: 'Cleared', due_date: '2026-12-06' }, db);
    await reminders.set(a.id, 30, db);
    await reminders.set(b.id, 0, db);
    await reminders.set(c.id, 5, db);
    await reminders.clear(c.id, db);
    await tasks.setDone(b.id, true, db);
    const inputs = await loadReminderInputs(db);
    expect(inputs.reminders.map((r) => [r.task_id, r.offset_minutes]).sort()).toEqual([[a.id, 30], [b.id, 0]].sort());
    const byId = new Map(inputs.tasks.map((t) => [t.id, t]));
    expect(byId.get(a.id)).toEqual({ id: a.id, title: 'Report', list_id: work.id, list_name: 'Work', due_date: '2026-12-04', due_time: '17:00', done: false, deleted_at: null });
    expect(byId.get(b.id)).toMatchObject({ list_name: 'Inbox', done: true });
  });
});

describe('a pulled page’s reminders', () => {
  const page = (over: Partial<PullResult>): PullResult => ({
    lists: [], members: [], tasks: [], steps: [], departed: [], visible_lists: [me.inboxId], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over,
  });
  const row = (taskId: string, listId: string, over = {}) => ({
    task_id: taskId, list_id: listId, user_id: me.userId, offset_minutes: 15 as const, snoozed_until: null, snoozed_occurrence: null,
    created_at: T0, updated_at: T0, version: 3, ...over,
  });

  it('stores them in the device’s shape (the snooze as an ISO instant, no user id)', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    await db.outbox.clear();
    await applyPull(page({ reminders: [row(t.id, me.inboxId, { snoozed_until: '2026-12-04 09:25:00+00', snoozed_occurrence: '2026-12-04' })] }), db);
    expect(await db.reminders.get(t.id)).toEqual({
      task_id: t.id, list_id: me.inboxId, offset_minutes: 15, snoozed_until: '2026-12-04T09:25:00.000Z', snoozed_occurrence: '2026-12-04', updated_at: T0, version: 3,
    });
  });

  it('a queued change is replayed over the pulled row (rebase)', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    await db.outbox.clear();
    await reminders.set(t.id, 60, db);
    const queued = (await db.outbox.toArray())[0]!.id;
    await applyPull(page({ reminders: [row(t.id, me.inboxId, { offset_minutes: 5 })], last_mutation_id: queued - 1 }), db);
    expect(await db.reminders.get(t.id)).toMatchObject({ offset_minutes: 60 });
  });

  it('a refused first set leaves no reminder the server lacks: the row goes and its list is pulled again', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    await db.outbox.clear();
    await reminders.set(t.id, 15, db);
    const queued = (await db.outbox.toArray())[0]!.id;
    await applyPull(
      page({ refused: [{ id: queued, error: { code: 'invalid', message: 'Set a date before adding a reminder', field: 'due_date' } }], last_mutation_id: queued, cursors: { [me.inboxId]: 7 } }),
      db,
    );
    expect(await db.reminders.get(t.id)).toBeUndefined();
    expect(await db.refused.count()).toBe(1);
    expect(await getCursors(db)).toMatchObject({ [me.inboxId]: 0 });
  });

  it('a refused move drops the reminder it carried with the task; pulling everything again brings back the server’s', async () => {
    const work = await lists.create({ name: 'Work' }, db);
    const t = await tasks.create({ title: 'Report', due_date: '2026-12-04' }, db);
    await reminders.set(t.id, 15, db);
    await db.outbox.clear();
    await tasks.update(t.id, { list_id: work.id }, db);
    const move = (await db.outbox.toArray())[0]!.id;
    await applyPull(page({ refused: [{ id: move, error: { code: 'forbidden', message: 'You can only view this list' } }], last_mutation_id: move }), db);
    expect(await db.reminders.get(t.id)).toBeUndefined();
    await applyPull(page({ tasks: [], reminders: [row(t.id, me.inboxId)] }), db);
    expect(await db.reminders.get(t.id)).toMatchObject({ list_id: me.inboxId, offset_minutes: 15 });
  });

  it('a task’s departure takes its reminder still in the list it left; a list that vanished takes its reminders', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    await reminders.set(t.id, 15, db);
    await applyPull(page({ departed: [{ list_id: me.inboxId, task_id: t.id }], last_mutation_id: 99 }), db);
    expect(await db.reminders.get(t.id)).toBeUndefined();
    await applyPull(page({ reminders: [row('t-x', 'gone')], cursors: { gone: 3 }, visible_lists: [me.inboxId, 'gone'] }), db);
    expect(await db.reminders.count()).toBe(1);
    await applyPull(page({ visible_lists: [me.inboxId] }), db);
    expect(await db.reminders.count()).toBe(0);
  });
});

describe('export and import', () => {
  it('carries set reminders of live tasks (no snooze) and sets them on the imported tasks', async () => {
    const a = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    const b = await tasks.create({ title: 'Cleared', due_date: '2026-12-04' }, db);
    await reminders.set(a.id, 30, db);
    await reminders.snooze(a.id, '2026-12-04', '2026-12-04T09:25:00Z', db);
    await reminders.set(b.id, 5, db);
    await reminders.clear(b.id, db);
    const file = await exportData(db);
    expect(file.reminders).toEqual([{ task_id: a.id, offset_minutes: 30 }]);

    ({ db } = await freshDb());
    const report = await importData({ ...file, reminders: [...file.reminders!, { task_id: a.id, offset_minutes: 7 }, { task_id: 'nope', offset_minutes: 5 }] }, db);
    expect(report.imported.reminders).toBe(1);
    expect(report.skipped).toEqual([
      { index: 1, kind: 'reminder', reason: 'Pick one of the reminder times' },
      { index: 2, kind: 'reminder', reason: 'Its task was not imported' },
    ]);
    // imported on a device that could not ask the server: the task took a new id, its reminder followed
    const dentist = (await db.tasks.toArray()).find((t) => t.title === 'Dentist');
    expect(dentist?.id).not.toBe(a.id);
    expect(await getReminder(dentist!.id, db)).toMatchObject({ offset_minutes: 30, snoozed_until: null });
    expect((await db.outbox.toArray()).filter((m) => m.name === 'reminder.set')).toHaveLength(1);
  });

  it('skips a reminder on a task without a date, and imports everything else', async () => {
    const dated = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    const undated = await tasks.create({ title: 'Someday' }, db);
    await reminders.set(dated.id, 30, db);
    const file = await exportData(db);

    ({ db } = await freshDb());
    // a file edited by hand, or made by another app: a reminder on the undated task
    const report = await importData({ ...file, reminders: [{ task_id: undated.id, offset_minutes: 15 }, ...file.reminders!] }, db);
    expect(report.imported).toMatchObject({ tasks: 2, reminders: 1 });
    expect(report.skipped).toEqual([{ index: 0, kind: 'reminder', reason: 'Set a date before adding a reminder' }]);
    expect((await db.tasks.toArray()).map((t) => t.title).sort()).toEqual(['Dentist', 'Someday']);
  });
});

describe('signing in', () => {
  it('a reminder set while signed out moves into the user’s database, queued', async () => {
    const t = await tasks.create({ title: 'Dentist', due_date: '2026-12-04' }, db);
    await reminders.set(t.id, 60, db);
    db.close();
    const userDb = await openDatabase('daybook-6f1c1d2e-0000-4000-8000-00000000000b');
    setCurrentDatabase(userDb);
    const report = await adoptLocalData(userDb);
    expect(report?.imported).toMatchObject({ tasks: 1, reminders: 1 });
    expect(await getReminder(t.id, userDb)).toMatchObject({ offset_minutes: 60 });
    expect((await userDb.outbox.toArray()).map((e) => e.name)).toEqual(['task.create', 'reminder.set']);
    await userDb.delete();
  });
});

describe('schema v4', () => {
  it('upgrades a v3 database keeping its rows; reminders start empty', async () => {
    const v3 = new Dexie('daybook-v3-upgrade');
    v3.version(3).stores(SCHEMA_V3);
    await v3.open();
    await v3.table('meta').bulkPut([{ key: 'client_id', value: 'c1' }, { key: 'user_id', value: 'u1' }, { key: 'next_mutation_id', value: 4 }]);
    await v3.table('tasks').put({
      id: 't1', list_id: 'u1', title: 'Old', notes: '', due_date: '2025-03-01', due_time: null, priority: 0, done: false, done_at: null,
      position: 'a0', created_by: 'u1', created_at: T0, updated_at: T0, deleted_at: null, version: 2, state: 0, due_time_key: '', repeat: null, repeat_anchor: null,
    });
    v3.close();
    const db4 = await openDatabase('daybook-v3-upgrade');
    expect(db4.verno).toBe(CURRENT_VERSION);
    expect(await db4.tasks.get('t1')).toMatchObject({ title: 'Old', version: 2 });
    expect(await db4.reminders.count()).toBe(0);
    await db4.delete();
  });
});
