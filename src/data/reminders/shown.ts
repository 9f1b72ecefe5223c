// Which reminders this device has shown (SPEC §11.4: the leader tab's schedule and the service
// worker's push handler never show the same reminder twice). One `meta` row per firing (the
// notification tag and the fire time: reminderShownKey), with when it was shown; rows older than
// SHOWN_KEEP_MS are pruned as new ones are written.
// In `meta` rather than a table of its own: it never syncs, and no schema version is needed.
import type { DaybookDb } from '../db/schema';

const PREFIX = 'reminder_shown:';
/** Missed reminders are shown only up to 12 h late, so a few days covers any key still asked about. */
export const SHOWN_KEEP_MS = 3 * 86_400_000;

export async function wasReminderShown(db: DaybookDb, key: string): Promise<boolean> {
  return (await db.meta.get(PREFIX + key)) !== undefined;
}

/**
 * Records `key` as shown at `now`. Returns false when it already was — checked and written in
 * one transaction, so of two paths racing to show one reminder only the one that gets true shows it.
 */
export async function markReminderShown(db: DaybookDb, key: string, now: number = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    if (await db.meta.get(PREFIX + key)) return false;
    await db.meta.put({ key: PREFIX + key, value: now });
    const old = await db.meta
      .where('key')
      .startsWith(PREFIX)
      .filter((row) => typeof row.value !== 'number' || row.value < now - SHOWN_KEEP_MS)
      .primaryKeys();
    await db.meta.bulkDelete(old);
    return true;
  });
}
