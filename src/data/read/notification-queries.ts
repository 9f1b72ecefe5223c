// The person's notifications (SPEC §17) as the device holds them: newest first, and the unread
// count from index keys alone (the navigation shows it on every screen).
import Dexie from 'dexie';
import type { AppNotification, NotifyLevel } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';

/** What the screen lists at most: the server keeps 90 days, which is rarely more. */
const SHOWN = 300;

export async function recentNotifications(db: DaybookDb = getDb()): Promise<AppNotification[]> {
  const rows = await db.notifications.orderBy('at').reverse().limit(SHOWN).toArray();
  return rows.map(({ unread: _, ...n }) => n);
}

export function unreadNotificationCount(db: DaybookDb = getDb()): Promise<number> {
  return db.notifications.where('[unread+at]').between([1, Dexie.minKey], [1, Dexie.maxKey]).count();
}

/** The person's level per list id (a list with none: all). */
export async function notifyLevels(db: DaybookDb = getDb()): Promise<Record<string, NotifyLevel>> {
  return Object.fromEntries((await db.notify_levels.toArray()).map((l) => [l.list_id, l.level]));
}


