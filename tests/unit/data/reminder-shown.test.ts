import { beforeEach, describe, expect, it } from 'vitest';
import { type DaybookDb, markReminderShown, wasReminderShown } from '@/data';
import { freshDb } from './helpers';

let db: DaybookDb;
beforeEach(async () => {
  ({ db } = await freshDb());
});

const T0 = Date.UTC(2026, 10, 25, 9);
const DAY = 86_400_000;

describe('reminder shown record', () => {
  it('a tag is shown once: the first mark wins, later ones say it already was', async () => {
    expect(await wasReminderShown(db, 'reminder:a:2026-11-25')).toBe(false);
    expect(await markReminderShown(db, 'reminder:a:2026-11-25', T0)).toBe(true);
    expect(await wasReminderShown(db, 'reminder:a:2026-11-25')).toBe(true);
    expect(await markReminderShown(db, 'reminder:a:2026-11-25', T0 + 1000)).toBe(false);
    // another occurrence of the same task is another reminder
    expect(await wasReminderShown(db, 'reminder:a:2026-11-26')).toBe(false);
  });

  it('two paths racing: exactly one gets true', async () => {
    const results = await Promise.all([markReminderShown(db, 'reminder:b:2026-11-25', T0), markReminderShown(db, 'reminder:b:2026-11-25', T0)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('records older than three days are pruned as new ones are written; others stay', async () => {
    await markReminderShown(db, 'reminder:old:2026-11-20', T0 - 4 * DAY);
    await markReminderShown(db, 'reminder:recent:2026-11-23', T0 - 2 * DAY);
    await markReminderShown(db, 'reminder:new:2026-11-25', T0);
    expect(await wasReminderShown(db, 'reminder:old:2026-11-20')).toBe(false);
    expect(await wasReminderShown(db, 'reminder:recent:2026-11-23')).toBe(true);
    // the rest of meta is untouched
    expect(await db.meta.get('client_id')).toBeDefined();
  });
});
