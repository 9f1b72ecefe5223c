// Open tasks per list (the sidebar, Lists, a list's subtitle), as one live record made of one live
// count per list rather than one live query counting every list, which would re-run every count —
// a transaction and an index count per list — on each task write, between the new row and the
// frame that shows it. Dexie re-runs a live count only when a write touches its list's open range,
// so a quick add re-counts its own list alone.
// Shared by every reader of a database, like useSharedLive; undefined until every count has come.
import { useEffect, useReducer, useRef } from 'react';
import { observeQueued } from './first-runs';
import { countOpenTasks, openListIds } from '../read/queries';
import type { DaybookDb } from '../db/schema';
import { joinSource, notifyAll, type SharedSource } from './shared-source';

export type OpenCounts = Record<string, number>;

interface Store extends SharedSource {
  snapshot: OpenCounts | undefined;
  failed: { error: unknown } | null;
}

const stores = new WeakMap<DaybookDb, Store>();

function storeFor(db: DaybookDb): Store {
  let store = stores.get(db);
  if (!store) {
    store = { listeners: new Set(), snapshot: undefined, failed: null, stop: null };
    stores.set(db, store);
  }
  return store;
}

/** Watches the open lists and one count per list; returns what stops it all. */
function start(db: DaybookDb, store: Store): () => void {
  let ids: string[] | null = null;
  const counts = new Map<string, number>();
  const watching = new Map<string, () => void>();
  const notify = () => notifyAll(store);
  const fail = (error: unknown) => {
    store.failed = { error };
    notify();
  };
  const publish = () => {
    if (!ids) return;
    // The first record waits for every count (no list shown at 0 for a moment); after that a new
    // list's count joins when it comes.
    if (!store.snapshot && ids.some((id) => !counts.has(id))) return;
    store.snapshot = Object.fromEntries(ids.flatMap((id) => (counts.has(id) ? [[id, counts.get(id)!]] : [])));
    notify();
  };
  const stopIds = observeQueued(
    db,
    () => openListIds(db),
    (next) => {
      ids = next;
      const live = new Set(next);
      for (const [id, stop] of watching) {
        if (live.has(id)) continue;
        stop();
        watching.delete(id);
        counts.delete(id);
      }
      for (const id of next) {
        if (watching.has(id)) continue;
        watching.set(
          id,
          observeQueued(
            db,
            () => countOpenTasks(db, id),
            (n) => {
              if (!watching.has(id)) return; // a result on its way when the list went
              counts.set(id, n);
              publish();
            },
            fail,
          ),
        );
      }
      publish();
    },
    fail,
  );
  return () => {
    stopIds();
    for (const stop of watching.values()) stop();
    watching.clear();
  };
}

function subscribe(db: DaybookDb, store: Store, onChange: () => void): () => void {
  return joinSource(
    store,
    onChange,
    () => start(db, store),
    () => {
      store.snapshot = undefined;
      store.failed = null;
    },
  );
}

/**
 * Open tasks per live list id; undefined while loading. Errors go to the error boundary.
 * Not useSyncExternalStore: React renders a store's change synchronously, inside the IndexedDB
 * event that brought it — a new count would be drawn before the frame that shows the new row,
 * delaying it. A state update renders in React's next task, after that frame
 * when it is due, as the task lists' own live queries do (dexie-react-hooks).
 */
export function useOpenCounts(db: DaybookDb): OpenCounts | undefined {
  const store = storeFor(db);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const shown = useRef(store.snapshot);
  shown.current = store.snapshot;
  useEffect(() => {
    const stop = subscribe(db, store, rerender);
    // a record that came between the render and the subscription
    if (store.snapshot !== shown.current || store.failed) rerender();
    return stop;
  }, [db, store]);
  if (store.failed) throw store.failed.error;
  return store.snapshot;
}
