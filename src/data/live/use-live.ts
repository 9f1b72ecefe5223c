// Live reads for React: dexie-react-hooks' useLiveQuery, with the query's first run queued (./first-runs.ts)
// and its first result rendered as a transition. Same re-run rules; `undefined` (or the default)
// until the first result; errors are thrown to the error boundary.
import { useObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';
import type { DaybookDb } from '../db/schema';
import { queuedLiveQuery } from './first-runs';

/** `querier`'s live result on `db`; `deps` name everything it reads, as useLiveQuery's do. */
export function useLive<T>(db: DaybookDb, querier: () => T | Promise<T>, deps: unknown[]): T | undefined {
  return useObservable(() => queuedLiveQuery(db, querier, startTransition), deps);
}
