// What the sync centre lists, kept live: the oldest queued changes, how many there are, the
// changes the server refused, and the names of what they touch (to describe them in words).
import { useEffect, useState } from 'react';
import type { Subjects } from '@/sync-status/change-text';
import { type DaybookDb, observe, outboxCount, refusedEntries } from '@/data';
import { changeSubjects, pendingMutations } from '@/data/sync';
import { useDb } from '@/data/react';
import type { Mutation, RefusedEntry } from '@/domain/model';

export interface SyncQueue {
  /** The oldest queued changes, at most the limit. */
  queued: Mutation[];
  queuedTotal: number;
  refused: RefusedEntry[];
  subjects: Subjects;
}

export function useSyncQueue(limit = 50): SyncQueue | undefined {
  const db = useDb();
  const [value, setValue] = useState<{ db: DaybookDb; queue: SyncQueue }>();
  useEffect(
    () =>
      observe(
        async () => {
          const queued = await pendingMutations(limit, db);
          const queuedTotal = await outboxCount(db);
          const refused = await refusedEntries(db);
          const subjects = await changeSubjects([...queued, ...refused], db);
          return { queued, queuedTotal, refused, subjects };
        },
        (queue) => setValue({ db, queue }),
      ),
    [db, limit],
  );
  // Nothing from the previous database after signing in or out.
  return value?.db === db ? value.queue : undefined;
}
