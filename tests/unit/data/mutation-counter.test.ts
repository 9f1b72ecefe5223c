// The mutation counter (src/data/write/transaction.ts, outbox.ts): each change's id is exactly the stored
// counter's — never used twice, never skipped — whoever else moved it (another tab, a pull).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lists, tasks } from '@/data';
import { applyPull } from '@/data/sync';
import { openDatabase } from '@/data/db/database';
import type { DaybookDb } from '@/data/db/schema';
import type { PullResult } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let inboxId: string;
beforeEach(async () => {
  const fresh = await freshDb();
  db = fresh.db;
  inboxId = fresh.identity.inboxId;
});

const ids = async (handle: DaybookDb) =>
  (await handle.outbox.orderBy('id').toArray()).map((e) => {
    const args = e.args as { title?: string; name?: string; patch?: { title?: string } };
    return [e.id, args.title ?? args.name ?? args.patch?.title];
  });
const counter = async (handle: DaybookDb) => (await handle.meta.get('next_mutation_id'))?.value;

/** A pull page with no rows that acknowledges every change up to `last`. */
const emptyPage = (inboxId: string, last: number) =>
  ({ lists: [], members: [], tasks: [], departed: [], refused: [], visible_lists: [inboxId], cursors: {}, last_mutation_id: last, has_more: false }) as unknown as PullResult;

/** Writes a row with IndexedDB itself, as another tab's write looks before its broadcast arrives. */
function rawPut(name: string, store: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const conn = open.result;
      const tx = conn.transaction(store, 'readwrite');
      tx.objectStore(store).put(value);
      tx.oncomplete = () => {
        conn.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

describe('the mutation counter', () => {
  let other: DaybookDb | null = null;
  afterEach(() => {
    other?.close();
    other = null;
  });

  it("takes the next id after another handle's writes (another tab), never one it used", async () => {
    await tasks.create({ title: 'here 1' }, db);
    other = await openDatabase(db.name);
    await tasks.create({ title: 'there 1' }, other);
    await tasks.create({ title: 'there 2' }, other);
    await tasks.create({ title: 'here 2' }, db);
    await tasks.create({ title: 'there 3' }, other);
    await lists.create({ name: 'here 3' }, db);
    expect(await ids(db)).toEqual([
      [1, 'here 1'],
      [2, 'there 1'],
      [3, 'there 2'],
      [4, 'here 2'],
      [5, 'there 3'],
      [6, 'here 3'],
    ]);
    expect(await counter(db)).toBe(7);
  });

  it('gives writes in flight together one id each, in the order they were made', async () => {
    await tasks.create({ title: 'warm' }, db);
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => tasks.create({ title: `t${i}` }, db)));
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(entries.slice(1).map((e) => (e.args as { id: string }).id)).toEqual(made.map((t) => t.id));
    expect(await counter(db)).toBe(10);
  });

  it("reads the counter when an edit's own reads came first, after another handle moved it", async () => {
    const task = await tasks.create({ title: 'one' }, db);
    other = await openDatabase(db.name);
    await tasks.create({ title: 'there' }, other);
    await tasks.update(task.id, { title: 'renamed' }, db);
    expect(await ids(db)).toEqual([
      [1, 'one'],
      [2, 'there'],
      [3, 'renamed'],
    ]);
  });

  it('never reuses an id another tab used and the server has acknowledged, before that tab is heard of', async () => {
    await tasks.create({ title: 'here' }, db); // this handle now expects 2
    await applyPull(emptyPage(inboxId, 1), db); // acknowledged: the outbox is empty
    // Another tab took 2, and it was acknowledged too, before its broadcast reached this one
    // (raw IndexedDB: Dexie here hears nothing of it, so its write memory stays as it was).
    await rawPut(db.name, 'meta', { key: 'next_mutation_id', value: 3 });
    await tasks.create({ title: 'after' }, db);
    // 2 again would be answered "duplicate" by the server, and the task never applied there
    expect(await ids(db)).toEqual([[3, 'after']]);
    await tasks.create({ title: 'next' }, db);
    expect((await ids(db)).map(([id]) => id)).toEqual([3, 4]);
  });

  it('moves past ids a pull says the server has seen from elsewhere', async () => {
    await tasks.create({ title: 'mine' }, db);
    // an acknowledgment up to 40: a change sent with this client id from elsewhere took 2–40
    await applyPull(emptyPage(inboxId, 40), db);
    const next = await tasks.create({ title: 'after' }, db);
    expect(await ids(db)).toEqual([[41, 'after']]);
    expect(next.title).toBe('after');
  });

  it('moves past them too when the change reads its list first (a list this handle has not written to)', async () => {
    const plot = await lists.create({ name: 'Plot' }, db);
    const page = (last: number) => ({ ...emptyPage(inboxId, last), visible_lists: [inboxId, plot.id] }) as PullResult;
    await applyPull(page(40), db);
    db.close(); // a fresh handle: its write memory knows no list yet
    await db.open();
    await tasks.create({ title: 'warm' }, db);
    await applyPull(page(80), db);
    await tasks.create({ title: 'in plot', list_id: plot.id }, db);
    expect((await ids(db)).map(([id]) => id)).toEqual([81]);
  });

  it('uses the id of a write that failed again, and skips none', async () => {
    await tasks.create({ title: 'one' }, db);
    // a title over the limit is refused before anything is queued; an id taken fails at the add
    await expect(tasks.create({ title: 'x'.repeat(10_000) }, db)).rejects.toThrow();
    const taken = await tasks.create({ title: 'two' }, db);
    await expect(tasks.create({ title: 'clash' }, db, taken.id)).rejects.toThrow('That task id is already in use');
    await tasks.create({ title: 'three' }, db);
    expect(await ids(db)).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });
});
