// A pull's notifications (SPEC §17): the rows past the person's cursor replace what the device
// holds of them (a read mark made on another device comes as a new version of the row), and the
// levels come whole. Rows older than the server keeps (90 days) go here too.
import type { PullResult } from '@/domain/model';
import { addDays } from '@/lib/dates';
import type { DaybookDb } from '../db/schema';

const KEEP_DAYS = 90;

export async function writeNotifications(db: DaybookDb, page: NonNullable<PullResult['notifications']>): Promise<void> {
  if (page.rows.length) {
    await db.notifications.bulkPut(page.rows.map((n) => ({ ...n, unread: n.read_at === null ? 1 : 0 })));
    const oldest = `${addDays(new Date().toISOString().slice(0, 10), -KEEP_DAYS)}T00:00:00Z`;
    await db.notifications.where('at').below(oldest).delete();
  }
  await db.notify_levels.clear();
  if (page.levels.length) await db.notify_levels.bulkPut(page.levels);
}
