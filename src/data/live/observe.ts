// Live queries without React (the sync engine, benches): same re-run rules as the hooks.
import { liveInOrder } from './in-order';

/** Calls `onValue` with the query's result now and after every write that can change it. */
export function observe<T>(query: () => T | Promise<T>, onValue: (value: T) => void, onError?: (err: unknown) => void): () => void {
  const subscription = liveInOrder(query, { next: onValue, error: onError ?? ((err) => console.error(err)) });
  return () => subscription.unsubscribe();
}
