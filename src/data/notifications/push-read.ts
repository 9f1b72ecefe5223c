// Opening a notification push about one task (SPEC §17) marks what it stood for read, as opening
// the task from the notifications screen does — run by the service worker, with no tab open and
// no network: one write (one transaction, one outbox entry), sent when the app next syncs. Ids
// the device has not pulled yet are marked too (the server passes over any that are not the
// person's); ones already read here are left out, and none left is no change at all.
import type { DaybookDb } from '../db/schema';
import { notifications } from '../write/notifications';

export async function readFromNotificationPush(db: DaybookDb, ids: readonly string[]): Promise<boolean> {
  const known = await db.notifications.bulkGet([...ids]);
  const unread = ids.filter((_, i) => !known[i] || known[i]!.read_at === null);
  if (!unread.length) return false;
  await notifications.read(unread, db);
  return true;
}
