// The list's live query answered from memory after this tab's writes (src/data/live/cache.ts):
// it must hold exactly what IndexedDB holds once a write commits — never a row whose
// transaction failed — and writes it did not see (another handle, another tab, a pull) must
// still reach it.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, listTasks, observe, openDatabase, tasks, todayTasks } from '@/data';
import { applyPull } from '@/data/sync';
import type { PullResult, Task } from '@/domain/model';
import { type DaybookDb, toTaskRow } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

/** A live list query: its latest answer, and a wait for an answer that satisfies `ok`. */
function watch<T>(query: () => T | Promise<T>) {
  let latest: T | undefined;
  const answers: T[] = [];
  let waiter: { ok: (v: T) => boolean; resolve: (v: T) => void } | null = null;
  const stop = observe(query, (value) => {
    latest = value;
    answers.push(value);
    if (waiter?.ok(value)) {
      waiter.resolve(value);
      waiter = null;
    }
  });
  return {
    latest: () => latest,
    answers,
    until: (ok: (v: T) => boolean, ms = 2000) =>
      new Promise<T>((resolve, reject) => {
        if (latest !== undefined && ok(latest)) return resolve(latest);
        const timer = setTimeout(() => reject(new Error(`no such answer; last: ${JSON.stringify(latest)}`)), ms);
        waiter = {
          ok,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v);
          },
        };
      }),
    stop,
  };
}

const titles = (rows: Task[] | undefined) => rows?.map((t) => t.title);
const settle = () => new Promise((r) => setTimeout(r, 60));

/** What IndexedDB itself holds for the open list, read outside any live query. */
const stored = (listId: string) => listTasks(listId, 'open', db);

describe('the list live query after writes', () => {
  it('follows creates, edits, completions, moves and deletes in manual order, as a fresh read does', async () => {
    const list = watch(() => listTasks(me.inboxId, 'open', db));
    await list.until((r) => r.length === 0);
    const a = await tasks.create({ title: 'a' });
    const c = await tasks.create({ title: 'c' });
    await list.until((r) => r.length === 2);
    const b = await tasks.create({ title: 'b' });
    await tasks.move(b.id, { after: a.id, before: c.id });
    await list.until((r) => titles(r)?.join() === 'a,b,c');
    await tasks.update(a.id, { title: 'A' });
    await list.until((r) => titles(r)?.join() === 'A,b,c');
    await tasks.setDone(b.id, true);
    await list.until((r) => titles(r)?.join() === 'A,c');
    await tasks.delete(c.id);
    await list.until((r) => titles(r)?.join() === 'A');
    await tasks.restore(c.id);
    await tasks.setDone(b.id, false);
    const last = await list.until((r) => r.length === 3);
    expect(last).toEqual(await stored(me.inboxId));
    list.stop();
  });

  it('hands the unchanged tasks back as the same objects after a write, so rows of a screen need not re-render', async () => {
    const list = watch(() => listTasks(me.inboxId, 'open', db));
    await tasks.create({ title: 'a' });
    await tasks.create({ title: 'b' }); // the first write after the first read runs the query twice
    const before = await list.until((r) => r.length === 2);
    const b = before[1]!;
    await tasks.update(b.id, { title: 'B' });
    const after = await list.until((r) => r[1]?.title === 'B');
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    list.stop();
  });

  it('never shows a row whose transaction failed', async () => {
    const list = watch(() => listTasks(me.inboxId, 'open', db));
    await list.until((r) => r.length === 0);
    const row = toTaskRow({
      id: 'never',
      list_id: me.inboxId,
      title: 'rolled back',
      notes: '',
      due_date: null,
      due_time: null,
      priority: 0,
      done: false,
      done_at: null,
      position: 'a5',
      created_by: me.userId,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      deleted_at: null,
      version: 0,
    });
    await expect(
      db.transaction('rw', db.tasks, db.outbox, async () => {
        await db.tasks.add(row);
        await db.outbox.add({ id: 1, name: 'task.create', args: {}, created_at: '' } as never);
        await db.outbox.add({ id: 1, name: 'task.create', args: {}, created_at: '' } as never); // the key is taken: the transaction fails
      }),
    ).rejects.toThrow();
    // a failing mutator: the list is viewer-only
    await expect(tasks.create({ title: 'x', list_id: 'no-such-list' })).rejects.toThrow();
    await settle();
    expect(list.answers.every((r) => r.length === 0)).toBe(true);
    expect(await stored(me.inboxId)).toEqual([]);
    // and the next good write still shows, alone
    await tasks.create({ title: 'ok' });
    expect(titles(await list.until((r) => r.length > 0))).toEqual(['ok']);
    list.stop();
  });

  it('takes a pull: rows written by applyPull reach the query', async () => {
    const list = watch(() => listTasks(me.inboxId, 'open', db));
    const mine = await tasks.create({ title: 'mine' });
    await list.until((r) => r.length === 1);
    const T0 = '2026-01-01T10:00:00.000Z';
    const page: PullResult = {
      lists: [],
      members: [],
      tasks: [
        { ...mine, title: 'renamed on the server', version: 3 },
        { ...mine, id: 'from-server', title: 'from the server', position: 'zz', created_at: T0, updated_at: T0, version: 4 },
      ],
      departed: [],
      visible_lists: [me.inboxId],
      cursors: { [me.inboxId]: 4 },
      last_mutation_id: 1,
      refused: [],
      has_more: false,
    };
    await applyPull(page, db);
    const after = await list.until((r) => r.length === 2 && r[0]?.title === 'renamed on the server');
    expect(after).toEqual(await stored(me.inboxId));
    list.stop();
  });

  it('takes writes made through another handle on the same database', async () => {
    const list = watch(() => listTasks(me.inboxId, 'open', db));
    await tasks.create({ title: 'one' });
    await list.until((r) => r.length === 1);
    const other = await openDatabase(db.name);
    await tasks.create({ title: 'two' }, other);
    await list.until((r) => titles(r)?.join() === 'one,two');
    // and this handle's own next write patches a result that holds the other's row
    await tasks.create({ title: 'three' });
    const last = await list.until((r) => r.length === 3);
    expect(last).toEqual(await stored(me.inboxId));
    other.close();
    list.stop();
  });

  it("takes another tab's write, announced by Dexie's BroadcastChannel", async () => {
    const today = '2026-11-25';
    const list = watch(() => listTasks(me.inboxId, 'open', db));
    const day = watch(() => todayTasks(today, db));
    await tasks.create({ title: 'here', due_date: today });
    await list.until((r) => r.length === 1);
    await day.until((r) => r.today.length === 1);
    // the other tab: its own IndexedDB connection, unseen by this tab's Dexie
    const [row] = await db.tasks.toArray();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(db.name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('tasks', 'readwrite');
        tx.objectStore('tasks').put({ ...row, id: 'elsewhere', title: 'there', position: 'zz' });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    // what its Dexie broadcasts after the commit
    const channel = new BroadcastChannel('x-storagemutated-1');
    channel.postMessage({ all: true });
    channel.close();
    await list.until((r) => titles(r)?.join() === 'here,there');
    await day.until((r) => r.today.length === 2);
    list.stop();
    day.stop();
  });
});

describe("a create's memory of its list (last position, list row, role)", () => {
  const T0 = '2026-01-01T10:00:00.000Z';
  const pull = (over: Partial<PullResult>): PullResult => ({
    lists: [],
    members: [],
    tasks: [],
    departed: [],
    visible_lists: [me.inboxId, 'shared'],
    cursors: {},
    last_mutation_id: 0,
    refused: [],
    has_more: false,
    ...over,
  });
  const shared = { id: 'shared', owner_id: 'u2', name: 'Shared', color: 'grey' as const, position: 'b0', is_inbox: false, created_at: T0, updated_at: T0, deleted_at: null, version: 1 };
  const role = (r: 'editor' | 'viewer') => ({ list_id: 'shared', user_id: me.userId, email: 'me@example.com', role: r });
  const positions = async (listId: string) => (await listTasks(listId, 'all', db)).map((t) => t.title);

  it('a pulled task with a later position: the next create still goes last', async () => {
    const first = await tasks.create({ title: 'first' });
    await tasks.create({ title: 'second' }); // from memory
    await applyPull(pull({ tasks: [{ ...first, id: 'pulled', title: 'pulled', position: 'a5', version: 5 }], last_mutation_id: 2 }), db);
    await tasks.create({ title: 'third' });
    expect(await positions(me.inboxId)).toEqual(['first', 'second', 'pulled', 'third']);
  });

  it('a pulled role change or list delete: the next create is refused or allowed as a fresh read would', async () => {
    await applyPull(pull({ lists: [shared], members: [role('editor')] }), db);
    await tasks.create({ title: 'as editor', list_id: 'shared' });
    await tasks.create({ title: 'again', list_id: 'shared' }); // from memory
    await applyPull(pull({ members: [role('viewer')] }), db);
    await expect(tasks.create({ title: 'as viewer', list_id: 'shared' })).rejects.toThrow('You can only view this list');
    await applyPull(pull({ members: [role('editor')] }), db);
    await tasks.create({ title: 'editor again', list_id: 'shared' });
    await applyPull(pull({ lists: [{ ...shared, deleted_at: T0, version: 9 }] }), db);
    await expect(tasks.create({ title: 'gone', list_id: 'shared' })).rejects.toThrow('That list no longer exists');
  });

  it("another handle's create in the list, or a move into it: the next create still goes last", async () => {
    await tasks.create({ title: 'a' });
    const other = await openDatabase(db.name);
    await tasks.create({ title: 'b (other handle)' }, other);
    other.close();
    await tasks.create({ title: 'c' });
    const elsewhere = await tasks.create({ title: 'moved in' }, db);
    const list = (await (await import('@/data')).lists.create({ name: 'L' })).id;
    await tasks.create({ title: 'x', list_id: list });
    await tasks.update(elsewhere.id, { list_id: list });
    await tasks.create({ title: 'y', list_id: list });
    expect(await positions(me.inboxId)).toEqual(['a', 'b (other handle)', 'c']);
    expect(await positions(list)).toEqual(['x', 'moved in', 'y']);
  });

  it('creates in flight together get distinct positions, in the order they were asked', async () => {
    await tasks.create({ title: '0' });
    await Promise.all(['1', '2', '3'].map((title) => tasks.create({ title })));
    const rows = await listTasks(me.inboxId, 'open', db);
    expect(rows.map((t) => t.title)).toEqual(['0', '1', '2', '3']);
    expect(new Set(rows.map((t) => t.position)).size).toBe(4);
  });

  it('a failed create leaves the memory right: the next one still goes last', async () => {
    await tasks.create({ title: 'a' });
    await expect(tasks.create({ title: 'x'.repeat(1000) })).rejects.toThrow();
    await tasks.create({ title: 'b' });
    expect(await positions(me.inboxId)).toEqual(['a', 'b']);
  });

  it("a failed transaction's writes are not remembered: a list delete that rolled back does not refuse the next create", async () => {
    await applyPull(pull({ lists: [shared], members: [role('editor')] }), db);
    await tasks.create({ title: 'one', list_id: 'shared' });
    await expect(
      db.transaction('rw', db.lists, async () => {
        const row = await db.lists.get('shared');
        await db.lists.put({ ...row!, deleted_at: T0, state: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await tasks.create({ title: 'two', list_id: 'shared' });
    expect(await positions('shared')).toEqual(['one', 'two']);
  });
});
