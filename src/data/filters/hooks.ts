// Live filter reads for React (SPEC §14.2), beside queries.ts: a filter and its tasks, re-run on
// every write that touches what they read.
import { useLive } from '../live/use-live';
import type { SavedFilter, Task } from '@/domain/model';
import { useDb } from '../db/use-db';
import { filterTasks, getFilter } from './queries';

export function useFilter(id: string): SavedFilter | null | undefined {
  const db = useDb();
  return useLive(db, () => getFilter(id, db), [db, id]);
}

export function useFilterTasks(filter: SavedFilter | null | undefined, today: string): Task[] | undefined {
  const db = useDb();
  return useLive(db, async () => (filter ? filterTasks(filter, today, db) : []), [db, filter, today]);
}
