import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, getList, getTask, type Identity, listTasks, lists, members, tasks, ValidationError } from '@/data';
import { type DaybookDb, toListRow, toTaskRow } from '@/data/db/schema';
import type { OutboxEntry } from '@/domain/model';
import { freshDb, snapshot } from './helpers';

let db: DaybookDb;
let me: Identity;

beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

async function outbox(): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('id').toArray();
}

/** Runs `act` and returns the outbox entries it added (asserting ids continue the sequence). */
async function entriesAddedBy(act: () => Promise<unknown>): Promise<OutboxEntry[]> {
  const before = await outbox();
  const nextId = ((await db.meta.get('next_mutation_id'))?.value as number) ?? 1;
  await act();
  const added = (await outbox()).slice(before.length);
  expect(added.map((e) => e.id)).toEqual(added.map((_e, i) => nextId + i));
  return added;
}

/** A list someone else owns and shared with me, as a pull would store it. */
async function sharedWithMe(role: 'editor' | 'viewer'): Promise<string> {
  const id = crypto.randomUUID();
  const now = '2025-01-01T00:00:00Z';
  await db.lists.put(
    toListRow({ id, owner_id: 'owner-1', name: 'Shared', color: 'red', position: 'b0', is_inbox: false, created_at: now, updated_at: now, deleted_at: null, version: 5 }),
  );
  await db.members.bulkPut([
    { list_id: id, user_id: 'owner-1', email: 'o@example.com', role: 'owner' },
    { list_id: id, user_id: me.userId, email: 'me@example.com', role },
  ]);
  return id;
}

interface Case {
  does: string;
  setup: () => Promise<Record<string, string>>;
  act: (ids: Record<string, string>) => Promise<unknown>;
  expected: (ids: Record<string, string>) => Pick<OutboxEntry, 'name' | 'args'>;
}

const any = expect.any(String) as unknown as string;

const cases: Case[] = [
  {
    does: 'lists.create queues list.create with the trimmed name and an end position',
    setup: async () => ({}),
    act: async (ids) => {
      ids.list = (await lists.create({ name: '  Home  ', color: 'teal' })).id;
    },
    expected: (ids) => ({ name: 'list.create', args: { id: ids.list as string, name: 'Home', color: 'teal', position: any } }),
  },
  {
    does: 'lists.update queues only the changed field',
    setup: async () => ({ list: (await lists.create({ name: 'Home', color: 'teal' })).id }),
    act: (ids) => lists.update(ids.list as string, { name: 'House', color: 'teal' }),
    expected: (ids) => ({ name: 'list.update', args: { id: ids.list as string, patch: { name: 'House' } } }),
  },
  {
    does: 'lists.move queues list.update with the new position only',
    setup: async () => ({
      a: (await lists.create({ name: 'A' })).id,
      b: (await lists.create({ name: 'B' })).id,
    }),
    act: (ids) => lists.move(ids.b as string, { before: ids.a as string }),
    expected: (ids) => ({ name: 'list.update', args: { id: ids.b as string, patch: { position: any } } }),
  },
  {
    does: 'lists.delete queues list.delete',
    setup: async () => ({ list: (await lists.create({ name: 'Old' })).id }),
    act: (ids) => lists.delete(ids.list as string),
    expected: (ids) => ({ name: 'list.delete', args: { id: ids.list as string } }),
  },
  {
    does: 'lists.restore queues list.restore',
    setup: async () => {
      const id = (await lists.create({ name: 'Old' })).id;
      await lists.delete(id);
      return { list: id };
    },
    act: (ids) => lists.restore(ids.list as string),
    expected: (ids) => ({ name: 'list.restore', args: { id: ids.list as string } }),
  },
  {
    does: 'lists.leave queues list.leave',
    setup: async () => ({ list: await sharedWithMe('editor') }),
    act: (ids) => lists.leave(ids.list as string),
    expected: (ids) => ({ name: 'list.leave', args: { list_id: ids.list as string } }),
  },
  {
    does: 'tasks.create queues task.create in the Inbox by default',
    setup: async () => ({}),
    act: async (ids) => {
      ids.task = (await tasks.create({ title: ' Call mum ', due_date: '2025-06-01', due_time: '18:00', priority: 3 })).id;
    },
    expected: (ids) => ({
      name: 'task.create',
      args: {
        id: ids.task as string,
        list_id: me.inboxId,
        title: 'Call mum',
        notes: '',
        due_date: '2025-06-01',
        due_time: '18:00',
        priority: 3,
        position: any,
      },
    }),
  },
  {
    does: 'tasks.update queues only the fields that change',
    setup: async () => ({ task: (await tasks.create({ title: 'A', notes: 'n' })).id }),
    act: (ids) => tasks.update(ids.task as string, { title: 'B', notes: 'n', priority: 2 }),
    expected: (ids) => ({ name: 'task.update', args: { id: ids.task as string, patch: { title: 'B', priority: 2 } } }),
  },
  {
    does: 'clearing the date also clears the time in the patch',
    setup: async () => ({ task: (await tasks.create({ title: 'A', due_date: '2025-01-01', due_time: '08:00' })).id }),
    act: (ids) => tasks.update(ids.task as string, { due_date: null }),
    expected: (ids) => ({
      name: 'task.update',
      args: { id: ids.task as string, patch: { due_date: null, due_time: null } },
    }),
  },
  {
    does: 'tasks.setDone queues task.update {done}',
    setup: async () => ({ task: (await tasks.create({ title: 'A' })).id }),
    act: (ids) => tasks.setDone(ids.task as string, true),
    expected: (ids) => ({ name: 'task.update', args: { id: ids.task as string, patch: { done: true } } }),
  },
  {
    does: 'moving a task to another list queues list_id and its new end position',
    setup: async () => ({
      task: (await tasks.create({ title: 'A' })).id,
      list: (await lists.create({ name: 'Work' })).id,
    }),
    act: (ids) => tasks.update(ids.task as string, { list_id: ids.list as string }),
    expected: (ids) => ({
      name: 'task.update',
      args: { id: ids.task as string, patch: { list_id: ids.list as string, position: any } },
    }),
  },
  {
    does: 'tasks.move queues task.update with the position',
    setup: async () => ({
      a: (await tasks.create({ title: 'A' })).id,
      b: (await tasks.create({ title: 'B' })).id,
    }),
    act: (ids) => tasks.move(ids.b as string, { before: ids.a as string }),
    expected: (ids) => ({ name: 'task.update', args: { id: ids.b as string, patch: { position: any } } }),
  },
  {
    does: 'tasks.delete queues task.delete',
    setup: async () => ({ task: (await tasks.create({ title: 'A' })).id }),
    act: (ids) => tasks.delete(ids.task as string),
    expected: (ids) => ({ name: 'task.delete', args: { id: ids.task as string } }),
  },
  {
    does: 'tasks.restore queues task.restore',
    setup: async () => {
      const id = (await tasks.create({ title: 'A' })).id;
      await tasks.delete(id);
      return { task: id };
    },
    act: (ids) => tasks.restore(ids.task as string),
    expected: (ids) => ({ name: 'task.restore', args: { id: ids.task as string } }),
  },
  {
    does: 'members.invite queues member.invite with the trimmed e-mail',
    setup: async () => ({ list: (await lists.create({ name: 'Team' })).id }),
    act: (ids) => members.invite(ids.list as string, ' ann@example.com ', 'editor'),
    expected: (ids) => ({
      name: 'member.invite',
      args: { list_id: ids.list as string, email: 'ann@example.com', role: 'editor' },
    }),
  },
  {
    does: 'members.setRole queues member.set_role',
    setup: async () => ({ list: (await lists.create({ name: 'Team' })).id }),
    act: (ids) => members.setRole(ids.list as string, 'user-2', 'viewer'),
    expected: (ids) => ({ name: 'member.set_role', args: { list_id: ids.list as string, user_id: 'user-2', role: 'viewer' } }),
  },
  {
    does: 'members.remove queues member.remove',
    setup: async () => ({ list: (await lists.create({ name: 'Team' })).id }),
    act: (ids) => members.remove(ids.list as string, 'user-2'),
    expected: (ids) => ({ name: 'member.remove', args: { list_id: ids.list as string, user_id: 'user-2' } }),
  },
];

describe('each mutator queues exactly one outbox entry per the API contract', () => {
  it.each(cases.map((c) => [c.does, c] as const))('%s', async (_does, c) => {
    const ids = await c.setup();
    const added = await entriesAddedBy(() => c.act(ids));
    expect(added).toHaveLength(1);
    const [entry] = added as [OutboxEntry];
    expect({ name: entry.name, args: entry.args }).toEqual(c.expected(ids));
    expect(Date.parse(entry.created_at)).not.toBeNaN();
  });
});

describe('row effects', () => {
  it('creates tasks at the end of their list and lists after the Inbox', async () => {
    const work = await lists.create({ name: 'Work' });
    const a = await tasks.create({ title: 'A', list_id: work.id });
    const b = await tasks.create({ title: 'B', list_id: work.id });
    expect((await listTasks(work.id)).map((t) => t.title)).toEqual(['A', 'B']);
    expect(a.position < b.position).toBe(true);
    expect(a.created_by).toBe(me.userId);
    expect(work.owner_id).toBe(me.userId);
    expect((await getList(me.inboxId))?.position ?? '').toBe('a0');
    expect(work.position > 'a0').toBe(true);
  });

  it('completing sets done_at locally and reopening clears it', async () => {
    const t = await tasks.create({ title: 'A' });
    const done = await tasks.setDone(t.id, true);
    expect(done.done).toBe(true);
    expect(done.done_at).not.toBeNull();
    expect((await listTasks(me.inboxId, 'open')).map((x) => x.id)).not.toContain(t.id);
    expect((await listTasks(me.inboxId, 'done')).map((x) => x.id)).toContain(t.id);
    const open = await tasks.setDone(t.id, false);
    expect(open.done_at).toBeNull();
  });

  it('moves a task before, after, to the start and to the end', async () => {
    const [a, b, c] = [await tasks.create({ title: 'A' }), await tasks.create({ title: 'B' }), await tasks.create({ title: 'C' })];
    const titles = async () => (await listTasks(me.inboxId, 'all')).map((t) => t.title);
    await tasks.move(c.id, { before: a.id });
    expect(await titles()).toEqual(['C', 'A', 'B']);
    await tasks.move(c.id, { after: a.id });
    expect(await titles()).toEqual(['A', 'C', 'B']);
    await tasks.move(b.id, { after: null });
    expect(await titles()).toEqual(['B', 'A', 'C']);
    await tasks.move(b.id, {});
    expect(await titles()).toEqual(['A', 'C', 'B']);
    await tasks.move(a.id, { after: c.id, before: b.id });
    expect(await titles()).toEqual(['C', 'A', 'B']);
  });

  it('moves a task into another list at a given spot', async () => {
    const work = await lists.create({ name: 'Work' });
    const w1 = await tasks.create({ title: 'W1', list_id: work.id });
    await tasks.create({ title: 'W2', list_id: work.id });
    const t = await tasks.create({ title: 'T' });
    const moved = await tasks.move(t.id, { list_id: work.id, after: w1.id });
    expect(moved.list_id).toBe(work.id);
    expect((await listTasks(work.id)).map((x) => x.title)).toEqual(['W1', 'T', 'W2']);
    expect(await listTasks(me.inboxId)).toEqual([]);
  });

  it('reorders lists', async () => {
    const a = await lists.create({ name: 'A' });
    const b = await lists.create({ name: 'B' });
    await lists.move(b.id, { before: a.id });
    const pa = (await getList(a.id))?.position as string;
    const pb = (await getList(b.id))?.position as string;
    expect(pb < pa).toBe(true);
  });

  it('deleting a list hides it and its tasks; restoring brings back only the tasks deleted with it', async () => {
    const list = await lists.create({ name: 'Trip' });
    const keep = await tasks.create({ title: 'Pack', list_id: list.id });
    const doneTask = await tasks.create({ title: 'Book', list_id: list.id });
    await tasks.setDone(doneTask.id, true);
    const earlier = await tasks.create({ title: 'Gone before', list_id: list.id });
    await tasks.delete(earlier.id);

    await lists.delete(list.id);
    expect(await getList(list.id)).toBeNull();
    expect(await getTask(keep.id)).toBeNull();
    expect(await listTasks(list.id, 'all')).toEqual([]);

    await lists.restore(list.id);
    expect((await getList(list.id))?.name).toBe('Trip');
    expect((await listTasks(list.id, 'all')).map((t) => [t.title, t.done])).toEqual([
      ['Pack', false],
      ['Book', true],
    ]);
    expect(await getTask(earlier.id)).toBeNull();
  });

  it('deleted tasks are hidden and come back on restore', async () => {
    const t = await tasks.create({ title: 'Oops' });
    await tasks.delete(t.id);
    expect(await getTask(t.id)).toBeNull();
    expect((await db.tasks.get(t.id))?.deleted_at).not.toBeNull();
    await tasks.restore(t.id);
    expect((await getTask(t.id))?.title).toBe('Oops');
  });
});

describe('refusals write nothing', () => {
  it('the Inbox cannot be deleted', async () => {
    const before = await snapshot();
    await expect(lists.delete(me.inboxId)).rejects.toMatchObject({
      name: 'ValidationError',
      message: "The Inbox can't be deleted",
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['empty title', () => tasks.create({ title: '  ' }), 'title', 'Title is required'],
    ['long notes', () => tasks.create({ title: 'a', notes: 'x'.repeat(10_001) }), 'notes', 'Notes must be at most 10,000 characters'],
    ['impossible date', () => tasks.create({ title: 'a', due_date: '2025-02-30' }), 'due_date', 'Pick a date between 1900 and 2999'],
    ['time without date', () => tasks.create({ title: 'a', due_time: '10:00' }), 'due_time', 'Set a date before setting a time'],
    ['bad priority', () => tasks.create({ title: 'a', priority: 7 as 0 }), 'priority', 'Priority must be none, low, medium or high'],
    ['empty list name', () => lists.create({ name: '' }), 'name', 'List name is required'],
    ['long list name', () => lists.create({ name: 'x'.repeat(81) }), 'name', 'List name must be at most 80 characters'],
  ])('%s', async (_what, act, field, message) => {
    const before = await snapshot();
    const err = await act().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ field, message });
    expect(await snapshot()).toEqual(before);
  });

  it("a create with an id already in use (an import's) is refused and writes nothing, read or found by the add", async () => {
    const db = getDb();
    const kept = await tasks.create({ title: 'Kept' });
    const gone = await tasks.create({ title: 'Deleted' });
    await tasks.delete(gone.id);
    // the first create in a list reads the id; later ones know the list from memory and let the add find it
    const fresh = await lists.create({ name: 'Fresh' });
    for (const [listId, id] of [[fresh.id, kept.id], [fresh.id, gone.id], [me.inboxId, kept.id], [me.inboxId, gone.id]]) {
      const before = await snapshot();
      await expect(tasks.create({ title: 'Imported', list_id: listId }, db, id)).rejects.toMatchObject({
        name: 'ValidationError',
        field: 'id',
        message: 'That task id is already in use',
      });
      expect(await snapshot()).toEqual(before);
    }
    expect((await tasks.create({ title: 'Imported', list_id: fresh.id }, db, 'a-free-id')).id).toBe('a-free-id');
  });

  it('an invalid update of an existing task writes nothing', async () => {
    const t = await tasks.create({ title: 'Keep me' });
    const before = await snapshot();
    await expect(tasks.update(t.id, { title: '' })).rejects.toMatchObject({ field: 'title', message: 'Title is required' });
    await expect(tasks.update(t.id, { due_time: '09:00' })).rejects.toMatchObject({
      message: 'Set a date before setting a time',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('an update that changes nothing queues nothing', async () => {
    const t = await tasks.create({ title: 'Same' });
    const before = await snapshot();
    await tasks.update(t.id, { title: ' Same ' });
    expect(await snapshot()).toEqual(before);
  });

  it('a task cannot go to a deleted list', async () => {
    const list = await lists.create({ name: 'Gone' });
    await lists.delete(list.id);
    const before = await snapshot();
    await expect(tasks.create({ title: 'x', list_id: list.id })).rejects.toBeInstanceOf(ValidationError);
    expect(await snapshot()).toEqual(before);
  });
});

describe('roles on shared lists', () => {
  it('a viewer can edit nothing, and nothing is queued', async () => {
    const list = await sharedWithMe('viewer');
    const now = '2025-01-01T00:00:00Z';
    await db.tasks.put(
      toTaskRow({ id: 't-shared', list_id: list, title: 'Theirs', notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null, position: 'a0', created_by: 'owner-1', created_at: now, updated_at: now, deleted_at: null, version: 5 }),
    );
    const before = await snapshot();
    const attempts = [
      () => tasks.create({ title: 'Mine', list_id: list }),
      () => tasks.update('t-shared', { title: 'Changed' }),
      () => tasks.setDone('t-shared', true),
      () => tasks.delete('t-shared'),
      () => lists.update(list, { name: 'Renamed' }),
      () => members.invite(list, 'x@example.com', 'viewer'),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ name: 'ValidationError', message: 'You can only view this list' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an editor edits tasks but not the list itself', async () => {
    const list = await sharedWithMe('editor');
    const t = await tasks.create({ title: 'Mine', list_id: list });
    await tasks.setDone(t.id, true);
    await expect(lists.update(list, { name: 'Renamed' })).rejects.toMatchObject({ message: "Only the list's owner can do that" });
    await expect(lists.delete(list)).rejects.toMatchObject({ message: "Only the list's owner can do that" });
    expect((await outbox()).map((e) => e.name)).toEqual(['task.create', 'task.update']);
  });

  it('the owner cannot leave their own list', async () => {
    const list = await lists.create({ name: 'Mine' });
    await expect(lists.leave(list.id)).rejects.toMatchObject({ message: "The owner can't leave the list" });
  });
});
