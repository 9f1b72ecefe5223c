// Opening a notification push about one task marks what it stood for read on the device: one
// change, ids not pulled yet included, ones already read left out, nothing at all when none is left.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DaybookDb } from '@/data';
import { readFromNotificationPush } from '@/data/notifications/push-read';
import { freshDb } from './helpers';

let db: DaybookDb;
beforeEach(async () => {
  ({ db } = await freshDb());
});

const [A, B, C] = ['0b6c1c52-4a3e-4b55-9c1e-5c1d2c3e4f50', '1b6c1c52-4a3e-4b55-9c1e-5c1d2c3e4f51', '2b6c1c52-4a3e-4b55-9c1e-5c1d2c3e4f52'];
const note = (id: string, read: boolean) => ({
  id,
  kind: 'comment' as const,
  list_id: null,
  task_id: 't1',
  actor_id: 'u-ana',
  at: new Date().toISOString(),
  read_at: read ? new Date().toISOString() : null,
  payload: { actor_name: 'Ana', title: 'Buy milk' },
  version: 1,
  unread: (read ? 0 : 1) as 0 | 1,
});

describe('readFromNotificationPush', () => {
  it('marks the unread and the not yet pulled as one change, leaving the already read out', async () => {
    await db.notifications.bulkPut([note(A, false), note(B, true)]);
    expect(await readFromNotificationPush(db, [A, B, C])).toBe(true);
    expect((await db.notifications.get(A))?.read_at).not.toBeNull();
    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => [m.name, m.args])).toEqual([['notification.read', { ids: [A, C] }]]);
  });

  it('changes nothing when all were read already', async () => {
    await db.notifications.bulkPut([note(A, true)]);
    expect(await readFromNotificationPush(db, [A])).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });
});
