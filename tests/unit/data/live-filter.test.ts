// A saved filter's live result (SPEC §14.2) is patched from this tab's writes rather than re-read:
// after every kind of write that can change what a filter keeps, each watched filter must hold
// exactly what a fresh full evaluation of the same query gives.
import { RangeSet } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, lists, observe, openDatabase, tasks } from '@/data';
import { labels } from '@/data/labels';
import { runFilter } from '@/data/filters';
import { applyPull } from '@/data/sync';
import type { FilterQuery } from '@/domain/filters';
import type { PullResult, Task } from '@/domain/model';
import { type DaybookDb, toTaskRow } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const TODAY = '2026-11-25';
const T0 = '2026-01-01T10:00:00.000Z';

function watch(query: FilterQuery) {
  let latest: Task[] | undefined;
  const stop = observe(
    () => runFilter(query, TODAY, db),
    (value) => {
      latest = value;
    },
  );
  return { latest: () => latest, stop, query };
}

/** Every watched filter settles on what a fresh read of its query gives. */
async function agree(watched: ReturnType<typeof watch>[], after: string) {
  for (const w of watched) {
    const fresh = await runFilter(w.query, TODAY, db);
    const deadline = Date.now() + 2000;
    while (JSON.stringify(w.latest()) !== JSON.stringify(fresh) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (process.env.DEBUG_FILTER) console.log(after, JSON.stringify(w.query), w.latest()?.map((t) => [t.title, t.due_date, t.done]), fresh.map((t) => [t.title, t.due_date, t.done]));
    expect(w.latest(), `${JSON.stringify(w.query)} after ${after}`).toEqual(fresh);
  }
}

describe('a live filter after each kind of write', () => {
  it('holds what a fresh evaluation holds', async () => {
    const work = await lists.create({ name: 'Work' });
    const home = await lists.create({ name: 'Home' });
    const errands = await labels.create('Errands', 'teal');
    const urgent = await labels.create('Urgent', 'red');
    const queries: FilterQuery[] = [
      {},
      { status: 'all' },
      { status: 'done' },
      { lists: [work.id] },
      { labels: [errands.id] },
      { labels: [errands.id, urgent.id], status: 'all' },
      { words: 'report' },
      { priority_at_least: 2, due: 'next7' },
      { due: 'overdue' },
      { due: 'none' },
      { deadline_within: 3 },
    ];
    const watched = queries.map(watch);
    const step = async (name: string, write: () => Promise<unknown>) => {
      await write();
      await agree(watched, name);
    };
    await agree(watched, 'the first read');

    let a!: Task;
    let b!: Task;
    let c!: Task;
    await step('creates', async () => {
      a = await tasks.create({ title: 'weekly report', list_id: work.id, priority: 3, due_date: TODAY });
      b = await tasks.create({ title: 'milk', list_id: home.id, due_date: '2026-11-20' });
      c = await tasks.create({ title: 'call', priority: 2, deadline: '2026-11-27' });
    });
    await step('a title edit into and out of "report"', async () => {
      await tasks.update(b.id, { title: 'milk report' });
      await tasks.update(a.id, { title: 'weekly summary' });
    });
    await step('a priority and due date edit', () => tasks.update(c.id, { priority: 3, due_date: '2026-11-28' }));
    await step('a deadline edit', () => tasks.update(b.id, { deadline: '2026-11-26' }));
    await step('a completion', () => tasks.setDone(a.id, true));
    await step('an undo of the completion', () => tasks.setDone(a.id, false));
    await step('a move to another list', () => tasks.update(b.id, { list_id: work.id }));
    await step('a move within a list', async () => {
      const d = await tasks.create({ title: 'd', list_id: work.id });
      await tasks.move(d.id, { before: a.id });
    });
    await step('a label put on', () => labels.add(a.id, errands.id));
    await step('a second label put on', () => labels.add(b.id, urgent.id));
    await step('a label taken off', () => labels.remove(a.id, errands.id));
    await step('a label on again, then its task completed', async () => {
      await labels.add(c.id, errands.id);
      await tasks.setDone(c.id, true);
    });
    await step('a delete', () => tasks.delete(b.id));
    await step('a restore', () => tasks.restore(b.id));
    await step('a label deleted', () => labels.delete(urgent.id));
    await step('a list deleted', () => lists.delete(home.id));
    await step('a list restored', () => lists.restore(home.id));
    await step('a repeating task completed', async () => {
      const r = await tasks.create({ title: 'water plants', due_date: '2026-11-24', repeat: 'FREQ=DAILY' });
      await tasks.setDone(r.id, true);
    });
    await step('a pulled page', () =>
      applyPull(
        {
          lists: [],
          members: [],
          tasks: [
            { ...a, title: 'report from the server', version: 40, done: false, updated_at: T0 },
            { ...a, id: 'pulled-1', title: 'pulled', position: 'a9', priority: 2, due_date: TODAY, created_at: T0, updated_at: T0, version: 41 },
          ],
          departed: [],
          visible_lists: [me.inboxId, work.id, home.id],
          cursors: {},
          last_mutation_id: 0,
          refused: [],
          has_more: false,
        } as PullResult,
        db,
      ),
    );
    await step('a big pulled page (more rows than are patched)', () =>
      applyPull(
        {
          lists: [],
          members: [],
          tasks: Array.from({ length: 150 }, (_, i) => ({
            ...a,
            id: `bulk-${i}`,
            title: i % 2 ? `bulk report ${i}` : `bulk ${i}`,
            position: `c${String(i).padStart(3, '0')}`,
            due_date: i % 3 ? TODAY : null,
            created_at: T0,
            updated_at: T0,
            version: 100 + i,
          })),
          departed: [],
          visible_lists: [me.inboxId, work.id, home.id],
          cursors: {},
          last_mutation_id: 0,
          refused: [],
          has_more: false,
        } as PullResult,
        db,
      ),
    );
    await step('a write through another handle', async () => {
      const other = await openDatabase(db.name);
      await tasks.create({ title: 'other report', priority: 3, due_date: TODAY }, other);
      other.close();
    });
    await step('this handle again after that', () => tasks.create({ title: 'last report', list_id: work.id }));
    for (const w of watched) w.stop();
  });

  it("takes another tab's label on a task, announced by Dexie's BroadcastChannel", async () => {
    const errands = await labels.create('Errands', 'teal');
    const t = await tasks.create({ title: 'post a letter' });
    const w = watch({ labels: [errands.id] });
    await agree([w], 'the first read');
    await labels.add(t.id, errands.id);
    await agree([w], 'a label put on here');
    const row = await db.task_labels.get([t.id, errands.id]);
    // the other tab: its own IndexedDB connection takes the label off, unseen by this tab's Dexie
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(db.name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('task_labels', 'readwrite');
        tx.objectStore('task_labels').put({ ...row, deleted_at: T0 });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    const channel = new BroadcastChannel('x-storagemutated-1');
    channel.postMessage({ [`idb://${db.name}/task_labels/`]: new RangeSet().addKey([t.id, errands.id]) });
    channel.close();
    await agree([w], "another tab's write");
    expect(w.latest()).toEqual([]);
    w.stop();
  });

  it('orders tasks of one day as their list does (position by code point, then id)', async () => {
    // positions whose order differs between code points and a locale's collation
    for (const [id, position] of [
      ['t1', 'ab'],
      ['t2', 'aZ'],
      ['t3', 'a0'],
    ] as const) {
      await db.tasks.put(
        toTaskRow({
          id, list_id: me.inboxId, title: id, notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
          position, created_by: me.userId, created_at: T0, updated_at: T0, deleted_at: null, version: 1,
        } as Task),
      );
    }
    expect((await runFilter({}, TODAY, db)).map((t) => t.title)).toEqual(['t3', 't2', 't1']);
  });

  it('hands unchanged tasks back as the same objects after a write, so rows need not re-render', async () => {
    await tasks.create({ title: 'one' });
    await tasks.create({ title: 'two' });
    const w = watch({});
    while (w.latest()?.length !== 2) await new Promise((r) => setTimeout(r, 5));
    const before = w.latest()!;
    await tasks.create({ title: 'three' });
    while (w.latest()?.length !== 3) await new Promise((r) => setTimeout(r, 5));
    const after = w.latest()!;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    w.stop();
  });
});
