// Live range queries on `tasks` answered from memory after this tab's own writes, so the write →
// the list's live query → the new row path reads no IndexedDB. A Dexie middleware below Dexie's own cache and observation
// layers keeps, per database handle, the result of each index range that a live query read
// (the list screen's `[list_id+state+position]` range, Today's date ranges). When one of this
// tab's read-write transactions commits, the rows it wrote are patched into those results (as
// RxDB's event-reduce does), so the live query's re-run after the commit reads memory instead of
// IndexedDB. Nothing is patched before the commit: a transaction that fails changes nothing here.
// Changes this handle did not write itself — another tab, the service worker, another handle on
// the same database, a range delete, a write of many rows — drop the results instead, and the
// next run reads IndexedDB as before.
//
// The same handle state keeps what a task create needs besides the task (`WriteMemory`): each
// list's last position, the list's row and the person's membership row, filled from a create's
// reads and kept current from every write this handle makes (a pull's too), so the next create
// in that list reads only the mutation counter. Dropped with the results above, and on any failed
// transaction that wrote those tables.
import Dexie, { type IndexableType, RangeSet, type DBCore, type DBCoreMutateRequest, type DBCoreQueryRequest, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import { type Key, keyText, type Op, patch, type Range, type Result } from './patch';

/** Tables whose live range queries are kept (each one also logged below). */
const KEPT_TABLES = new Set(['tasks']);
/** Tables whose committed writes are passed on: to the kept results, and to the holders (saved filters read them all). */
const LOGGED_TABLES = new Set(['tasks', 'task_labels', 'lists', 'labels']);
/** Results kept per handle (least recently used dropped first). */
const MAX_RESULTS = 24;
/** Up to this many rows, a live query answered from memory observes each row's key; past it, the whole table. */
const OBSERVED_KEYS = 64;
/** A transaction writing more rows than this drops the results rather than patching them (a pull's big page). */
const MAX_PATCHED_ROWS = 100;

interface TxLog {
  ops: Op[];
  /** Tables written in a way that cannot be patched (range delete, failures, many rows). */
  dropped: Set<string>;
  /** The write memory took some of its writes. */
  remembered: boolean;
  /** List and membership rows it wrote, for the memory once it commits. */
  rows: { rows: Map<string, object | null>; key: string; value: object | null }[];
  /** The memory's generation when it first wrote one. */
  memoryGeneration?: number;
}
/**
 * What this handle knows for writes, as of its own latest writes (made or in flight): per list
 * id, the highest position among its live tasks (undefined: not known); list rows and
 * membership rows by their keys (null: known to be absent).
 */
export interface WriteMemory {
  lastPosition: Map<string, string | null>;
  lists: Map<string, object | null>;
  /** Keyed by `list_id/user_id` (the mutations' memberKey). */
  members: Map<string, object | null>;
  /** The outbox counter after this handle's latest queued change (write/counter.ts checks it). */
  nextMutationId?: number;
  /** Bumped when the memory is dropped: a read that started before it is not kept. */
  generation: number;
}
/**
 * A result kept from this handle's rows other than an index range (a saved filter's tasks),
 * told each committed write of its tables; it answers false when it cannot take one, and is
 * then dropped (its next read starts afresh).
 */
export interface Holder {
  readonly tables: ReadonlySet<string>;
  take(op: Op): boolean;
}
export interface HandleState {
  name: string;
  results: Map<string, Result>;
  holders: Map<string, Holder>;
  /** Bumped on every commit or drop: a read that started before it is not kept. */
  generation: number;
  memory: WriteMemory;
}

/** The tables the write memory follows. */
const REMEMBERED_TABLES = new Set(['tasks', 'lists', 'members']);

/** Every handle's state by database name: a commit on one handle drops the others' results. */
const handles = new Map<string, Set<HandleState>>();
/** The changed-parts objects of commits seen here, so Dexie's event for them is not taken for a foreign change. */
const localParts = new WeakSet<object>();

function forget(memory: WriteMemory): void {
  memory.lastPosition.clear();
  memory.lists.clear();
  memory.members.clear();
  memory.nextMutationId = undefined;
  memory.generation++;
}

function drop(state: HandleState): void {
  state.results.clear();
  state.holders.clear();
  state.generation++;
  forget(state.memory);
}

/**
 * Folds one write of this handle into its memory when the write is asked for. A task's position
 * only ever raises its list's last position (too high still appends at the end, so a write that
 * fails later does no harm). A list or membership row is unknown while its transaction is in
 * flight (a create then reads it, after that transaction) and known again from its commit.
 */
function remember(memory: WriteMemory, table: string, req: DBCoreMutateRequest, log: TxLog): void {
  if (req.type === 'deleteRange') {
    forget(memory);
    return;
  }
  if (table === 'tasks') {
    if (req.type === 'delete') return; // a task row gone leaves its list's last position too high at most
    for (const value of req.values as Record<string, unknown>[]) {
      const list = value.list_id as string;
      const position = value.position as string;
      const last = memory.lastPosition.get(list);
      if (last !== undefined && value.state !== 2 && (last === null || position > last)) memory.lastPosition.set(list, position);
    }
    return;
  }
  const keyOf = (key: unknown) => (Array.isArray(key) ? `${key[0]}/${key[1]}` : (key as string));
  const rows = table === 'lists' ? memory.lists : memory.members;
  const written: [string, object | null][] =
    req.type === 'delete'
      ? req.keys.map((key) => [keyOf(key), null])
      : (req.values as Record<string, unknown>[]).map((v) => [table === 'lists' ? (v.id as string) : `${v.list_id}/${v.user_id}`, structuredClone(v)]);
  log.memoryGeneration ??= memory.generation;
  for (const [key, value] of written) {
    rows.delete(key);
    log.rows.push({ rows, key, value });
  }
}

/** The key under which the handle's state rides up its middleware stack (each level spreads the one below). */
const STATE_KEY = 'daybookLiveCache';

/** This handle's write memory; undefined before it is open. */
export function writeMemory(db: Dexie): WriteMemory | undefined {
  return handleState(db)?.memory;
}

// Changes from elsewhere (other tabs and workers, by Dexie's BroadcastChannel; `all` on a page
// shown from the back-forward cache). Dexie calls this before it deletes its own cache entries
// and re-runs the live queries they fed, so those re-runs read IndexedDB.
//
// Dexie calls its newest listeners first, so the live queries that `heldRows` answered have run
// again, from memory, before this listener drops it: the change is announced once more for them,
// and they run from IndexedDB. (Inside Dexie's propagation of another tab's change, this second
// announcement is not broadcast again.)
let reannouncing = false;
/** A live query was answered by `heldRows` since the last drop for a change from elsewhere. */
let heldServed = false;

Dexie.on('storagemutated', (parts: Record<string, unknown>) => {
  if (localParts.has(parts) || reannouncing) return;
  const names = Object.keys(parts);
  let held = false;
  for (const [name, states] of handles) {
    const hit = 'all' in parts || names.some((part) => [...LOGGED_TABLES].some((t) => part.startsWith(`idb://${name}/${t}/`)));
    if (!hit) continue;
    for (const state of states) {
      if (state.results.size || state.holders.size) held = true;
      drop(state);
    }
  }
  if (held && heldServed) {
    heldServed = false;
    reannouncing = true;
    try {
      Dexie.on.storagemutated.fire(parts as never);
    } finally {
      reannouncing = false;
    }
  }
});

function committed(state: HandleState, log: TxLog, parts: object | undefined): void {
  if (parts) localParts.add(parts);
  if (log.memoryGeneration === state.memory.generation) for (const { rows, key, value } of log.rows) rows.set(key, value);
  if (log.ops.length === 0 && log.dropped.size === 0 && !log.remembered) return;
  // other handles on the same database did not see these writes
  for (const other of handles.get(state.name) ?? []) if (other !== state) drop(other);
  if (log.ops.length === 0 && log.dropped.size === 0) return;
  state.generation++;
  for (const [key, result] of state.results) {
    if (log.dropped.has(result.table)) {
      state.results.delete(key);
      continue;
    }
    for (const op of log.ops) if (op.table === result.table) result.rows = patch(result, op);
  }
  for (const [key, holder] of state.holders) {
    const takes = [...log.dropped].every((t) => !holder.tables.has(t)) && log.ops.every((op) => !holder.tables.has(op.table) || holder.take(op));
    if (!takes) state.holders.delete(key);
  }
}

/** A text naming the range read, or null when the read is not one this cache keeps. */
function resultKey(table: string, req: DBCoreQueryRequest): string | null {
  const trans = req.trans as DBCoreTransaction & { mode?: string; _explicit?: boolean };
  const psd = (Dexie.Promise as unknown as { PSD?: { subscr?: unknown } }).PSD;
  // only the reads Dexie's own cache takes (a live query, outside an explicit transaction), so a
  // result handed out is always cloned by that cache before it reaches the caller
  if (!psd?.subscr || trans.mode !== 'readonly' || trans._explicit) return null;
  const { index, range } = req.query;
  if (!req.values || (req.limit !== undefined && req.limit !== Infinity) || (req.direction && req.direction !== 'next')) return null;
  if (index.multiEntry || (!index.isPrimaryKey && index.keyPath === null)) return null;
  return rangeKey(table, index.name ?? '', range);
}

function rangeKey(table: string, indexName: string, range: Range): string | null {
  const lower = keyText(range.lower);
  const upper = keyText(range.upper);
  if (lower === null || upper === null) return null;
  return `${table}|${indexName}|${range.type}|${lower}|${upper}|${range.lowerOpen ? 1 : 0}${range.upperOpen ? 1 : 0}`;
}

/**
 * Inside a live query (and outside any transaction): the rows held for `where(index).between(lower,
 * upper)` on `table`, without asking Dexie — so none of its per-read work (a transaction, the
 * cache's copy, observing each returned key) — or undefined when none are held. The live query is
 * told to run again on a change to the index range or to one of the rows (to any row of the
 * table, past OBSERVED_KEYS rows: a run from memory after one of this tab's writes is cheap, one
 * after a change from elsewhere reads IndexedDB). The rows are shared: callers map them, never
 * change them.
 */
export function heldRows(db: Dexie, table: string, indexName: string, lower: Key, upper: Key): readonly unknown[] | undefined {
  const subscr = (Dexie.Promise as unknown as { PSD?: { subscr?: Record<string, RangeSet> } }).PSD?.subscr;
  if (!subscr || Dexie.currentTransaction) return undefined;
  const state = handleState(db);
  const key = rangeKey(table, indexName, { type: 2, lower, upper, lowerOpen: false, upperOpen: true });
  const kept = state && key !== null ? state.results.get(key) : undefined;
  if (!state || !kept) return undefined;
  state.results.delete(key as string); // most recently used last
  state.results.set(key as string, kept);
  const part = (name: string) => {
    subscr[name] ??= new RangeSet();
    return subscr[name];
  };
  part(`idb://${state.name}/${table}/${indexName}`).add(new RangeSet(lower as IndexableType, upper as IndexableType));
  // each row's key, as Dexie's own read would; past a few dozen rows, every key (observing each
  // key costs more than a run from memory after a write elsewhere in the table)
  const rows = part(`idb://${state.name}/${table}/`);
  if (kept.rows.length <= OBSERVED_KEYS) rows.addKeys(kept.rows.map((row) => kept.extractPrimaryKey(row) as IndexableType));
  else rows.add(new RangeSet(Dexie.minKey, Dexie.maxKey));
  heldServed = true;
  return kept.rows;
}

/** This handle's state, for what keeps holders (./holders.ts, loaded with the filter screens). */
export function handleState(db: Dexie): HandleState | undefined {
  return db.isOpen() ? (db.core as unknown as Record<string, HandleState | undefined>)[STATE_KEY] : undefined;
}

/** A live query was answered from something held: a change from elsewhere is announced again for it. */
export function markHeldServed(): void {
  heldServed = true;
}

export const liveCacheMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'DaybookLiveCache',
  // below Dexie's own layers (cache and observation at 0): its 'complete' listener runs before
  // Dexie's cache re-runs the live queries a commit touched
  level: -2,
  create(down: DBCore): Partial<DBCore> {
    const memory: WriteMemory = { lastPosition: new Map(), lists: new Map(), members: new Map(), generation: 0 };
    const state: HandleState = { name: down.schema.name, results: new Map(), holders: new Map(), generation: 0, memory };
    const states = handles.get(state.name) ?? new Set();
    handles.set(state.name, states);
    states.add(state);
    const logs = new WeakMap<object, TxLog>();
    const core: Partial<DBCore> & { [STATE_KEY]: HandleState } = {
      [STATE_KEY]: state,
      transaction(stores, mode, options) {
        const tx = down.transaction(stores, mode, options);
        if (mode === 'readwrite') {
          const log: TxLog = { ops: [], dropped: new Set(), remembered: false, rows: [] };
          logs.set(tx, log);
          const idb = tx as unknown as EventTarget & { mutatedParts?: object };
          idb.addEventListener('complete', () => committed(state, log, idb.mutatedParts));
        }
        return tx;
      },
      table(name: string): DBCoreTable {
        const table = down.table(name);
        if (!REMEMBERED_TABLES.has(name) && !LOGGED_TABLES.has(name)) return table;
        const rememberWrite = (req: DBCoreMutateRequest) => {
          if (!REMEMBERED_TABLES.has(name)) return;
          const log = logs.get(req.trans);
          if (!log) return forget(memory);
          log.remembered = true;
          remember(memory, name, req, log);
        };
        if (!LOGGED_TABLES.has(name)) {
          return {
            ...table,
            mutate(req: DBCoreMutateRequest) {
              rememberWrite(req);
              return table.mutate(req).then((res) => {
                if (res.numFailures) forget(memory); // it took rows that were not written
                return res;
              });
            },
          };
        }
        const extractPrimaryKey = table.schema.primaryKey.extractKey as (row: unknown) => Key;
        const mutate = (req: DBCoreMutateRequest) => {
            rememberWrite(req);
            const log = logs.get(req.trans);
            if (!log) drop(state); // a transaction not opened through here (an upgrade)
            else {
              if ((req.type === 'add' || req.type === 'put') && req.values.length <= MAX_PATCHED_ROWS && !table.schema.primaryKey.outbound) {
                // a copy: the caller's objects may change after the write
                log.ops.push({ table: name, put: req.values.map((v) => structuredClone(v)) });
              } else if (req.type === 'delete' && req.keys.length <= MAX_PATCHED_ROWS) {
                log.ops.push({ table: name, del: [...req.keys] });
              } else log.dropped.add(name);
            }
            return table.mutate(req).then(
              (res) => {
                if (res.numFailures && log) {
                  log.dropped.add(name);
                  forget(memory); // it took rows that were not written
                }
                return res;
              },
              (err: unknown) => {
                log?.dropped.add(name);
                throw err;
              },
            );
        };
        if (!KEPT_TABLES.has(name)) return { ...table, mutate };
        return {
          ...table,
          mutate,
          query(req: DBCoreQueryRequest) {
            const key = resultKey(name, req);
            if (key === null) return table.query(req);
            const kept = state.results.get(key);
            if (kept) {
              state.results.delete(key); // most recently used last
              state.results.set(key, kept);
              return Dexie.Promise.resolve({ result: kept.rows.slice() });
            }
            const generation = state.generation;
            const { index, range } = req.query;
            const extractIndexKey = (index.isPrimaryKey ? extractPrimaryKey : index.extractKey) as (row: unknown) => Key;
            return table.query(req).then((res) => {
              if (state.generation === generation) {
                state.results.set(key, { table: name, extractIndexKey, extractPrimaryKey, range, rows: res.result.slice() });
                if (state.results.size > MAX_RESULTS) state.results.delete(state.results.keys().next().value as string);
              }
              return res;
            });
          },
        };
      },
    };
    return core;
  },
};
