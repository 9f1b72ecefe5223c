// Holders (./cache.ts `Holder`) served inside live queries: a result kept from this handle's rows
// other than an index range (a saved filter's tasks), patched by the cache from each commit.
// Apart from the cache so the first screen, which keeps no holders, does not load this.
import Dexie, { RangeSet } from 'dexie';
import { type HandleState, type Holder, handleState, markHeldServed } from './cache';

/** Holders kept per handle (least recently used dropped first). */
const MAX_HOLDERS = 8;

/** This handle's state, inside a live query outside any transaction; undefined elsewhere. */
function liveState(db: Dexie): { state: HandleState; subscr: Record<string, RangeSet> } | undefined {
  const subscr = (Dexie.Promise as unknown as { PSD?: { subscr?: Record<string, RangeSet> } }).PSD?.subscr;
  if (!subscr || Dexie.currentTransaction) return undefined;
  const state = handleState(db);
  return state && { state, subscr };
}

/**
 * Inside a live query: the holder kept under `key`, or undefined. The live query is told to run
 * again on any change to the holder's tables, as a read of each whole table would.
 */
export function heldValue<H extends Holder>(db: Dexie, key: string): H | undefined {
  const live = liveState(db);
  const holder = live?.state.holders.get(key);
  if (!live || !holder) return undefined;
  live.state.holders.delete(key); // most recently used last
  live.state.holders.set(key, holder);
  for (const table of holder.tables) {
    live.subscr[`idb://${live.state.name}/${table}/`] ??= new RangeSet();
    live.subscr[`idb://${live.state.name}/${table}/`]?.add(new RangeSet(Dexie.minKey, Dexie.maxKey));
  }
  markHeldServed();
  return holder as H;
}

/** Where this handle stands: pass it to `hold` with what was read after it. */
export function holdMark(db: Dexie): number | undefined {
  return liveState(db)?.state.generation;
}

/** Keeps `holder` under `key`, unless a commit or a change from elsewhere came since `mark`. */
export function hold(db: Dexie, key: string, holder: Holder, mark: number | undefined): void {
  const state = handleState(db);
  if (!state || mark === undefined || state.generation !== mark) return;
  state.holders.set(key, holder);
  if (state.holders.size > MAX_HOLDERS) state.holders.delete(state.holders.keys().next().value as string);
}

