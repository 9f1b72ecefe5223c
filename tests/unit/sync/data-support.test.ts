// What the engine needs from src/data beyond the existing sync store: reading the queue past an
// id, refusing a change on the device, and adopting signed-out data exactly once.
import { beforeEach, describe, expect, it } from 'vitest';
import { getTask, type Identity, lists, listTasks, openDatabase, setCurrentDatabase, tasks } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { defineDatabase } from '@/data/db/schema';
import { getCursors } from '@/data';
import { adoptLocalData, applyPull, pendingMutations, refuseLocally } from '@/data/sync';
import { freshDb } from '../data/helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

describe('pendingMutations after an id', () => {
  it.each([
    { after: 0, limit: 10, ids: [1, 2, 3, 4, 5] },
    { after: 2, limit: 10, ids: [3, 4, 5] },
    { after: 2, limit: 2, ids: [3, 4] },
    { after: 5, limit: 10, ids: [] },
  ])('after $after, at most $limit → $ids', async ({ after, limit, ids }) => {
    for (const title of ['a', 'b', 'c', 'd', 'e']) await tasks.create({ title });
    expect((await pendingMutations(limit, db, after)).map((m) => m.id)).toEqual(ids);
  });
});

describe('refuseLocally', () => {
  it('moves the change to refused, undoes a create, and leaves the rest of the queue', async () => {
    const a = await tasks.create({ title: 'poison' });
    await tasks.create({ title: 'fine' });
    const out = await refuseLocally([{ id: 1, error: { code: 'too_large', message: 'This change is too large to sync' } }], db);
    expect(out.map((r) => [r.id, r.error.code])).toEqual([[1, 'too_large']]);
    expect(await getTask(a.id)).toBeNull();
    expect((await pendingMutations(10, db)).map((m) => m.id)).toEqual([2]);
    expect(await db.refused.get(1)).toMatchObject({ name: 'task.create', args: { title: 'poison' } });
  });

  it('rewinds the cursor of the list an edit touched, so the server row comes back', async () => {
    const a = await tasks.create({ title: 'x' });
    await applyPull({
      lists: [], members: [], departed: [], refused: [], has_more: false, visible_lists: [me.inboxId],
      tasks: [{ ...a, version: 3 }], cursors: { [me.inboxId]: 3 }, last_mutation_id: 1,
    });
    await tasks.update(a.id, { title: 'y' });
    await refuseLocally([{ id: 2, error: { code: 'invalid', message: 'bad' } }], db);
    expect((await getCursors(db))[me.inboxId]).toBe(0);
  });

  it('ignores ids no longer queued', async () => {
    expect(await refuseLocally([{ id: 99, error: { code: 'invalid', message: 'x' } }], db)).toEqual([]);
  });
});

describe('adoptLocalData is idempotent across a crash', () => {
  const userId = '6f1c1d2e-0000-4000-8000-00000000000b';

  async function localWithData() {
    const home = await lists.create({ name: 'Home' });
    const paint = await tasks.create({ title: 'Paint', list_id: home.id });
    await tasks.create({ title: 'Loose end' });
    return { home, paint };
  }

  it('a second run after a crash before daybook-local was deleted imports nothing, even after edits', async () => {
    const { home, paint } = await localWithData();
    // what a crash between the import's commit and the delete leaves: the same local database
    const saved = await Promise.all(db.tables.map(async (t) => [t.name, await t.toArray()] as const));
    db.close();
    const userDb = await openDatabase(`daybook-${userId}`);
    setCurrentDatabase(userDb);
    const first = await adoptLocalData(userDb);
    expect(first?.imported).toEqual({ lists: 1, tasks: 2 });
    const restored = defineDatabase('daybook-local');
    await restored.open();
    await restored.transaction('rw', restored.tables, async () => {
      for (const [name, rows] of saved) await restored.table(name).bulkPut(rows);
    });
    restored.close();
    expect((await indexedDB.databases()).map((d) => d.name)).toContain('daybook-local');
    // the moved rows are edited (they could have synced too) before the retry
    await tasks.update(paint.id, { title: 'Paint the fence' }, userDb);
    await lists.update(home.id, { name: 'House' }, userDb);
    const outboxBefore = await userDb.outbox.count();
    const second = await adoptLocalData(userDb);
    expect(second).toBeNull();
    expect(await userDb.outbox.count()).toBe(outboxBefore);
    expect((await listTasks(home.id, 'open', userDb)).map((t) => t.title)).toEqual(['Paint the fence']);
    expect((await listTasks(userId, 'open', userDb)).map((t) => t.title)).toEqual(['Loose end']);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('daybook-local');
    userDb.close();
  });

  it('without the marker the retry would duplicate the edited rows (why the marker exists)', async () => {
    const { paint } = await localWithData();
    const saved = await Promise.all(db.tables.map(async (t) => [t.name, await t.toArray()] as const));
    db.close();
    const userDb = await openDatabase(`daybook-${userId}`);
    await adoptLocalData(userDb);
    await tasks.update(paint.id, { title: 'Paint the fence' }, userDb);
    // another local database with the same rows but another client id: a different device state
    const other = defineDatabase('daybook-local');
    await other.open();
    await other.transaction('rw', other.tables, async () => {
      for (const [name, rows] of saved) {
        const copy = name === 'meta' ? rows.map((r) => ((r as { key: string }).key === 'client_id' ? { ...r, value: 'another-client' } : r)) : rows;
        await other.table(name).bulkPut(copy);
      }
    });
    other.close();
    const report = await adoptLocalData(userDb);
    expect(report?.imported.tasks).toBe(1); // 'Paint' differs from 'Paint the fence' → imported again
    userDb.close();
  });
});

describe('a refused move', () => {
  it('drops the moved copy and pulls everything again, so a task in a list this user lost does not linger', async () => {
    const shared = '7a7a7a7a-0000-4000-8000-000000000001';
    const T0 = '2026-11-20T08:00:00.000Z';
    const sharedList = { id: shared, owner_id: 'someone', name: 'Shared', color: 'teal' as const, position: 'a1', is_inbox: false, created_at: T0, updated_at: T0, deleted_at: null, version: 2 };
    const task = { id: '7a7a7a7a-0000-4000-8000-000000000002', list_id: shared, title: 'Shared 0', notes: '', due_date: null, due_time: null, priority: 0 as const, done: false, done_at: null, position: 'a0', created_by: 'someone', created_at: T0, updated_at: T0, deleted_at: null, version: 3 };
    const base = { members: [], departed: [], refused: [], has_more: false, last_mutation_id: 0 };
    await applyPull({ ...base, lists: [sharedList], tasks: [task], visible_lists: [me.inboxId, shared], cursors: { [me.inboxId]: 1, [shared]: 3 } });
    // moved into the Inbox here, while the owner removes this user from the shared list
    await tasks.move(task.id, { list_id: me.inboxId });
    expect((await getTask(task.id))?.list_id).toBe(me.inboxId);
    await applyPull({
      ...base,
      lists: [],
      tasks: [],
      visible_lists: [me.inboxId],
      cursors: { [me.inboxId]: 1 },
      last_mutation_id: 1,
      refused: [{ id: 1, error: { code: 'not_found', message: 'This task was deleted or unshared' } }],
    });
    expect(await getTask(task.id)).toBeNull();
    expect(await getCursors(db)).toEqual({ [me.inboxId]: 0 });
  });

  it('when the task is still visible, the pull from the start brings it back to its list', async () => {
    const other = await lists.create({ name: 'Other' });
    const t = await tasks.create({ title: 'Stay' });
    const base = { members: [], departed: [], refused: [], has_more: false, lists: [] };
    await applyPull({ ...base, tasks: [{ ...t, version: 4 }], visible_lists: [me.inboxId, other.id], cursors: { [me.inboxId]: 4, [other.id]: 1 }, last_mutation_id: 2 });
    await tasks.move(t.id, { list_id: other.id });
    await applyPull({ ...base, tasks: [], visible_lists: [me.inboxId, other.id], cursors: {}, last_mutation_id: 3, refused: [{ id: 3, error: { code: 'forbidden', message: 'You can only view this list' } }] });
    expect(await getCursors(db)).toEqual({ [me.inboxId]: 0, [other.id]: 0 });
    await applyPull({ ...base, tasks: [{ ...t, version: 4 }], visible_lists: [me.inboxId, other.id], cursors: { [me.inboxId]: 4 }, last_mutation_id: 3 });
    expect((await getTask(t.id))?.list_id).toBe(me.inboxId);
  });
});
