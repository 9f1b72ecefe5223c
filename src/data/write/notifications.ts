// The person's read marks and list levels (SPEC §17), committed through their pure applies
// (../mutations/notifications.ts): marked here at once, on the person's other devices by the pull.
import type { NotifyLevel } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { commit } from './commit';
import { write } from './transaction';

async function read(ids: string[], db: DaybookDb = getDb()): Promise<void> {
  if (!ids.length) return;
  await write(db, (enqueue) => commit(db, enqueue, 'notification.read', { ids }));
}

/** Every notification made up to now (one change, whatever their number). */
async function readAll(before: string = new Date().toISOString(), db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'notification.read_all', { before }));
}

async function setLevel(listId: string, level: NotifyLevel, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'list.notify', { list_id: listId, level }));
}

export const notifications = { read, readAll, setLevel };
