// Reads for Upcoming's repeats and the rows' step counts (SPEC §11.1, §11.3): the open repeating
// tasks that can have occurrences up to a day, and done/total for any set of tasks in one query.
import { beforeEach, describe, expect, it } from 'vitest';
import { lists, repeatingTasks, stepCounts, steps, tasks } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
beforeEach(async () => {
  ({ db } = await freshDb());
});

describe('repeatingTasks', () => {
  it('open repeating tasks due on or before the day, in due order; not plain, later, done or deleted ones', async () => {
    const late = await tasks.create({ title: 'Late', due_date: '2026-02-20', repeat: 'FREQ=DAILY' }, db);
    const due = await tasks.create({ title: 'Bins', due_date: '2026-03-04', repeat: 'FREQ=WEEKLY;BYDAY=WE' }, db);
    await tasks.create({ title: 'Plain', due_date: '2026-03-03' }, db);
    await tasks.create({ title: 'Later', due_date: '2026-03-20', repeat: 'FREQ=DAILY' }, db);
    const done = await tasks.create({ title: 'Done', due_date: '2026-03-03', repeat: 'FREQ=DAILY' }, db);
    await tasks.update(done.id, { done: true }, db);
    const gone = await tasks.create({ title: 'Gone', due_date: '2026-03-03', repeat: 'FREQ=DAILY' }, db);
    await tasks.delete(gone.id, db);
    expect((await repeatingTasks('2026-03-15', db)).map((t) => t.id)).toEqual([late.id, due.id]);
    expect((await repeatingTasks('2026-03-04', db)).map((t) => t.title)).toEqual(['Late', 'Bins']);
    expect((await repeatingTasks('2026-03-03', db)).map((t) => t.title)).toEqual(['Late']);
  });
});

describe('stepCounts', () => {
  it('counts live steps of the tasks asked for, across lists, in one read', async () => {
    const other = await lists.create({ name: 'Work' }, db);
    const a = await tasks.create({ title: 'Pack' }, db);
    const b = await tasks.create({ title: 'Slides', list_id: other.id }, db);
    const c = await tasks.create({ title: 'Not asked' }, db);
    const [a1] = [await steps.create(a.id, 'Passport', db), await steps.create(a.id, 'Charger', db)];
    const a3 = await steps.create(a.id, 'Socks', db);
    await steps.setDone(a1.id, true, db);
    await steps.delete(a3.id, db);
    const b1 = await steps.create(b.id, 'Outline', db);
    await steps.setDone(b1.id, true, db);
    await steps.create(c.id, 'x', db);
    const empty = await tasks.create({ title: 'No steps' }, db);
    expect(await stepCounts([a.id, b.id, empty.id], db)).toEqual({ [a.id]: { done: 1, total: 2 }, [b.id]: { done: 1, total: 1 } });
    expect(await stepCounts([], db)).toEqual({});
  });
});
