// Never lose an edit, the device's side of a pull: a cursor reset made while a page
// was on its way survives the page, and a list's rows go when the list stops being
// visible even if its own row never arrived (no orphans after unsharing).
import { beforeEach, describe, expect, it } from 'vitest';
import { getCursors, type Identity, tasks } from '@/data';
import { applyPull, refuseLocally } from '@/data/sync';
import type { DaybookDb } from '@/data/db/schema';
import type { PullResult, Task } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const T0 = '2025-01-01T10:00:00.000Z';
const SHARED = '00000000-0000-4000-8000-00000000000a';

function page(over: Partial<PullResult>): PullResult {
  return { lists: [], members: [], tasks: [], departed: [], visible_lists: [me.inboxId], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over };
}

function sharedTask(id: string): Task {
  return {
    id, list_id: SHARED, title: `Theirs ${id.slice(-1)}`, notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
    position: `a${id.slice(-1)}`, created_by: 'someone', created_at: T0, updated_at: T0, deleted_at: null, version: 3,
  };
}

describe('a reset wins over an older page', () => {
  it('a cursor rewound by a refusal while a page was on its way stays rewound', async () => {
    const t = await tasks.create({ title: 'Mine' }, db);
    await applyPull(page({ cursors: { [me.inboxId]: 5 }, last_mutation_id: 1 }), db);
    await tasks.update(t.id, { title: 'Edited' }, db);
    const sent = await getCursors(db); // a pull leaves with these…
    // …and meanwhile the change is refused here, which rewinds the Inbox to pull the server's row again
    await refuseLocally([{ id: 2, error: { code: 'too_large', message: 'This change is too large to sync' } }], db);
    expect((await getCursors(db))[me.inboxId]).toBe(0);
    await applyPull(page({ cursors: { [me.inboxId]: 9 }, last_mutation_id: 1 }), db, sent);
    expect((await getCursors(db))[me.inboxId]).toBe(0);
  });
});

describe('orphans after unsharing', () => {
  it('tasks of a list whose own row never arrived go when the list is no longer visible', async () => {
    // the first page brought the shared list's tasks, and the pull was cut before its row came
    const rows = [sharedTask('00000000-0000-4000-8000-000000000001'), sharedTask('00000000-0000-4000-8000-000000000002')];
    await applyPull(page({ tasks: rows, visible_lists: [me.inboxId, SHARED], cursors: { [SHARED]: 3 }, has_more: true }), db);
    expect(await db.tasks.where('[list_id+state+position]').between([SHARED, 0, ''], [SHARED, 2, '\uffff']).count()).toBe(2);
    // unshared meanwhile: the next pull no longer lists it
    const outcome = await applyPull(page({ visible_lists: [me.inboxId] }), db);
    expect(await db.tasks.where('[list_id+state+position]').between([SHARED, 0, ''], [SHARED, 2, '\uffff']).count()).toBe(0);
    expect((await getCursors(db))[SHARED]).toBeUndefined();
    // it never showed, so nobody is told it went
    expect(outcome.purgedLists).toEqual([]);
  });

  it('members of a list whose row never arrived go too', async () => {
    await applyPull(page({ members: [{ list_id: SHARED, user_id: me.userId, email: 'me@example.test', role: 'editor' }], visible_lists: [me.inboxId, SHARED], cursors: { [SHARED]: 2 }, has_more: true }), db);
    await applyPull(page({ visible_lists: [me.inboxId] }), db);
    expect(await db.members.where('list_id').equals(SHARED).count()).toBe(0);
  });
});
