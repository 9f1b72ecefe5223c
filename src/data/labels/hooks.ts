// Live label reads for React (SPEC §14.1), beside queries.ts.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Label, Task } from '@/domain/model';
import { useDb } from '../db/use-db';
import { useSharedLive } from '../live/shared-live';
import { getLabel, labelsByTask, labelTasks, listLabels } from './queries';

export function useLabels(): Label[] | undefined {
  const db = useDb();
  return useSharedLive(db, 'labels', () => listLabels(db));
}

export function useLabel(id: string): Label | null | undefined {
  const db = useDb();
  return useLiveQuery(() => getLabel(id, db), [db, id]);
}

/** One live map for every row on screen (each row reads its task's chips from it). */
export function useLabelsByTask(): Map<string, Label[]> | undefined {
  const db = useDb();
  return useSharedLive(db, 'labels-by-task', () => labelsByTask(db));
}

export function useLabelTasks(labelId: string): Task[] | undefined {
  const db = useDb();
  return useLiveQuery(() => labelTasks(labelId, db), [db, labelId]);
}
