import { beforeEach, describe, expect, it } from 'vitest';
import {
  dayCounts,
  type Identity,
  listLists,
  listMembers,
  listTasks,
  lists,
  openTaskCounts,
  outboxCount,
  refusedEntries,
  SEARCH_LIMIT,
  searchTasks,
  tasks,
  todayTasks,
  upcomingTasks,
} from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const titles = (rows: { title: string }[]) => rows.map((t) => t.title);

describe('lists', () => {
  it('orders by position with the Inbox first, hides deleted lists, counts open tasks', async () => {
    const a = await lists.create({ name: 'A' });
    const b = await lists.create({ name: 'B' });
    const c = await lists.create({ name: 'C' });
    await lists.move(c.id, { after: null }); // before the Inbox's position; the Inbox still leads
    await lists.delete(b.id);
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox', 'C', 'A']);

    await tasks.create({ title: '1', list_id: a.id });
    const done = await tasks.create({ title: '2', list_id: a.id });
    await tasks.setDone(done.id, true);
    await tasks.create({ title: '3' });
    expect(await openTaskCounts()).toEqual({ [me.inboxId]: 1, [a.id]: 1, [c.id]: 0 });
  });

  it('knows the owner of a list made here', async () => {
    const a = await lists.create({ name: 'A' });
    expect(await listMembers(a.id)).toEqual([{ list_id: a.id, user_id: me.userId, email: '', role: 'owner' }]);
  });
});

describe('a list of tasks', () => {
  it('shows open, done or all in manual order, never tombstones', async () => {
    const [a, b, c, d] = [
      await tasks.create({ title: 'A' }),
      await tasks.create({ title: 'B' }),
      await tasks.create({ title: 'C' }),
      await tasks.create({ title: 'D' }),
    ];
    await tasks.setDone(b.id, true);
    await tasks.setDone(d.id, true);
    await tasks.delete(c.id);
    await tasks.move(a.id, {}); // to the end
    expect(titles(await listTasks(me.inboxId, 'open'))).toEqual(['A']);
    expect(titles(await listTasks(me.inboxId, 'done'))).toEqual(['B', 'D']);
    expect(titles(await listTasks(me.inboxId, 'all'))).toEqual(['B', 'D', 'A']);
  });
});

describe('Today, Upcoming and the calendar', () => {
  beforeEach(async () => {
    const other = await lists.create({ name: 'Other' });
    const mk = (title: string, due_date: string | null, due_time: string | null = null, list_id?: string) =>
      tasks.create({ title, due_date, due_time, ...(list_id ? { list_id } : {}) });
    await mk('old', '2024-12-30');
    await mk('yesterday late', '2024-12-31', '22:00');
    await mk('yesterday early', '2024-12-31', '07:00', other.id);
    await mk('today 9', '2025-01-01', '09:00');
    await mk('today untimed', '2025-01-01');
    await mk('today 8', '2025-01-01', '08:00', other.id);
    await mk('undated', null);
    await mk('in a week', '2025-01-08');
    await mk('day 13', '2025-01-14');
    await mk('day 14', '2025-01-15');
    const done = await mk('done today', '2025-01-01');
    await tasks.setDone(done.id, true);
    const gone = await mk('deleted today', '2025-01-01');
    await tasks.delete(gone.id);
  });

  it('Today: overdue by date then time, then today by time (untimed first)', async () => {
    const result = await todayTasks('2025-01-01');
    expect(titles(result.overdue)).toEqual(['old', 'yesterday early', 'yesterday late']);
    expect(titles(result.today)).toEqual(['today untimed', 'today 8', 'today 9']);
  });

  it('Upcoming: open tasks due in [from, from+days)', async () => {
    expect(titles(await upcomingTasks('2025-01-01'))).toEqual([
      'today untimed',
      'today 8',
      'today 9',
      'in a week',
      'day 13',
    ]);
    expect(titles(await upcomingTasks('2025-01-02', 7))).toEqual(['in a week']);
  });

  it('day counts: open tasks per date, both ends included', async () => {
    expect(await dayCounts('2024-12-31', '2025-01-08')).toEqual({ '2024-12-31': 2, '2025-01-01': 3, '2025-01-08': 1 });
    expect(await dayCounts('2025-02-01', '2025-02-28')).toEqual({});
  });

  it('completing or moving a date updates the answers', async () => {
    const [first] = (await todayTasks('2025-01-01')).today;
    await tasks.setDone(first?.id as string, true);
    await tasks.update((await todayTasks('2025-01-01')).overdue[0]?.id as string, { due_date: '2025-01-08' });
    expect(await dayCounts('2024-12-30', '2025-01-08')).toEqual({ '2024-12-31': 2, '2025-01-01': 2, '2025-01-08': 2 });
  });
});

describe('search', () => {
  it('finds titles and notes case-insensitively, open before done, title hits first, never deleted', async () => {
    await tasks.create({ title: 'Buy MILK' });
    await tasks.create({ title: 'Shopping', notes: 'oat milk, bread' });
    const done = await tasks.create({ title: 'milk the cow' });
    await tasks.setDone(done.id, true);
    const gone = await tasks.create({ title: 'Milkshake' });
    await tasks.delete(gone.id);
    await tasks.create({ title: 'Unrelated' });
    expect(titles(await searchTasks('Milk'))).toEqual(['Buy MILK', 'Shopping', 'milk the cow']);
    expect(await searchTasks('   ')).toEqual([]);
  });

  it(`caps results at ${SEARCH_LIMIT}`, async () => {
    await db.transaction('rw', [db.tasks, db.steps, db.comments, db.reminders, db.labels, db.task_labels, db.filters, db.notifications, db.notify_levels, db.outbox, db.meta, db.lists, db.members], async () => {
      for (let i = 0; i < SEARCH_LIMIT + 5; i++) await tasks.create({ title: `note ${i}` });
    });
    expect(await searchTasks('note')).toHaveLength(SEARCH_LIMIT);
  });
});

describe('sync status reads', () => {
  it('counts the outbox and lists refused changes in order', async () => {
    await tasks.create({ title: 'a' });
    await tasks.create({ title: 'b' });
    expect(await outboxCount()).toBe(2);
    const [first, second] = await db.outbox.orderBy('id').toArray();
    const error = { code: 'invalid' as const, message: 'Title is required', field: 'title' };
    await db.refused.bulkAdd([
      { ...(second as NonNullable<typeof second>), error, refused_at: '2025-01-01T00:00:00Z' },
      { ...(first as NonNullable<typeof first>), error, refused_at: '2025-01-01T00:00:00Z' },
    ]);
    expect((await refusedEntries()).map((r) => r.id)).toEqual([1, 2]);
  });
});
