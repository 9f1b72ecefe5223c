import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { getIdentity, listTasks, openDatabase, tasks, todayTasks } from '@/data';
import { CURRENT_VERSION, SCHEMA_V1 } from '@/data/db/schema';

// A database as the first release wrote it: `done` only as a boolean, no derived index keys.
async function writeV1(name: string) {
  const v1 = new Dexie(name);
  v1.version(1).stores(SCHEMA_V1);
  await v1.open();
  const base = { notes: '', priority: 0, created_by: 'u1', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', version: 3 };
  await v1.table('meta').bulkPut([
    { key: 'client_id', value: 'client-1' },
    { key: 'user_id', value: 'u1' },
    { key: 'next_mutation_id', value: 8 },
  ]);
  await v1.table('lists').bulkPut([
    { id: 'u1', owner_id: 'u1', name: 'Inbox', color: 'grey', position: 'a0', is_inbox: true, created_at: '', updated_at: '', deleted_at: null, version: 1 },
    { id: 'l2', owner_id: 'u1', name: 'Old trip', color: 'red', position: 'a1', is_inbox: false, created_at: '', updated_at: '', deleted_at: '2025-01-02T00:00:00Z', version: 2 },
  ]);
  await v1.table('tasks').bulkPut([
    { ...base, id: 't1', list_id: 'u1', title: 'Open', due_date: '2025-03-01', due_time: '09:00', done: false, done_at: null, position: 'a0', deleted_at: null },
    { ...base, id: 't2', list_id: 'u1', title: 'Done', due_date: null, due_time: null, done: true, done_at: '2025-01-05T00:00:00Z', position: 'a1', deleted_at: null },
    { ...base, id: 't3', list_id: 'u1', title: 'Deleted', due_date: '2025-03-01', due_time: null, done: false, done_at: null, position: 'a2', deleted_at: '2025-01-03T00:00:00Z' },
    { ...base, id: 't4', list_id: 'u1', title: 'Untimed', due_date: '2025-03-01', due_time: null, done: false, done_at: null, position: 'a3', deleted_at: null },
  ]);
  await v1.table('outbox').add({ id: 7, name: 'task.delete', args: { id: 't3' }, created_at: '2025-01-03T00:00:00Z' });
  v1.close();
}

describe('upgrading from schema v1', () => {
  it('keeps every row, identity and queue, and backfills the index keys', async () => {
    await writeV1('daybook-upgrade');
    const db = await openDatabase('daybook-upgrade');
    expect(db.verno).toBe(CURRENT_VERSION);

    expect(await getIdentity(db)).toEqual({ userId: 'u1', inboxId: 'u1', clientId: 'client-1' });
    expect(await db.tasks.count()).toBe(4);
    expect(await db.outbox.toArray()).toEqual([
      { id: 7, name: 'task.delete', args: { id: 't3' }, created_at: '2025-01-03T00:00:00Z' },
    ]);
    expect((await db.tasks.get('t2'))?.state).toBe(1);
    expect((await db.tasks.get('t3'))?.state).toBe(2);
    expect((await db.lists.get('l2'))?.state).toBe(2);

    // The new indexes answer queries over the old rows.
    expect((await listTasks('u1', 'open', db)).map((t) => t.id)).toEqual(['t1', 't4']);
    expect((await listTasks('u1', 'done', db)).map((t) => t.id)).toEqual(['t2']);
    const today = await todayTasks('2025-03-01', db);
    expect(today.today.map((t) => t.id)).toEqual(['t4', 't1']); // untimed first, then 09:00
    // Public shape unchanged: no index keys leak out.
    expect(Object.keys((await listTasks('u1', 'open', db))[0] ?? {})).not.toContain('state');

    // The mutation counter continues where v1 left off.
    const { id } = await tasks.create({ title: 'After upgrade' }, db);
    expect((await db.outbox.orderBy('id').last())?.args).toMatchObject({ id });
    expect((await db.outbox.orderBy('id').last())?.id).toBe(8);
    db.close();
  });
});
