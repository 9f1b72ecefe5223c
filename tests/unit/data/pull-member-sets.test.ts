// A person who deletes their account leaves no tombstone of their member rows (nothing of them
// stays on the server), so a list they were on arrives with its member set whole: the device drops
// the list's members that are not in it, and keeps those of other lists and its own queued changes.
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
const OTHER_LIST = '00000000-0000-4000-8000-00000000000c';
const OWNER = '00000000-0000-4000-8000-0000000000f0';
const GONE = '00000000-0000-4000-8000-0000000000f1';
const STAYS = '00000000-0000-4000-8000-0000000000f2';

function page(over: Partial<PullResult>): PullResult {
  return { lists: [], members: [], tasks: [], departed: [], visible_lists: [me.inboxId, SHARED, OTHER_LIST], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over };
}

const member = (list_id: string, user_id: string, role: 'owner' | 'editor' | 'viewer') => ({ list_id, user_id, email: '', role, display_name: user_id.slice(-2) });

async function held(listId: string) {
  return (await db.members.where('list_id').equals(listId).toArray()).map((m) => m.user_id).sort();
}

it('drops the members of a list that are not in its member set, in that list only', async () => {
  await applyPull(
    page({
      members: [
        member(SHARED, OWNER, 'owner'), member(SHARED, me.userId, 'editor'), member(SHARED, GONE, 'editor'), member(SHARED, STAYS, 'viewer'),
        member(OTHER_LIST, GONE, 'owner'), member(OTHER_LIST, me.userId, 'viewer'),
      ],
      cursors: { [SHARED]: 4, [OTHER_LIST]: 2 },
    }),
    db,
  );
  await applyPull(page({ member_sets: [{ list_id: SHARED, version: 9, user_ids: [OWNER, me.userId, STAYS] }], cursors: { [SHARED]: 9, [OTHER_LIST]: 2 } }), db);
  expect(await held(SHARED)).toEqual([OWNER, me.userId, STAYS].sort());
  expect(await held(OTHER_LIST)).toEqual([GONE, me.userId].sort());
});

it('keeps a member whose row comes on a later page (the set is read when the page is)', async () => {
  await applyPull(page({ members: [member(SHARED, OWNER, 'owner'), member(SHARED, me.userId, 'editor'), member(SHARED, GONE, 'viewer')], cursors: { [SHARED]: 3 } }), db);
  await applyPull(
    page({ member_sets: [{ list_id: SHARED, version: 5, user_ids: [OWNER, me.userId, STAYS] }], cursors: { [SHARED]: 5 }, has_more: true }),
    db,
  );
  await applyPull(page({ members: [member(SHARED, STAYS, 'viewer')], cursors: { [SHARED]: 6 } }), db);
  expect(await held(SHARED)).toEqual([OWNER, me.userId, STAYS].sort());
});

it('a server from before member sets changes nothing', async () => {
  await applyPull(page({ members: [member(SHARED, OWNER, 'owner'), member(SHARED, GONE, 'viewer')], cursors: { [SHARED]: 3 } }), db);
  await applyPull(page({ cursors: { [SHARED]: 3 } }), db);
  expect(await held(SHARED)).toEqual([OWNER, GONE].sort());
});
