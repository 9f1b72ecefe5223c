import { beforeEach, describe, expect, it } from 'vitest';
import {
  getList,
  getTask,
  type Identity,
  listTasks,
  lists,
  openDatabase,
  setCurrentDatabase,
  tasks,
} from '@/data';
import { type DaybookDb, toListRow } from '@/data/db/schema';
import { getCursors } from '@/data';
import { adoptLocalData, applyPull, changeSubjects, discardRefused, pendingMutations, retryRefused } from '@/data/sync';
import type { List, PullResult, Task } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const T0 = '2025-01-01T10:00:00.000Z';

function page(over: Partial<PullResult>): PullResult {
  return {
    lists: [],
    members: [],
    tasks: [],
    departed: [],
    visible_lists: [me.inboxId],
    cursors: {},
    last_mutation_id: 0,
    refused: [],
    has_more: false,
    ...over,
  };
}

function serverTask(t: Task, over: Partial<Task>): Task {
  return { ...t, created_at: T0, updated_at: T0, version: 7, ...over };
}

function serverInbox(): List {
  return { id: me.inboxId, owner_id: me.userId, name: 'Inbox', color: 'grey', position: 'a0', is_inbox: true, created_at: T0, updated_at: T0, deleted_at: null, version: 1 };
}

describe('pending mutations', () => {
  it('come oldest first, in push shape, at most the limit', async () => {
    await tasks.create({ title: 'a' });
    await tasks.create({ title: 'b' });
    await tasks.create({ title: 'c' });
    const batch = await pendingMutations(2);
    expect(batch.map((m) => m.id)).toEqual([1, 2]);
    expect(batch[0]).not.toHaveProperty('created_at');
    expect(batch[0]).toMatchObject({ name: 'task.create', args: { title: 'a' } });
  });
});

describe('applyPull', () => {
  it('acknowledges up to last_mutation_id, stores server rows and advances cursors', async () => {
    const a = await tasks.create({ title: 'a' });
    await tasks.create({ title: 'b' });
    const out = await applyPull(
      page({
        lists: [serverInbox()],
        tasks: [serverTask(a, { title: 'a' })],
        last_mutation_id: 1,
        cursors: { [me.inboxId]: 7 },
      }),
    );
    expect(out.acknowledged).toBe(1);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([2]);
    expect((await getTask(a.id))?.version).toBe(7);
    expect(await getCursors()).toEqual({ [me.inboxId]: 7 });
  });

  it('removes what a page acknowledges with one request, whatever its size, and leaves what is after it', async () => {
    for (let i = 0; i < 30; i++) await tasks.create({ title: `t${i}` });
    const deletes: unknown[] = [];
    const { delete: remove } = IDBObjectStore.prototype;
    IDBObjectStore.prototype.delete = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
      if (this.name === 'outbox') deletes.push(query);
      return remove.call(this, query);
    };
    try {
      const out = await applyPull(page({ last_mutation_id: 25 }));
      expect(out.acknowledged).toBe(25);
    } finally {
      IDBObjectStore.prototype.delete = remove;
    }
    // one key range, not 25 keys: one delete per entry keeps every write waiting after a day offline
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toBeInstanceOf(IDBKeyRange);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([26, 27, 28, 29, 30]);
  });

  it('replays still-queued edits over the pulled row (different fields merge)', async () => {
    const a = await tasks.create({ title: 'mine' });
    await tasks.update(a.id, { title: 'my new title' }); // mutation 2, not yet pushed
    await applyPull(
      page({
        lists: [serverInbox()],
        tasks: [serverTask(a, { title: 'mine', notes: 'someone else wrote this' })],
        last_mutation_id: 1,
      }),
    );
    expect(await getTask(a.id)).toMatchObject({ title: 'my new title', notes: 'someone else wrote this', version: 7 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('moves refusals to the refused table and undoes a refused create', async () => {
    const a = await tasks.create({ title: 'refused' });
    const out = await applyPull(
      page({ last_mutation_id: 1, refused: [{ id: 1, error: { code: 'invalid', message: 'Title is required', field: 'title' } }] }),
    );
    expect(out.refused.map((r) => r.id)).toEqual([1]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.refused.get(1)).toMatchObject({ name: 'task.create', error: { code: 'invalid' } });
    expect(await getTask(a.id)).toBeNull();
  });

  it('a refused edit makes the list pull again from the start', async () => {
    const a = await tasks.create({ title: 'x' });
    await applyPull(page({ tasks: [serverTask(a, {})], last_mutation_id: 1, cursors: { [me.inboxId]: 7 } }));
    await tasks.update(a.id, { title: 'y' });
    await applyPull(page({ last_mutation_id: 2, refused: [{ id: 2, error: { code: 'deleted', message: 'gone' } }], cursors: { [me.inboxId]: 7 } }));
    expect((await getCursors())[me.inboxId]).toBe(0);
  });

  it('purges lists that vanished, keeps ones still being created, drops departed tasks and removed members', async () => {
    const shared = await lists.create({ name: 'Shared' });
    const fresh = await lists.create({ name: 'Fresh' });
    const st = await tasks.create({ title: 's', list_id: shared.id });
    const moved = await tasks.create({ title: 'moved away' });
    // The server has applied mutations 1 (shared) and 3 (its task), not yet 2 (fresh).
    await db.outbox.bulkDelete([1, 3]);
    await db.members.put({ list_id: fresh.id, user_id: 'u2', email: 'u2@example.com', role: 'editor' });
    const outcome = await applyPull(
      page({
        visible_lists: [me.inboxId, fresh.id],
        departed: [{ list_id: me.inboxId, task_id: moved.id }],
        members: [{ list_id: fresh.id, user_id: 'u2', email: 'u2@example.com', role: 'editor', deleted_at: T0 } as never],
        last_mutation_id: 1,
      }),
    );
    // The name is read before the purge, so the user can be told which list went.
    expect(outcome.purgedLists).toEqual([{ id: shared.id, name: 'Shared', left: false }]);
    expect(await getList(shared.id)).toBeNull();
    expect(await db.tasks.get(st.id)).toBeUndefined();
    expect(await getList(fresh.id)).not.toBeNull();
    expect(await db.tasks.get(moved.id)).toBeUndefined();
    expect(await db.members.get([fresh.id, 'u2'])).toBeUndefined();
  });

  it('a list deleted on another device can be restored here with its tasks', async () => {
    const list = await lists.create({ name: 'Trip' });
    const t = await tasks.create({ title: 'Pack', list_id: list.id });
    const gone = '2025-01-02T00:00:00.000Z';
    await applyPull(
      page({
        visible_lists: [me.inboxId, list.id],
        lists: [{ ...list, deleted_at: gone, version: 9 }],
        tasks: [serverTask(t, { deleted_at: gone, version: 9 })],
        last_mutation_id: 2,
      }),
    );
    expect(await getList(list.id)).toBeNull();
    await lists.restore(list.id);
    expect((await listTasks(list.id)).map((x) => x.title)).toEqual(['Pack']);
  });

  it("restoring brings back only the tasks the server marks deleted_with_list, whatever their timestamps", async () => {
    const list = await lists.create({ name: 'Trip' });
    const pack = await tasks.create({ title: 'Pack', list_id: list.id });
    const old = await tasks.create({ title: 'Old idea', list_id: list.id });
    // deleted on its own in the same push as the list: the same deleted_at
    const gone = '2025-01-02T00:00:00.000Z';
    await applyPull(
      page({
        visible_lists: [me.inboxId, list.id],
        lists: [{ ...list, deleted_at: gone, version: 9 }],
        tasks: [
          { ...serverTask(pack, { deleted_at: gone, version: 9 }), deleted_with_list: true },
          { ...serverTask(old, { deleted_at: gone, version: 8 }), deleted_with_list: false },
        ],
        last_mutation_id: 3,
      }),
    );
    await lists.restore(list.id);
    expect((await listTasks(list.id)).map((x) => x.title)).toEqual(['Pack']);
    expect((await db.tasks.get(old.id))?.deleted_at).toBe(gone);
  });
});

describe('leaving a list', () => {
  /** A list someone else owns, shared with this user as an editor, as a pull leaves it here. */
  async function sharedWithMe(name: string): Promise<List> {
    const list: List = { ...serverInbox(), id: crypto.randomUUID(), owner_id: 'owner', name, is_inbox: false, position: 'b0' };
    await db.lists.put(toListRow(list));
    await db.members.bulkPut([
      { list_id: list.id, user_id: 'owner', email: 'owner@example.com', role: 'owner' },
      { list_id: list.id, user_id: me.userId, email: 'me@example.com', role: 'editor' },
    ]);
    return list;
  }

  it('a list this device left is purged flagged as left; one that was unshared is not', async () => {
    const club = await sharedWithMe('Club');
    const choir = await sharedWithMe('Choir');
    await lists.leave(club.id);
    const outcome = await applyPull(page({ last_mutation_id: 1 }));
    expect(outcome.purgedLists).toEqual(
      expect.arrayContaining([
        { id: club.id, name: 'Club', left: true },
        { id: choir.id, name: 'Choir', left: false },
      ]),
    );
    expect(outcome.purgedLists).toHaveLength(2);
  });

  it('also when the leave itself was refused because the owner had removed this user first', async () => {
    const club = await sharedWithMe('Club');
    await lists.leave(club.id);
    const outcome = await applyPull(page({ last_mutation_id: 1, refused: [{ id: 1, error: { code: 'not_found', message: 'gone' } }] }));
    expect(outcome.refused.map((r) => r.name)).toEqual(['list.leave']);
    expect(outcome.purgedLists).toEqual([{ id: club.id, name: 'Club', left: true }]);
  });
});

describe('changes sent with this device’s client id from elsewhere', () => {
  it('the next mutation id moves past a last_mutation_id the device has not reached, so its next change is not a duplicate', async () => {
    await tasks.create({ title: 'a' }); // 1
    await applyPull(page({ last_mutation_id: 3 }));
    await tasks.create({ title: 'b' });
    expect((await pendingMutations()).map((m) => m.id)).toEqual([4]);
    // a pull that is behind (answered before the device's own pushes) moves nothing back
    await applyPull(page({ last_mutation_id: 2 }));
    await tasks.create({ title: 'c' });
    expect((await pendingMutations()).map((m) => m.id)).toEqual([4, 5]);
  });

  it('a refusal of an id this device never issued is kept from the server’s name and args, once', async () => {
    const a = await tasks.create({ title: 'Dig' }); // 1
    await applyPull(page({ tasks: [serverTask(a, {})], last_mutation_id: 1 }));
    const forged = {
      id: 2,
      error: { code: 'forbidden' as const, message: 'You can only view this list' },
      name: 'task.update',
      args: { id: a.id, patch: { title: 'Forged' } },
    };
    const out = await applyPull(page({ last_mutation_id: 2, refused: [forged], cursors: { [me.inboxId]: 7 } }));
    expect(out.refused).toEqual([expect.objectContaining({ id: 2, name: 'task.update', args: forged.args, error: forged.error })]);
    expect(await db.refused.get(2)).toMatchObject({ name: 'task.update', args: forged.args });
    // nothing of it was applied here, so nothing is undone either: the row and cursor stay
    expect((await getTask(a.id))?.title).toBe('Dig');
    expect((await getCursors())[me.inboxId]).toBe(7);
    // the next change of this device gets a fresh id
    await tasks.update(a.id, { notes: 'mine' });
    expect((await pendingMutations()).map((m) => m.id)).toEqual([3]);

    // The server lists its refusals for 7 days: once handled (here: discarded), it stays gone.
    await discardRefused(2);
    const again = await applyPull(page({ last_mutation_id: 3, refused: [forged] }));
    expect(again.refused).toEqual([]);
    expect(await db.refused.count()).toBe(0);
  });

  it('one the app could not describe (or from a server that sends no name) is left out, and the counter still moves', async () => {
    const error = { code: 'invalid' as const, message: 'The server could not apply this change' };
    const out = await applyPull(
      page({
        last_mutation_id: 4,
        refused: [
          { id: 1, error, name: 'task.update', args: { id: 'x' } },
          { id: 2, error, name: 'task.fly', args: { id: 'x' } },
          { id: 3, error, name: 'member.invite', args: { list_id: 'l', email: 42, role: 'editor' } },
          { id: 4, error },
        ],
      }),
    );
    expect(out.refused).toEqual([]);
    expect(await db.refused.count()).toBe(0);
    await tasks.create({ title: 'next' });
    expect((await pendingMutations()).map((m) => m.id)).toEqual([5]);
  });
});

describe('refused changes', () => {
  it('retry queues the change again with a new id; discard forgets it', async () => {
    const a = await tasks.create({ title: 'x' });
    await applyPull(page({ tasks: [serverTask(a, {})], last_mutation_id: 1 }));
    await tasks.update(a.id, { title: 'y' });
    await tasks.update(a.id, { notes: 'n' });
    await applyPull(
      page({
        last_mutation_id: 3,
        refused: [
          { id: 2, error: { code: 'invalid', message: 'nope' } },
          { id: 3, error: { code: 'invalid', message: 'nope' } },
        ],
      }),
    );
    await retryRefused(2);
    expect(await pendingMutations()).toEqual([{ id: 4, name: 'task.update', args: { id: a.id, patch: { title: 'y' } } }]);
    expect((await getTask(a.id))?.title).toBe('y');
    await discardRefused(3);
    expect(await db.refused.count()).toBe(0);
  });
});

describe('signing in', () => {
  it("moves signed-out data into the user's database, queued for upload, and removes daybook-local", async () => {
    const home = await lists.create({ name: 'Home' });
    await tasks.create({ title: 'Paint', list_id: home.id });
    await tasks.create({ title: 'Loose end' });
    db.close();

    const userId = '6f1c1d2e-0000-4000-8000-00000000000a';
    const userDb = await openDatabase(`daybook-${userId}`);
    setCurrentDatabase(userDb);
    const report = await adoptLocalData(userDb);
    expect(report?.imported).toEqual({ lists: 1, tasks: 2 });
    expect((await listTasks(userId, 'open', userDb)).map((t) => t.title)).toEqual(['Loose end']);
    expect((await listTasks(home.id, 'open', userDb)).map((t) => t.title)).toEqual(['Paint']);
    expect((await userDb.outbox.toArray()).map((e) => e.name)).toEqual(['list.create', 'task.create', 'task.create']);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('daybook-local');
    userDb.close();
  });
});

describe('changeSubjects (the sync centre names what changes touch)', () => {
  it('names tasks (deleted ones too), lists (also a move’s target) and members by e-mail', async () => {
    const trip = await lists.create({ name: 'Trip' });
    const a = await tasks.create({ title: 'Pack' });
    await tasks.update(a.id, { list_id: trip.id });
    const b = await tasks.create({ title: 'Gone soon' });
    await tasks.delete(b.id);
    await db.members.put({ list_id: trip.id, user_id: 'u2', email: 'bob@example.com', role: 'editor' });
    const changes = [
      ...(await pendingMutations()),
      { id: 99, name: 'member.remove' as const, args: { list_id: trip.id, user_id: 'u2' } },
      { id: 100, name: 'task.delete' as const, args: { id: 'not-here' } },
    ];
    expect(await changeSubjects(changes)).toEqual({
      [trip.id]: 'Trip',
      [a.id]: 'Pack',
      [b.id]: 'Gone soon',
      [`${trip.id}/u2`]: 'bob@example.com',
    });
  });
});
