import { beforeEach, describe, expect, it } from 'vitest';
import { type DaybookDb, reminders, tasks } from '@/data';
import { completeFromReminder, openReminderDatabase, snoozeFromReminder } from '@/data/reminders/actions';
import { freshDb } from './helpers';

let db: DaybookDb;
beforeEach(async () => {
  ({ db } = await freshDb());
});

const outboxNames = async () => (await db.outbox.toArray()).map((e) => e.name);

describe('"Complete" from a reminder', () => {
  it('completes a plain task: one transaction, one outbox entry', async () => {
    const t = await tasks.create({ title: 'Call', due_date: '2026-11-25', due_time: '14:30' });
    await reminders.set(t.id, 15);
    const before = (await db.outbox.count());
    expect(await completeFromReminder(db, t.id, '2026-11-25', '2026-11-25')).toEqual({ done: 'task' });
    expect((await db.tasks.get(t.id))?.done).toBe(true);
    expect(await db.outbox.count()).toBe(before + 1);
    expect((await outboxNames()).at(-1)).toBe('task.update');
  });

  it('completes one occurrence of a repeating task: the date moves on', async () => {
    const t = await tasks.create({ title: 'Water plants', due_date: '2026-11-25', repeat: 'FREQ=DAILY' });
    await reminders.set(t.id, 0);
    expect(await completeFromReminder(db, t.id, '2026-11-25', '2026-11-25')).toEqual({ done: 'occurrence', next: '2026-11-26' });
    const row = await db.tasks.get(t.id);
    expect([row?.done, row?.due_date]).toEqual([false, '2026-11-26']);
    expect((await outboxNames()).at(-1)).toBe('task.complete_occurrence');
  });

  it.each([
    ['already done', async (id: string) => void (await tasks.setDone(id, true))],
    ['deleted', async (id: string) => void (await tasks.delete(id))],
    ['moved to another day', async (id: string) => void (await tasks.update(id, { due_date: '2026-11-27' }))],
  ])('does nothing when the task was %s meanwhile', async (_case, change) => {
    const t = await tasks.create({ title: 'Call', due_date: '2026-11-25' });
    await change(t.id);
    const before = await db.outbox.count();
    expect(await completeFromReminder(db, t.id, '2026-11-25', '2026-11-25')).toEqual({ done: 'nothing' });
    expect(await db.outbox.count()).toBe(before);
  });

  it('a second click on the same repeating reminder does not complete the next occurrence', async () => {
    const t = await tasks.create({ title: 'Water plants', due_date: '2026-11-25', repeat: 'FREQ=DAILY' });
    await completeFromReminder(db, t.id, '2026-11-25', '2026-11-25');
    expect(await completeFromReminder(db, t.id, '2026-11-25', '2026-11-25')).toEqual({ done: 'nothing' });
    expect((await db.tasks.get(t.id))?.due_date).toBe('2026-11-26');
  });
});

describe('"Snooze 10 minutes" from a reminder', () => {
  it('snoozes the occurrence: one outbox entry', async () => {
    const t = await tasks.create({ title: 'Call', due_date: '2026-11-25', due_time: '14:30' });
    await reminders.set(t.id, 15);
    expect(await snoozeFromReminder(db, t.id, '2026-11-25', '2026-11-25T14:25:00.000Z')).toBe(true);
    expect(await db.reminders.get(t.id)).toMatchObject({ snoozed_until: '2026-11-25T14:25:00.000Z', snoozed_occurrence: '2026-11-25' });
    expect((await outboxNames()).at(-1)).toBe('reminder.snooze');
  });

  it('does nothing for a task that moved on or a cleared reminder', async () => {
    const t = await tasks.create({ title: 'Call', due_date: '2026-11-25' });
    expect(await snoozeFromReminder(db, t.id, '2026-11-25', '2026-11-25T14:25:00.000Z')).toBe(false);
    await reminders.set(t.id, 0);
    expect(await snoozeFromReminder(db, t.id, '2026-11-24', '2026-11-25T14:25:00.000Z')).toBe(false);
  });
});

describe('openReminderDatabase', () => {
  it('opens the signed-out database, and not one the device no longer has', async () => {
    const local = await openReminderDatabase(null);
    expect(local?.name).toBe('daybook-local');
    local?.close();
    expect(await openReminderDatabase('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
