// List edits: build the change's args from what the user asked (positions, only the fields
// that change), then commit it through its pure apply (../mutations/lists.ts).
import { ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { List, ListColor, ListPatch } from '@/domain/model';
import { positionAfter } from '@/lib/order';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toList } from '../db/schema';
import { INBOX_UNDELETABLE, LIST_MISSING } from '../mutations/checks';
import { lastListPosition } from '../read/queries';
import { loadMutationCore } from './core-loader';
import { write } from './transaction';
import { check, commit } from './commit';
import { type MoveTarget, positionFor } from './move-target';

export interface NewList {
  name: string;
  color?: ListColor;
}

async function liveList(db: DaybookDb, id: string) {
  const row = await db.lists.get(id);
  if (!row || row.state === STATE.deleted) throw new ValidationError('id', LIST_MISSING);
  return row;
}

/** `id` is for import only: keeping an exported list's id when it is free on this device. */
async function createList(input: NewList, db: DaybookDb = getDb(), id: string = newId()): Promise<List> {
  const { checkColor, normalizeListName } = await loadMutationCore();
  const name = normalizeListName(input.name);
  const color = checkColor(input.color ?? 'grey');
  return write(db, async (enqueue) => {
    const position = positionAfter(await lastListPosition(db));
    const { lists } = await commit(db, enqueue, 'list.create', { id, name, color, position });
    return lists![0]!;
  });
}

/** Only fields that differ from the stored row reach the patch; an empty patch writes nothing. */
async function updateList(id: string, patch: ListPatch, db: DaybookDb = getDb()): Promise<List> {
  const { checkColor, normalizeListName } = await loadMutationCore();
  const clean: ListPatch = {};
  if ('name' in patch) clean.name = normalizeListName(patch.name);
  if ('color' in patch) clean.color = checkColor(patch.color);
  if ('position' in patch) {
    if (typeof patch.position !== 'string' || !patch.position) throw new ValidationError('position', 'Invalid position');
    clean.position = patch.position;
  }
  return write(db, async (enqueue) => {
    const row = await liveList(db, id);
    const changed: ListPatch = {};
    for (const [key, value] of Object.entries(clean) as [keyof ListPatch, string][]) {
      if (row[key] !== value) Object.assign(changed, { [key]: value });
    }
    if (Object.keys(changed).length === 0) {
      // nothing to send, but a viewer or editor still hears that they can't
      await check(db, 'list.update', { id, patch: {} });
      return toList(row);
    }
    const { lists } = await commit(db, enqueue, 'list.update', { id, patch: changed });
    return lists![0]!;
  });
}

async function moveList(id: string, target: MoveTarget, db: DaybookDb = getDb()): Promise<List> {
  // One transaction: the nested update joins it, so the position is computed and written atomically.
  return write(db, async () => {
    const row = await liveList(db, id);
    const live = await db.lists.where('[state+position]').between([STATE.open, ''], [STATE.open, '\uffff']).toArray();
    const position = positionFor(
      live.filter((l) => l.id !== row.id),
      target,
    );
    return updateList(id, { position }, db);
  });
}

async function deleteList(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await liveList(db, id);
    if (row.is_inbox) throw new ValidationError('id', INBOX_UNDELETABLE);
    await commit(db, enqueue, 'list.delete', { id });
  });
}

async function restoreList(id: string, db: DaybookDb = getDb()): Promise<List> {
  return write(db, async (enqueue) => {
    const row = await db.lists.get(id);
    if (!row) throw new ValidationError('id', LIST_MISSING);
    if (row.state !== STATE.deleted) return toList(row);
    const { lists } = await commit(db, enqueue, 'list.restore', { id });
    return lists![0]!;
  });
}

async function leaveList(listId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    await commit(db, enqueue, 'list.leave', { list_id: listId });
  });
}

export const lists = {
  create: createList,
  update: updateList,
  move: moveList,
  delete: deleteList,
  restore: restoreList,
  leave: leaveList,
};
