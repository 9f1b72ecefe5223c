// Changing many tasks at once (./bulk.ts) loads when it is first used, not with the first screen.
import type { DaybookDb } from '../db/schema';
import type { BulkAction, BulkResult } from './bulk';

export type { BulkAction, BulkResult, BulkSkip } from './bulk';

/** The most tasks one action changes (SPEC §18); the same as ./bulk.ts checks. */
export const BULK_LIMIT = 1000;
export const BULK_TOO_MANY = `Select at most ${BULK_LIMIT.toLocaleString('en')} tasks at once`;

export const bulk = {
  edit: async (ids: readonly string[], action: BulkAction, db?: DaybookDb, today?: string): Promise<BulkResult> =>
    (await import('./bulk')).bulk.edit(ids, action, db, today),
  undo: async (result: Pick<BulkResult, 'undo'>, db?: DaybookDb): Promise<BulkResult> => (await import('./bulk')).bulk.undo(result, db),
};
