// One live query per database and key, however many components read it. Every task row asks
// for this user's identity and its list's members (its role); with one Dexie live query per row a
// long Today would hold one per rendered row, and Dexie does work for every live query on every
// write — it merges the write's changed ranges into each one's set — before the new row is drawn.
// So rows share one query per key.
// Same re-run rules as useLiveQuery; `undefined` until the first result; errors are thrown to the
// error boundary. A key's query stops when its last reader goes, and starts afresh on the next.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { observeQueued } from './first-runs';
import type { DaybookDb } from '../db/schema';
import { joinSource, notifyAll, type SharedSource } from './shared-source';

interface Entry extends SharedSource {
  db: DaybookDb;
  query: () => Promise<unknown>;
  value: unknown;
  failed: { error: unknown } | null;
}

const byDb = new WeakMap<DaybookDb, Map<string, Entry>>();

function entryFor(db: DaybookDb, key: string, query: () => Promise<unknown>): Entry {
  let entries = byDb.get(db);
  if (!entries) {
    entries = new Map();
    byDb.set(db, entries);
  }
  let entry = entries.get(key);
  if (!entry) {
    entry = { db, query, value: undefined, failed: null, listeners: new Set(), stop: null };
    entries.set(key, entry);
  }
  return entry;
}

function subscribe(entry: Entry, onChange: () => void): () => void {
  return joinSource(
    entry,
    onChange,
    () =>
      observeQueued(
        entry.db,
        entry.query,
        (value) => {
          entry.value = value;
          entry.failed = null;
          notifyAll(entry);
        },
        (error) => {
          entry.failed = { error };
          notifyAll(entry);
        },
      ),
    () => {
      entry.value = undefined;
      entry.failed = null;
    },
  );
}

function read(entry: Entry): unknown {
  if (entry.failed) throw entry.failed.error;
  return entry.value;
}

/**
 * The live result of `query` on `db`, shared by every reader of the same `key` (the key must name
 * everything the query reads, as useLiveQuery's deps do).
 */
export function useSharedLive<T>(db: DaybookDb, key: string, query: () => Promise<T>): T | undefined {
  // The first reader's query serves the key; the key says what it reads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query
  const entry = useMemo(() => entryFor(db, key, query), [db, key]);
  const onSubscribe = useCallback((onChange: () => void) => subscribe(entry, onChange), [entry]);
  const snapshot = useCallback(() => read(entry) as T | undefined, [entry]);
  return useSyncExternalStore(onSubscribe, snapshot, snapshot);
}
