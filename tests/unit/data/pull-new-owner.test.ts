// A list has one owner on the device as on the server. When an owner deletes their account their
// member row is gone from the server without a tombstone; the row of the member who takes the list
// over, arriving as its owner, takes the former owner's row off this device.
import { beforeEach, expect, it } from 'vitest';
import type { Identity } from '@/data';
import { applyPull } from '@/data/sync';
import type { DaybookDb } from '@/data/db/schema';
import type { PullResult } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const SHARED = '00000000-0000-4000-8000-00000000000b';
const FORMER = '00000000-0000-4000-8000-0000000000f0';
const OTHER = '00000000-0000-4000-8000-0000000000f1';

function page(over: Partial<PullResult>): PullResult {
  return { lists: [], members: [], tasks: [], departed: [], visible_lists: [me.inboxId, SHARED], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over };
}

it('a member row arriving as owner displaces the previous owner; the others stay', async () => {
  await applyPull(
    page({
      members: [
        { list_id: SHARED, user_id: FORMER, email: 'former@example.test', role: 'owner' },
        { list_id: SHARED, user_id: me.userId, email: 'me@example.test', role: 'editor' },
        { list_id: SHARED, user_id: OTHER, email: 'other@example.test', role: 'viewer' },
      ],
      cursors: { [SHARED]: 3 },
    }),
    db,
  );
  await applyPull(page({ members: [{ list_id: SHARED, user_id: me.userId, email: 'me@example.test', role: 'owner' }], cursors: { [SHARED]: 5 } }), db);
  const rows = await db.members.where('list_id').equals(SHARED).toArray();
  expect(rows.map((m) => [m.user_id, m.role]).sort()).toEqual([[me.userId, 'owner'], [OTHER, 'viewer']].sort());
});
