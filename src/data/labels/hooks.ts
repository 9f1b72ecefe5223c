// Live label reads for React (SPEC §14.1), beside queries.ts.
import type { Label } from '@/domain/model';
import { useDb } from '../db/use-db';
import { useSharedLive } from '../live/shared-live';
import { labelsByTask, listLabels } from './queries';

export function useLabels(): Label[] | undefined {
  const db = useDb();
  return useSharedLive(db, 'labels', () => listLabels(db));
}

/** One live map for every row on screen (each row reads its task's chips from it). */
export function useLabelsByTask(): Map<string, Label[]> | undefined {
  const db = useDb();
  return useSharedLive(db, 'labels-by-task', () => labelsByTask(db));
}
