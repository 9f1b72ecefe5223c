// A write re-runs only the live queries whose index ranges it changed (issue #16, write →
// screen): Dexie can tell only if it is handed the rows as they were, so a title edit must not
// make the sidebar count every list's open tasks again, while a tick must.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, observe, openTaskCounts, tasks, todayTasks } from '@/data';
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

  it('an edit that drops a field leaves no trace of it in the stored row', async () => {
    const t = await tasks.create({ title: 'Call', due_date: '2026-11-25', due_time: '09:30' });
    await tasks.update(t.id, { due_date: null, due_time: null });
    const stored = await tasks.update(t.id, { title: 'Call back' });
    expect(stored).toMatchObject({ title: 'Call back', due_date: null, due_time: null });
  });
});
