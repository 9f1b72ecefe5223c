// Changing many tasks at once (./bulk.ts) loads when it is first used, not with the first screen.
import { formatNumber } from '@/lib/i18n/format';
import type { DaybookDb } from '../db/schema';
import { t } from './messages';
import type { BulkAction, BulkResult } from './bulk';

export type { BulkAction, BulkResult, BulkSkip } from './bulk';

/** The most tasks one action changes (SPEC §18); the same as ./bulk.ts checks. */
export const BULK_LIMIT = 1000;
export const BULK_TOO_MANY = `Select at most ${BULK_LIMIT.toLocaleString('en')} tasks at once`;

/** BULK_TOO_MANY in the current language, its number written as the language writes it. */
export function bulkTooMany(): string {
  return t('write.bulkTooMany', { count: formatNumber(BULK_LIMIT) });
}

export const bulk = {
  edit: async (ids: readonly string[], action: BulkAction, db?: DaybookDb, today?: string): Promise<BulkResult> =>
    (await import('./bulk')).bulk.edit(ids, action, db, today),
  undo: async (result: Pick<BulkResult, 'undo'>, db?: DaybookDb): Promise<BulkResult> => (await import('./bulk')).bulk.undo(result, db),
};
