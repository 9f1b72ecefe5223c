// Repeating tasks' edits (SPEC §11.1): completing one occurrence and its undo (./occurrences.ts,
// loaded on first use: the first screen only shows them); what a due date moved by hand does to
// the series is ./repeat-series.ts's restartPatch. The device computes the next date (src/domain/recurrence); the
// change carries it, so the server needs no RRULE expander and decides only "is the task still at
// that occurrence?" (../mutations/tasks-repeat.ts).
import Dexie from 'dexie';
import type { DaybookDb } from '../db/schema';

type Series = typeof import('./repeat-series');
let series: Promise<Series> | null = null;

/**
 * The rule arithmetic (src/domain/recurrence), loaded on first use. Callers await it before their
 * own transaction; one that already runs inside a caller's (a reminder's Complete) is kept alive
 * by Dexie.waitFor while the chunk loads, since awaiting anything but Dexie would commit it early.
 */
export function loadSeries(): Promise<Series> {
  series ??= import('./repeat-series').catch((err: unknown) => {
    series = null; // offline before the chunk was cached: try again next time
    throw err;
  });
  return Dexie.currentTransaction ? Dexie.waitFor(series) : series;
}

/** What completing an occurrence did, for the toast and its Undo. */
export interface OccurrenceDone {
  id: string;
  occurrence: string;
  /** The new due date; null = the series ended and the task is done. */
  next: string | null;
  /** This completion's id: its Undo takes back this completion only. */
  completion: string;
  /** The steps it unticked, the task starting them over: its Undo ticks them again. */
  steps?: string[];
}

type Occurrences = typeof import('./occurrences');
let occurrences: Promise<Occurrences> | null = null;

/** Completing an occurrence and its Undo, loaded on first use (and when idle), as loadSeries. */
export function loadOccurrences(): Promise<Occurrences> {
  occurrences ??= import('./occurrences').catch((err: unknown) => {
    occurrences = null;
    throw err;
  });
  return Dexie.currentTransaction ? Dexie.waitFor(occurrences) : occurrences;
}

export const repeatMutators = {
  completeOccurrence: async (id: string, today?: string, db?: DaybookDb): Promise<OccurrenceDone> =>
    (await loadOccurrences()).completeOccurrence(id, today, db),
  undoOccurrence: async (done: OccurrenceDone, db?: DaybookDb): Promise<void> => (await loadOccurrences()).undoOccurrence(done, db),
};
