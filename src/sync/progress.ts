// How far a run's pull has got, for the progress bar a large backlog calls for (a new device's
// first sync, or coming back after a long time away). The server counts what is left only when
// asked — on a run's first page — so the total is that page's rows plus its `remaining`, and each
// later page adds its rows to `received`. Pure, so every case is in a table test.
import type { PullResult } from '@/domain/model';

export interface PullProgress {
  /** Rows pulled and stored in this run so far (lists, members, tasks, departures). */
  received: number;
  /** Rows this run will pull: the first page's rows plus what the server counted past it. */
  total: number;
}

/** Rows of every kind in one page (what `remaining` counts in). */
export function pageRows(page: Pick<PullResult, 'lists' | 'members' | 'tasks' | 'departed' | 'steps'>): number {
  return page.lists.length + page.members.length + page.tasks.length + page.departed.length + (page.steps?.length ?? 0);
}

/**
 * Progress after a page has been stored. `previous` is null on a run's first page. Null when
 * there is nothing worth a bar: the first page held everything (no page follows), or the server
 * did not count (an older server). Rows that arrive while pulling, or come back after a refusal
 * rewound a cursor, raise the total rather than run past it.
 */
export function progressAfter(
  previous: PullProgress | null,
  page: Pick<PullResult, 'lists' | 'members' | 'tasks' | 'departed' | 'has_more' | 'remaining'>,
  first: boolean,
): PullProgress | null {
  const rows = pageRows(page);
  if (first) {
    if (!page.has_more || typeof page.remaining !== 'number') return null;
    return { received: rows, total: rows + page.remaining };
  }
  if (!previous) return null;
  const received = previous.received + rows;
  return { received, total: Math.max(previous.total, received) };
}
