// The person's read marks and list levels (SPEC §17), committed through their pure applies
// (../mutations/notifications.ts): marked here at once, on the person's other devices by the pull.
import type { NotifyLevel } from '@/domain/model';
import Dexie from 'dexie';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { newestAt } from '../mutations/notifications';
import { commit } from './commit';
import { write } from './transaction';

async function read(ids: string[], db: DaybookDb = getDb()): Promise<void> {
  if (!ids.length) return;
  await write(db, (enqueue) => commit(db, enqueue, 'notification.read', { ids }));
}

/**
 * Every notification the device holds, up to the newest the server made (one change, whatever
 * their number): `before` is the server's own time of that one, so a device clock running behind
 * the server's leaves none of them unread, here or on the person's other devices. Nothing unread
 * here, nothing to send.
 */
async function readAll(db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    if (!(await db.notifications.where('[unread+at]').between([1, Dexie.minKey], [1, Dexie.maxKey]).count())) return;
    const before = newestAt(await db.notifications.orderBy('at').keys() as string[]);
    if (before !== null) await commit(db, enqueue, 'notification.read_all', { before });
  });
}

async function setLevel(listId: string, level: NotifyLevel, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'list.notify', { list_id: listId, level }));
}

export const notifications = { read, readAll, setLevel };
