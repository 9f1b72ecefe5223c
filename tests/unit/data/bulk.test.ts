import { beforeEach, describe, expect, it } from 'vitest';
import { BULK_LIMIT, bulk, getTask, type Identity, lists, tasks, ValidationError } from '@/data';
import { type DaybookDb, toListRow, toTaskRow } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;

beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

async function makeTasks(n: number, extra: Parameters<typeof tasks.create>[0] = { title: '' }) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await tasks.create({ ...extra, title: `Task ${i + 1}` }));
  return made;
}

const outbox = () => db.outbox.orderBy('id').toArray();

describe('bulk edits', () => {
  it('changes every task in one transaction, one change per task, and undoes all of it in one more', async () => {
    const made = await makeTasks(5, { title: '', due_date: '2026-11-20' });
    const before = (await outbox()).length;
    const result = await bulk.edit(
      made.map((t) => t.id),
      { kind: 'date', due_date: '2026-11-29' },
      db,
    );
    expect(result).toMatchObject({ changed: 5, unchanged: 0, skipped: [] });
    const added = (await outbox()).slice(before);
    expect(added.map((e) => e.name)).toEqual(Array(5).fill('task.update'));
    expect(added.map((e) => e.args)).toEqual(made.map((t) => ({ id: t.id, patch: { due_date: '2026-11-29' } })));
    // ids follow one another
    expect(added.map((e) => e.id)).toEqual(added.map((_, i) => added[0]!.id + i));
    for (const t of made) expect((await getTask(t.id))?.due_date).toBe('2026-11-29');

    await bulk.undo(result, db);
    for (const t of made) expect((await getTask(t.id))?.due_date).toBe('2026-11-20');
    expect((await outbox()).length).toBe(before + 10);
  });

  it('sends nothing for tasks already as asked', async () => {
    const made = await makeTasks(3, { title: '', priority: 3 });
    const before = (await outbox()).length;
    const result = await bulk.edit(
      made.map((t) => t.id),
      { kind: 'priority', priority: 3 },
      db,
    );
    expect(result).toMatchObject({ changed: 0, unchanged: 3 });
    expect((await outbox()).length).toBe(before);
  });

  it('completes, deletes and restores', async () => {
    const made = await makeTasks(3);
    const ids = made.map((t) => t.id);
    const done = await bulk.edit(ids, { kind: 'complete' }, db);
    expect(done.changed).toBe(3);
    for (const id of ids) expect((await getTask(id))?.done).toBe(true);
    await bulk.undo(done, db);
    for (const id of ids) expect((await getTask(id))?.done).toBe(false);

    const gone = await bulk.edit(ids, { kind: 'delete' }, db);
    expect(gone.changed).toBe(3);
    for (const id of ids) expect(await getTask(id)).toBeNull();
    await bulk.undo(gone, db);
    for (const id of ids) expect((await getTask(id))?.deleted_at).toBeNull();
  });

  it('completes an occurrence of a repeating task, and its undo puts it back', async () => {
    const [t] = await makeTasks(1, { title: '', due_date: '2026-11-20', repeat: 'FREQ=DAILY' });
    const result = await bulk.edit([t!.id], { kind: 'complete' }, db, '2026-11-20');
    const entries = await outbox();
    expect(entries.at(-1)?.name).toBe('task.complete_occurrence');
    expect((await getTask(t!.id))?.due_date).toBe('2026-11-21');
    await bulk.undo(result, db);
    expect((await getTask(t!.id))?.due_date).toBe('2026-11-20');
  });

  it('moves to another list at its end, in the order given, and back', async () => {
    const other = await lists.create({ name: 'Other', color: 'red' });
    const [existing] = await makeTasks(1, { title: '', list_id: other.id });
    const made = await makeTasks(3);
    const ids = made.map((t) => t.id);
    const result = await bulk.edit(ids, { kind: 'list', list_id: other.id }, db);
    expect(result.changed).toBe(3);
    const moved = await Promise.all(ids.map((id) => getTask(id)));
    expect(moved.every((t) => t?.list_id === other.id)).toBe(true);
    const positions = moved.map((t) => t!.position);
    expect([...positions].sort()).toEqual(positions);
    expect(positions[0]! > existing!.position).toBe(true);
    await bulk.undo(result, db);
    for (const t of made) expect((await getTask(t.id))).toMatchObject({ list_id: me.inboxId, position: t.position });
  });

  it('skips what a viewer may not change, and says why', async () => {
    const shared = crypto.randomUUID();
    const now = '2025-01-01T00:00:00Z';
    await db.lists.put(toListRow({ id: shared, owner_id: 'owner-1', name: 'Shared', color: 'red', position: 'b0', is_inbox: false, created_at: now, updated_at: now, deleted_at: null, version: 5 }));
    await db.members.bulkPut([
      { list_id: shared, user_id: 'owner-1', email: 'o@example.com', role: 'owner' },
      { list_id: shared, user_id: me.userId, email: 'me@example.com', role: 'viewer' },
    ]);
    const theirs = { ...(await tasks.create({ title: 'theirs' })), list_id: shared };
    await db.tasks.put(toTaskRow(theirs));
    const mine = await makeTasks(2);
    const result = await bulk.edit([theirs.id, ...mine.map((t) => t.id)], { kind: 'priority', priority: 2 }, db);
    expect(result.changed).toBe(2);
    expect(result.skipped).toEqual([{ id: theirs.id, message: expect.stringMatching(/view/i) }]);
  });

  it(`refuses more than ${BULK_LIMIT} tasks with a clear message, writing nothing`, async () => {
    const ids = Array.from({ length: BULK_LIMIT + 1 }, () => crypto.randomUUID());
    await expect(bulk.edit(ids, { kind: 'complete' }, db)).rejects.toThrow(ValidationError);
    await expect(bulk.edit(ids, { kind: 'complete' }, db)).rejects.toThrow(/at most 1,000/);
  });
});
