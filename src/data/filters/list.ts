// The person's saved filters by name, live (SPEC §14.2): what the sidebar and the Lists screen
// show. Apart from the rest of ./ so the first screen loads no predicate.
import type { SavedFilter } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { useDb } from '../db/use-db';
import { useSharedLive } from '../live/shared-live';

const byName = (a: SavedFilter, b: SavedFilter) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

export async function listFilters(db: DaybookDb = getDb()): Promise<SavedFilter[]> {
  return (await db.filters.toArray()).filter((f) => !f.deleted_at).sort(byName);
}

export function useFilters(): SavedFilter[] | undefined {
  const db = useDb();
  return useSharedLive(db, 'filters', () => listFilters(db));
}
