// Pure pieces of list reordering, shared by drag and keyboard moves.
import type { MoveTarget } from '@/data';
import { t } from './messages';

/** A copy of `items` with the item at `from` moved to index `to`. */
export function arrayMove<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/**
 * The data layer's move target that puts ids[from] at index `to` of `ids`, or null when nothing
 * moves. One-sided on purpose: "right before the next one" (or "right after the previous one" at
 * the end) lets the data layer pick the neighbour by stored position, so a list pinned above the
 * orderable ones (the Inbox) keeps its place.
 */
export function moveTargetFor(ids: readonly string[], from: number, to: number): MoveTarget | null {
  if (from === to || from < 0 || from >= ids.length || to < 0 || to >= ids.length) return null;
  const arranged = arrayMove(ids, from, to);
  const next = arranged[to + 1];
  if (next !== undefined) return { before: next };
  const prev = arranged[to - 1];
  return prev !== undefined ? { after: prev } : null;
}

/**
 * Where a dragged row lands: its index among the rows once it is dropped with its centre at
 * `draggedCenter`. `centers` are the rows' resting centres in display order.
 */
export function dropIndex(centers: readonly number[], draggedIndex: number, draggedCenter: number): number {
  let index = 0;
  for (const [i, center] of centers.entries()) {
    if (i !== draggedIndex && center < draggedCenter) index++;
  }
  return index;
}

/** What the live region says after a move, e.g. "Work moved to position 2 of 4". */
export function movedAnnouncement(name: string, index: number, count: number): string {
  return t('lists.moved', { name, position: index + 1, count });
}
