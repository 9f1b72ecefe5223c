// A write re-runs only the live queries whose index ranges it changed (write →
// screen): Dexie can tell only if it is handed the rows as they were, so a title edit must not
// make the sidebar count every list's open tasks again, while a tick must.
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, type Identity, lists, observe, openTaskCounts, tasks, todayTasks } from '@/data';
import { countOpenTasks } from '@/data/read/queries';
import { freshDb } from './helpers';

let me: Identity;
beforeEach(async () => {
  ({ identity: me } = await freshDb());
});

/** Subscribes `query`, counting its runs; resolves once its first result is in. */
async function counted<T>(query: () => Promise<T>) {
  let runs = 0;
  let latest: T | undefined;
  const waiters: (() => void)[] = [];
  const stop = observe(
    async () => {
      runs++;
      return query();
    },
    (value) => {
      latest = value;
      for (const w of waiters.splice(0)) w();
    },
  );
  await new Promise<void>((resolve) => waiters.push(resolve));
  return {
    runs: () => runs,
    latest: () => latest,
    stop,
  };
}

/** Long enough for Dexie to have re-run every query a commit invalidated. */
const settle = () => new Promise((r) => setTimeout(r, 100));

describe('live queries after a write', () => {
  it("a title edit re-runs Today's list but not the open counts; ticking re-runs both", async () => {
    const today = '2026-11-25';
    const t = await tasks.create({ title: 'Water plants', due_date: today });
    await tasks.create({ title: 'Other', list_id: me.inboxId });
    const counts = await counted(() => openTaskCounts());
    const onToday = await counted(() => todayTasks(today));
    await settle();
    // A first write after a live query's first read re-runs it twice (Dexie's cache, which made
    // that read, re-runs it; then the live cache's memory, which answers it from then on, does):
    // counted from the steady state.
    await tasks.update(t.id, { notes: 'rain water' });
    await settle();
    const [countRuns, todayRuns] = [counts.runs(), onToday.runs()];

    await tasks.update(t.id, { title: 'Water the plants' });
    await settle();
    expect(onToday.runs()).toBe(todayRuns + 1);
    expect(onToday.latest()?.today.map((x) => x.title)).toEqual(['Water the plants']);
    expect(counts.runs()).toBe(countRuns);

    await tasks.setDone(t.id, true);
    await settle();
    expect(counts.runs()).toBe(countRuns + 1);
    expect(counts.latest()?.[me.inboxId]).toBe(1);
    counts.stop();
    onToday.stop();
  });

  it("a new task re-runs its own list's open count and no other list's (src/data/live/add-observation.ts)", async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const inboxCount = await counted(() => countOpenTasks(getDb(), me.inboxId));
    const homeCount = await counted(() => countOpenTasks(getDb(), home.id));
    await tasks.create({ title: 'Warm up', list_id: home.id }); // Dexie's first re-run after a first read counts double
    await settle();
    const [inboxRuns, homeRuns] = [inboxCount.runs(), homeCount.runs()];

    await tasks.create({ title: 'Paint the fence', list_id: home.id });
    await settle();
    expect(homeCount.runs()).toBe(homeRuns + 1);
    expect(homeCount.latest()).toBe(2);
    expect(inboxCount.runs()).toBe(inboxRuns);
    inboxCount.stop();
    homeCount.stop();
  });

  it('a row added and then changed in the same transaction is changed: an add tells Dexie of no old row only while it is made', async () => {
    const db = getDb();
    const t = await tasks.create({ title: 'Call' });
    const row = { ...(await db.tasks.get(t.id))!, id: 'added-then-changed', title: 'Added' };
    await db.transaction('rw', db.tasks, async () => {
      await db.tasks.add(row);
      await db.tasks.bulkUpdate([{ key: row.id, changes: { title: 'Changed' } }]);
    });
    expect((await db.tasks.get(row.id))?.title).toBe('Changed');
    // a taken key still fails the add, and its transaction
    await expect(db.transaction('rw', db.tasks, () => db.tasks.add({ ...row, title: 'Again' }))).rejects.toThrow();
    expect((await db.tasks.get(row.id))?.title).toBe('Changed');
  });

  it('an edit that drops a field leaves no trace of it in the stored row', async () => {
    const t = await tasks.create({ title: 'Call', due_date: '2026-11-25', due_time: '09:30' });
    await tasks.update(t.id, { due_date: null, due_time: null });
    const stored = await tasks.update(t.id, { title: 'Call back' });
    expect(stored).toMatchObject({ title: 'Call back', due_date: null, due_time: null });
  });
});
