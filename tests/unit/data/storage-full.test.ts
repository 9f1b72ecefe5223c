import { beforeEach, describe, expect, it } from 'vitest';
import { lists, StorageFullError, tasks } from '@/data';
import { importData } from '@/data/backup';
import type { DaybookDb } from '@/data/db/schema';
import { freshDb, snapshot } from './helpers';

let db: DaybookDb;
beforeEach(async () => {
  ({ db } = await freshDb());
});

/** Makes IndexedDB refuse every new row of `table` the way a full disk does. */
function fillUp(table: 'outbox' | 'tasks') {
  const quota = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  db[table].hook('creating', quota);
  return () => db[table].hook('creating').unsubscribe(quota);
}

describe('a full disk', () => {
  it('turns QuotaExceededError into StorageFullError and keeps nothing of the edit', async () => {
    const before = await snapshot();
    const release = fillUp('outbox');
    const err = await tasks.create({ title: 'Will not fit' }).catch((e: unknown) => e);
    release();
    expect(err).toBeInstanceOf(StorageFullError);
    expect((err as Error).message).toBe('Storage is full — nothing was saved');
    // The task row was written before the outbox add failed; the rollback removed it too.
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an update and leaves the old row as it was', async () => {
    const list = await lists.create({ name: 'Home' });
    const before = await snapshot();
    const release = fillUp('outbox');
    await expect(lists.update(list.id, { name: 'House' })).rejects.toBeInstanceOf(StorageFullError);
    release();
    expect(await snapshot()).toEqual(before);
  });

  it('rolls back a whole import', async () => {
    const L = '0b8f3c2e-5a4d-4c1e-9f6a-2d7b8e9c0a1f';
    const before = await snapshot();
    const release = fillUp('tasks');
    const file = { format: 'daybook', version: 1, lists: [{ id: L, name: 'L', color: 'red' }], tasks: [{ title: 'a', list_id: L }] };
    await expect(importData(file)).rejects.toBeInstanceOf(StorageFullError);
    release();
    expect(await snapshot()).toEqual(before);
  });

  it('works again once space is free', async () => {
    const release = fillUp('outbox');
    await expect(tasks.create({ title: 'no' })).rejects.toBeInstanceOf(StorageFullError);
    release();
    await expect(tasks.create({ title: 'yes' })).resolves.toMatchObject({ title: 'yes' });
    expect(await db.outbox.count()).toBe(1);
  });
});
