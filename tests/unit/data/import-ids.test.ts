// Which ids an import gives (SPEC §15 "Imports never vanish"): a file's id only where the server
// said no one holds it, else the id derived from it for this importer, else a random one; every
// reference (a task's list, a step's and a reminder's task) follows; the same file imported
// again finds its records here.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, listLists, lists, steps, tasks } from '@/data';
import { exportData, type IdCheck, importData } from '@/data/backup';
import { derivedId } from '@/data/backup/import-ids';
import { openDatabase } from '@/data/db/database';
import type { DaybookDb } from '@/data/db/schema';
import { reminders } from '@/data/write';
import { isUuid } from '@/lib/ids';
import { freshDb } from './helpers';

const L1 = '00000000-0000-4000-8000-0000000000a1';
const T1 = '00000000-0000-4000-8000-0000000000b1';
const T2 = '00000000-0000-4000-8000-0000000000b2';
const FILE = {
  format: 'daybook',
  version: 1,
  lists: [
    { id: '00000000-0000-4000-8000-0000000000f0', name: 'Inbox', color: 'grey', is_inbox: true },
    { id: L1, name: 'Gym', color: 'blue' },
  ],
  tasks: [
    { id: T1, list_id: L1, title: 'Swim', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR' },
    { id: T2, list_id: '00000000-0000-4000-8000-0000000000f0', title: 'Call the plumber' },
  ],
  steps: [{ id: '00000000-0000-4000-8000-0000000000c1', task_id: T1, title: 'Pack goggles', done: false }],
  reminders: [{ task_id: T1, offset_minutes: 15 }],
};

/** A server that holds `taken` and records what it was asked. */
function server(taken: string[]) {
  const asked: string[][] = [];
  const check: IdCheck = async (ids) => {
    asked.push(ids);
    return new Set(ids.filter((id) => taken.includes(id)));
  };
  return { check, asked };
}

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

async function byTitle(title: string) {
  return (await db.tasks.toArray()).find((t) => t.title === title);
}

describe('derivedId', () => {
  it('is a UUID fixed by the file’s id and the importer, and differs between importers', async () => {
    const a = await derivedId(T1, 'user-a');
    expect(isUuid(a)).toBe(true);
    expect(a[14]).toBe('8'); // version 8: made by us, not random
    expect(await derivedId(T1.toUpperCase(), 'USER-A')).toBe(a);
    expect(await derivedId(T1, 'user-b')).not.toBe(a);
    expect(await derivedId(T2, 'user-a')).not.toBe(a);
  });
});

describe('import ids', () => {
  it('keeps the ids the server says are free', async () => {
    const { check, asked } = server([]);
    const report = await importData(FILE, db, { idCheck: check });
    expect(report).toMatchObject({ imported: { lists: 1, tasks: 2, steps: 1, reminders: 1 }, renamed: 0, skipped: [] });
    expect((await listLists(db)).find((l) => l.name === 'Gym')?.id).toBe(L1);
    expect((await byTitle('Swim'))?.list_id).toBe(L1);
    expect((await byTitle('Call the plumber'))).toMatchObject({ id: T2, list_id: me.inboxId });
    // one question, about the file's ids and their derived ones — never the Inbox's
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(6);
    expect(asked[0]).toEqual(expect.arrayContaining([L1, T1, T2, await derivedId(L1, me.userId)]));
    expect(asked[0]).not.toContain('00000000-0000-4000-8000-0000000000f0');
  });

  it('gives the taken ones their derived ids, and every reference follows', async () => {
    const report = await importData(FILE, db, { idCheck: server([L1, T1]).check });
    expect(report.renamed).toBe(2);
    const gym = (await listLists(db)).find((l) => l.name === 'Gym');
    const swim = await byTitle('Swim');
    expect(gym?.id).toBe(await derivedId(L1, me.userId));
    expect(swim).toMatchObject({ id: await derivedId(T1, me.userId), list_id: gym?.id });
    expect((await byTitle('Call the plumber'))?.id).toBe(T2);
    expect((await db.steps.toArray()).map((s) => [s.task_id, s.title])).toEqual([[swim?.id, 'Pack goggles']]);
    expect((await db.reminders.toArray()).map((r) => [r.task_id, r.offset_minutes])).toEqual([[swim?.id, 15]]);
    // what is queued for the server names only the new ids
    const queued = JSON.stringify(await db.outbox.toArray());
    for (const taken of [L1, T1]) expect(queued).not.toContain(taken);
  });

  it('offline or signed out (no answer, a failing check), every record takes its derived id', async () => {
    for (const idCheck of [undefined, async () => null, async () => Promise.reject(new Error('offline'))] as (IdCheck | undefined)[]) {
      ({ db, identity: me } = await freshDb());
      const report = await importData(FILE, db, { idCheck });
      expect(report).toMatchObject({ imported: { lists: 1, tasks: 2 }, renamed: 3 });
      const ids = (await db.tasks.toArray()).map((t) => t.id).sort();
      expect(ids).toEqual([await derivedId(T1, me.userId), await derivedId(T2, me.userId)].sort());
    }
  });

  it('a derived id the server also holds gives way to a random one; nothing is lost', async () => {
    const derived = await derivedId(T1, me.userId);
    const report = await importData(FILE, db, { idCheck: server([T1, derived]).check });
    expect(report).toMatchObject({ imported: { lists: 1, tasks: 2, steps: 1, reminders: 1 }, renamed: 1 });
    const swim = await byTitle('Swim');
    expect(swim?.id).not.toBe(T1);
    expect(swim?.id).not.toBe(derived);
    expect(isUuid(swim!.id)).toBe(true);
  });

  it('importing the same file again adds nothing, whether the server was asked or not', async () => {
    await importData(FILE, db);
    for (const idCheck of [undefined, server([L1, T1, T2]).check]) {
      const again = await importData(FILE, db, { idCheck });
      expect(again).toMatchObject({ imported: { lists: 0, tasks: 0 }, renamed: 0 });
      expect(again.skipped.filter((s) => s.kind !== 'step' && s.kind !== 'reminder').map((s) => s.reason)).toEqual([
        'Already on this device',
        'Already on this device',
        'Already on this device',
      ]);
    }
    expect(await db.tasks.count()).toBe(2);
  });

  it('one’s own export on one’s own synced device adds nothing, though the server holds every id', async () => {
    const gym = await lists.create({ name: 'Gym', color: 'blue' }, db);
    const swim = await tasks.create({ title: 'Swim', list_id: gym.id, due_date: '2026-12-04' }, db);
    await steps.create(swim.id, 'Pack goggles', db);
    await reminders.set(swim.id, 15, db);
    const file = JSON.parse(JSON.stringify(await exportData(db)));
    const report = await importData(file, db, { idCheck: server([gym.id, swim.id]).check });
    expect(report).toMatchObject({ imported: { lists: 0, tasks: 0 }, renamed: 0 });
    expect(await db.tasks.count()).toBe(1);
  });

  it('a record here under the file’s id with other content is imported beside it, under a new id', async () => {
    await importData(FILE, db, { idCheck: server([]).check });
    await tasks.update(T1, { title: 'Swim 2 km' }, db);
    const report = await importData(FILE, db, { idCheck: server([L1, T1, T2]).check });
    expect(report).toMatchObject({ imported: { lists: 0, tasks: 1 }, renamed: 1 });
    expect((await byTitle('Swim'))?.id).toBe(await derivedId(T1, me.userId));
  });

  it('the ids the same file gets differ between accounts', async () => {
    await importData(FILE, db);
    const other = await openDatabase('daybook-import-ids-other', 'someone-else');
    await importData(FILE, other);
    const mine = new Set((await db.tasks.toArray()).map((t) => t.id));
    for (const t of await other.tasks.toArray()) expect(mine.has(t.id)).toBe(false);
    await other.delete();
  });
});
