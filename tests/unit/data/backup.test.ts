import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, type Identity, listLists, listTasks, lists, tasks, ValidationError } from '@/data';
import { exportData, importData } from '@/data/backup';
import type { List, Task } from '@/domain/model';
import { freshDb } from './helpers';

let me: Identity;
beforeEach(async () => {
  ({ identity: me } = await freshDb());
});

/** What a user would recognise as "the same data": everything but ids, clocks and positions. */
async function userView() {
  const all = await listLists();
  const out: Record<string, { color: string; inbox: boolean; tasks: unknown[] }> = {};
  for (const list of all) {
    const rows = await listTasks(list.id, 'all');
    out[list.name] = {
      color: list.color,
      inbox: list.is_inbox,
      tasks: rows.map((t) => [t.title, t.notes, t.due_date, t.due_time, t.priority, t.done, t.deadline, t.steps_start_over]),
    };
  }
  return { lists: all.map((l) => l.name), byList: out };
}

async function seed() {
  const home = await lists.create({ name: 'Home', color: 'green' });
  const work = await lists.create({ name: 'Work', color: 'blue' });
  await tasks.create({ title: 'Inbox item', notes: 'from the bus' });
  await tasks.create({ title: 'Paint', list_id: home.id, due_date: '2025-04-01', due_time: '10:00', priority: 2, deadline: '2025-04-05' });
  const done = await tasks.create({ title: 'Fix tap', list_id: home.id });
  await tasks.setDone(done.id, true);
  await tasks.create({ title: 'Report', list_id: work.id, notes: 'Q1', priority: 3, due_date: '2025-04-02', steps_start_over: false });
  const gone = await tasks.create({ title: 'Deleted', list_id: work.id });
  await tasks.delete(gone.id);
  await tasks.move((await tasks.create({ title: 'First at home', list_id: home.id })).id, { after: null });
}

describe('export', () => {
  it('writes the daybook format with live lists and tasks only', async () => {
    await seed();
    const file = await exportData();
    expect(file).toMatchObject({ format: 'daybook', version: 1 });
    expect(Date.parse(file.exported_at)).not.toBeNaN();
    expect(file.lists.map((l: List) => l.name)).toEqual(['Inbox', 'Home', 'Work']);
    expect(file.tasks.map((t: Task) => t.title).sort()).toEqual(['First at home', 'Fix tap', 'Inbox item', 'Paint', 'Report']);
    // A file survives JSON.
    expect(JSON.parse(JSON.stringify(file))).toEqual(file);
  });
});

describe('round trip', () => {
  it('export → wipe → import gives back the same lists and tasks, queued for sync', async () => {
    await seed();
    const before = await userView();
    const file = JSON.parse(JSON.stringify(await exportData()));

    ({ identity: me } = await freshDb()); // a new device: new Inbox id, empty queue
    const report = await importData(file);
    // offline (no server to ask), every list and task takes a new id
    expect(report).toEqual({ imported: { lists: 2, tasks: 5 }, renamed: 7, skipped: [] });
    expect(await userView()).toEqual(before);

    const outbox = await getDb().outbox.toArray();
    const names = outbox.map((e) => e.name);
    expect(names.filter((n) => n === 'list.create')).toHaveLength(2);
    expect(names.filter((n) => n === 'task.create')).toHaveLength(5);
    expect(outbox.filter((e) => e.name === 'task.update').map((e) => e.args)).toEqual([
      { id: expect.any(String), patch: { done: true } },
    ]);
    // Inbox tasks went to this device's Inbox.
    expect((await listTasks(me.inboxId)).map((t) => t.title)).toEqual(['Inbox item']);
  });

  it('importing the same file again on the same device adds nothing', async () => {
    await seed();
    const before = await userView();
    const report = await importData(await exportData());
    expect(report.imported).toEqual({ lists: 0, tasks: 0 });
    expect(report.skipped.every((s) => s.reason === 'Already on this device')).toBe(true);
    expect(await userView()).toEqual(before);
  });

  it('gives a fresh id to a record whose id is taken by something different', async () => {
    const X1 = '00000000-0000-4000-8000-0000000000b1';
    const home = await lists.create({ name: 'Home', color: 'green' });
    const report = await importData(
      {
        format: 'daybook',
        version: 1,
        lists: [{ id: home.id, name: 'Garden', color: 'yellow' }],
        tasks: [{ id: X1, list_id: home.id, title: 'Mow' }],
      },
      undefined,
      { idCheck: async () => new Set() },
    );
    expect(report.imported).toEqual({ lists: 1, tasks: 1 });
    expect(report.renamed).toBe(1);
    const garden = (await listLists()).find((l) => l.name === 'Garden');
    expect(garden?.id).not.toBe(home.id);
    expect((await listTasks(garden?.id as string)).map((t) => [t.id, t.title])).toEqual([[X1, 'Mow']]);
    expect(await listTasks(home.id)).toEqual([]);
  });
});

const L1 = '00000000-0000-4000-8000-0000000000a1';
const L2 = '00000000-0000-4000-8000-0000000000a2';
const L3 = '00000000-0000-4000-8000-0000000000a3';
const L4 = '00000000-0000-4000-8000-0000000000a4';
const MISSING = '00000000-0000-4000-8000-0000000000ff';

describe('refusal report', () => {
  it('skips invalid records with the SPEC messages and imports the rest', async () => {
    const report = await importData({
      format: 'daybook',
      version: 1,
      lists: [
        { id: L1, name: '  ', color: 'red' },
        { id: L2, name: 'Fine', color: 'red' },
        { id: L3, name: 'x'.repeat(81), color: 'red' },
        { id: L4, name: 'Pink', color: 'pink' },
      ],
      tasks: [
        { title: '', list_id: L2 },
        { title: 'x'.repeat(501), list_id: L2 },
        { title: 'notes', notes: 'n'.repeat(10_001) },
        { title: 'date', due_date: '2025-02-30' },
        { title: 'time', due_time: '09:00' },
        { title: 'prio', priority: 9 },
        'not a task',
        { title: 'ok', list_id: L2 },
        { title: 'orphan', list_id: MISSING },
      ],
    });
    expect(report.imported).toEqual({ lists: 1, tasks: 2 });
    expect(report.skipped).toEqual([
      { index: 0, kind: 'list', reason: 'List name is required' },
      { index: 2, kind: 'list', reason: 'List name must be at most 80 characters' },
      { index: 3, kind: 'list', reason: expect.stringContaining('Color must be one of') },
      { index: 0, kind: 'task', reason: 'Title is required' },
      { index: 1, kind: 'task', reason: 'Title must be at most 500 characters' },
      { index: 2, kind: 'task', reason: 'Notes must be at most 10,000 characters' },
      { index: 3, kind: 'task', reason: 'Pick a date between 1900 and 2999' },
      { index: 4, kind: 'task', reason: 'Set a date before setting a time' },
      { index: 5, kind: 'task', reason: 'Priority must be none, low, medium or high' },
      { index: 6, kind: 'task', reason: 'Not a task record' },
    ]);
    const fine = (await listLists()).find((l) => l.name === 'Fine');
    expect((await listTasks(fine?.id as string)).map((t) => t.title)).toEqual(['ok']);
    expect((await listTasks(me.inboxId)).map((t) => t.title)).toEqual(['orphan']);
  });

  it('refuses a file that is not a Daybook export, writing nothing', async () => {
    for (const bad of [null, 'text', { format: 'other', lists: [], tasks: [] }, { format: 'daybook' }]) {
      await expect(importData(bad)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(await getDb().outbox.count()).toBe(0);
  });

  it.each([
    ['a list id that is not a UUID', { lists: [{ id: 'l1', name: 'Home', color: 'red' }], tasks: [] }, 'list 1 (“Home”) has an id that isn’t a UUID'],
    ['a 100,000-character id', { lists: [], tasks: [{ id: 'x'.repeat(100_000), title: 'Long id' }] }, 'task 1 (“Long id”) has an id that isn’t a UUID'],
    ['a task naming a list id that is not a UUID', { lists: [], tasks: [{ title: 'ok' }, { title: 'Bad list', list_id: 42 }] }, 'task 2 (“Bad list”) names a list whose id isn’t a UUID'],
    ['a NUL in a title', { lists: [], tasks: [{ title: 'fine' }, { title: 'nul\u0000' }] }, 'task 2 has a title with a character that can’t be saved'],
    ['a lone surrogate in notes', { lists: [], tasks: [{ title: 'Notes', notes: 'half \ud83c' }] }, 'task 1 (“Notes”) has notes with a character that can’t be saved'],
  ])('refuses a whole file with %s, naming the first bad row, and imports nothing', async (_name, rows, why) => {
    const before = await getDb().outbox.count();
    await expect(importData({ format: 'daybook', version: 1, ...rows, lists: [{ id: L1, name: 'Would import', color: 'red' }, ...rows.lists] })).rejects.toMatchObject({
      field: 'file',
      message: `Nothing was imported: ${why.replace(/^list 1/, 'list 2')}`,
    });
    expect(await getDb().outbox.count()).toBe(before);
    expect((await listLists()).some((l) => l.name === 'Would import')).toBe(false);
  });
});
