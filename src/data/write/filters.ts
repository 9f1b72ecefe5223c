// Saved filter edits (SPEC §14.2): make, change and delete a filter, each one transaction and one
// outbox entry through its pure apply (../mutations/filters.ts).
import { ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { checkFilterQuery, type FilterQuery, FILTER_MESSAGES, normalizeFilterName } from '@/domain/filters';
import type { SavedFilter } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { write } from './transaction';
import { commit } from './commit';

async function createFilter(name: string, query: FilterQuery, db: DaybookDb = getDb(), id: string = newId()): Promise<SavedFilter> {
  const clean = { id, name: normalizeFilterName(name), query: checkFilterQuery(query) as Record<string, unknown> };
  return write(db, async (enqueue) => (await commit(db, enqueue, 'filter.create', clean)).filters![0]!);
}

async function updateFilter(id: string, name: string, query: FilterQuery, db: DaybookDb = getDb()): Promise<void> {
  const patch = { name: normalizeFilterName(name), query: checkFilterQuery(query) as Record<string, unknown> };
  await write(db, async (enqueue) => {
    const row = await db.filters.get(id);
    if (!row || row.deleted_at) throw new ValidationError('id', FILTER_MESSAGES.missing);
    await commit(db, enqueue, 'filter.update', { id, patch });
  });
}

async function deleteFilter(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.filters.get(id);
    if (!row || row.deleted_at) return;
    await commit(db, enqueue, 'filter.delete', { id });
  });
}

export const filters = { create: createFilter, update: updateFilter, delete: deleteFilter };
