// A refusal that arrives for a change no longer queued (SPEC §12 "Refusals reach every
// device, once"). Since 20261125100000_refusal_pages a page never acknowledges a change whose
// refusal it does not carry; a server from before it did (page 1: refusal 2, last_mutation_id 3;
// page 2: refusal 3). The device then remembers what it dropped ahead of the refusal stream and
// records such a refusal from the server's name and args, undoing the change's local effect —
// once; a refusal of a change it handled before (refused, retried or discarded, or acknowledged
// with no refusal left to come) stays handled.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCursors, getTask, type Identity, tasks } from '@/data';
import { applyPull, createSyncStore, discardRefused } from '@/data/sync';
import { mergeCursors, REFUSED_CURSOR, requestCursors } from '@/data/sync/cursors';
import { getAckedAhead } from '@/data/sync/meta';
import type { DaybookDb } from '@/data/db/schema';
import type { PullResult, Task } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const T0 = '2025-01-01T10:00:00.000Z';
const deleted = { code: 'deleted' as const, message: 'This task was deleted on another device' };

function page(over: Partial<PullResult>): PullResult {
  return { lists: [], members: [], tasks: [], departed: [], visible_lists: [me.inboxId], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over };
}

function serverTask(t: Task, over: Partial<Task> = {}): Task {
  return { ...t, created_at: T0, updated_at: T0, version: 7, ...over };
}

/** A task the server has (mutation 1 acknowledged), edited twice here since (2 and 3); the stream at 1. */
async function twoEdits() {
  const plant = await tasks.create({ title: 'Water plants' });
  const sent = requestCursors(await getCursors(db));
  await applyPull(page({ tasks: [serverTask(plant)], last_mutation_id: 1, cursors: { [me.inboxId]: 7, [REFUSED_CURSOR]: 1 } }), db, sent);
  await tasks.update(plant.id, { title: 'Water the plants' });
  await tasks.update(plant.id, { notes: 'the fern too' });
  return plant;
}

const refusal = (id: number, plantId: string, patch: Record<string, string>) => ({ id, error: deleted, name: 'task.update', args: { id: plantId, patch } });

describe('a refusal for a change already dropped from the outbox', () => {
  it('from a server that acknowledged it a page early: recorded from the server’s name and args, its effect undone, once', async () => {
    const plant = await twoEdits();
    // page 1 of an old server: refusal 2 only, yet last_mutation_id 3, and more to come
    let sent = requestCursors(await getCursors(db));
    const first = await applyPull(
      page({ refused: [refusal(2, plant.id, { title: 'Water the plants' })], last_mutation_id: 3, has_more: true, cursors: { [me.inboxId]: 7, [REFUSED_CURSOR]: 2 } }),
      db,
      sent,
    );
    expect(first.refused.map((r) => r.id)).toEqual([2]);
    expect(await db.outbox.count()).toBe(0); // 3 acknowledged with the page
    expect([...(await getAckedAhead(db))]).toEqual([3]);
    expect((await getTask(plant.id))?.notes).toBe('the fern too');

    // page 2 brings refusal 3: the change is no longer queued, but it is not lost
    sent = requestCursors(await getCursors(db));
    const second = await applyPull(
      page({ refused: [refusal(3, plant.id, { notes: 'the fern too' })], last_mutation_id: 3, cursors: { [me.inboxId]: 0, [REFUSED_CURSOR]: 3 } }),
      db,
      sent,
    );
    expect(second.refused).toEqual([expect.objectContaining({ id: 3, name: 'task.update', args: { id: plant.id, patch: { notes: 'the fern too' } }, error: deleted })]);
    expect((await db.refused.orderBy('id').toArray()).map((r) => [r.id, r.name, r.args])).toEqual([
      [2, 'task.update', { id: plant.id, patch: { title: 'Water the plants' } }],
      [3, 'task.update', { id: plant.id, patch: { notes: 'the fern too' } }],
    ]);
    // undone as a queued change's refusal is: its list is pulled again from the start
    expect((await getCursors(db))[me.inboxId]).toBe(0);
    expect(await getAckedAhead(db)).toEqual(new Set());

    // sent again (a lost answer, asked again with the old cursor): not a second time
    const again = await applyPull(page({ refused: [refusal(3, plant.id, { notes: 'the fern too' })], last_mutation_id: 3 }), db, sent);
    expect(again.refused).toEqual([]);
    expect(await db.refused.count()).toBe(2);
  });

  it('a refused create acknowledged early loses its local row, as a queued one does', async () => {
    await twoEdits();
    const late = await tasks.create({ title: 'Repot' }); // 4
    let sent = requestCursors(await getCursors(db));
    await applyPull(page({ last_mutation_id: 4, has_more: true, cursors: { [REFUSED_CURSOR]: 1 } }), db, sent);
    expect(await getTask(late.id)).not.toBeNull();
    sent = requestCursors(await getCursors(db));
    const out = await applyPull(
      page({ refused: [{ id: 4, error: { code: 'not_found', message: 'gone' }, name: 'task.create', args: { id: late.id, list_id: me.inboxId, title: 'Repot', position: late.position } }], last_mutation_id: 4, cursors: { [REFUSED_CURSOR]: 4 } }),
      db,
      sent,
    );
    expect(out.refused.map((r) => [r.id, r.name])).toEqual([[4, 'task.create']]);
    expect(await getTask(late.id)).toBeNull();
  });

  it('one the app cannot describe still takes the rows back to the server’s, and says so in the console', async () => {
    await twoEdits();
    let sent = requestCursors(await getCursors(db));
    await applyPull(page({ last_mutation_id: 3, has_more: true, cursors: { [me.inboxId]: 7, [REFUSED_CURSOR]: 1 } }), db, sent);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sent = requestCursors(await getCursors(db));
    const out = await applyPull(page({ refused: [{ id: 2, error: deleted, name: 'task.fly', args: {} }], last_mutation_id: 3, cursors: { [me.inboxId]: 7, [REFUSED_CURSOR]: 2 } }), db, sent);
    expect(out.refused).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Change 2 was refused (deleted'));
    expect((await getCursors(db))[me.inboxId]).toBe(0);
    warn.mockRestore();
  });

  it('handled before — discarded after its refusal came — it stays gone', async () => {
    const plant = await twoEdits();
    const sent = requestCursors(await getCursors(db));
    await applyPull(
      page({ refused: [refusal(2, plant.id, { title: 'Water the plants' }), refusal(3, plant.id, { notes: 'the fern too' })], last_mutation_id: 3, cursors: { [REFUSED_CURSOR]: 3 } }),
      db,
      sent,
    );
    await discardRefused(2);
    // a server that sends it again (its cursor was not passed back): nothing comes back
    const again = await applyPull(page({ refused: [refusal(2, plant.id, { title: 'Water the plants' })], last_mutation_id: 3, cursors: { [REFUSED_CURSOR]: 3 } }), db, sent);
    expect(again.refused).toEqual([]);
    expect((await db.refused.toArray()).map((r) => r.id)).toEqual([3]);
  });

  it('acknowledged by a page that left no refusal waiting: a refusal of it later is an old one, not recorded again', async () => {
    const plant = await twoEdits();
    // the stream complete up to 3 (the page says nothing more waits): 2 and 3 were applied
    let sent = requestCursors(await getCursors(db));
    await applyPull(page({ last_mutation_id: 3, cursors: { [REFUSED_CURSOR]: 1 } }), db, sent);
    expect(await getAckedAhead(db)).toEqual(new Set());
    // e.g. a device from before the stream, sent its refusals again from the oldest kept
    sent = requestCursors(await getCursors(db));
    const out = await applyPull(page({ refused: [refusal(2, plant.id, { title: 'Water the plants' })], last_mutation_id: 3, cursors: { [REFUSED_CURSOR]: 2 } }), db, sent);
    expect(out.refused).toEqual([]);
    expect(await db.refused.count()).toBe(0);
  });

  it('from a server with refusal pages, nothing is remembered: its cursor is at the acknowledgment', async () => {
    const plant = await twoEdits();
    let sent = requestCursors(await getCursors(db));
    await applyPull(page({ refused: [refusal(2, plant.id, { title: 'Water the plants' })], last_mutation_id: 2, has_more: true, cursors: { [REFUSED_CURSOR]: 2 } }), db, sent);
    expect((await db.outbox.toArray()).map((m) => m.id)).toEqual([3]);
    expect(await getAckedAhead(db)).toEqual(new Set());
    sent = requestCursors(await getCursors(db));
    const out = await applyPull(page({ refused: [refusal(3, plant.id, { notes: 'the fern too' })], last_mutation_id: 3, cursors: { [REFUSED_CURSOR]: 3 } }), db, sent);
    expect(out.refused.map((r) => r.id)).toEqual([3]);
    expect(await db.meta.get('acked_ahead')).toBeUndefined();
  });
});

describe('the refusal stream’s position in every pull', () => {
  it('is sent from the first pull on (0 before any page), and the page’s is stored', async () => {
    const store = createSyncStore(db);
    const sent = await store.cursors();
    expect(sent).toMatchObject({ [REFUSED_CURSOR]: 0 });
    await store.applyPull(page({ cursors: { [me.inboxId]: 4, [REFUSED_CURSOR]: 9 }, last_mutation_id: 9 }), sent);
    expect(await store.cursors()).toMatchObject({ [me.inboxId]: 4, [REFUSED_CURSOR]: 9 });
  });

  it('a page’s refused cursor counts even when the device had none stored (it is never purged or reset)', () => {
    expect(mergeCursors({ a: 1 }, { a: 2, [REFUSED_CURSOR]: 5 }, { a: 1, [REFUSED_CURSOR]: 0 })).toEqual({ a: 2, [REFUSED_CURSOR]: 5 });
  });
});
