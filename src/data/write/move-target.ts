// Where a moved row goes among its siblings, as a fractional position.
import { ValidationError } from '@/lib/errors';
import { positionBetween, spacedPositions } from '@/lib/order';

/** Where to put a moved row: right after `after`, right before `before`, or between both. */
export interface MoveTarget {
  /** Id of the row that should follow the moved one; `null` = move to the end. */
  before?: string | null;
  /** Id of the row that should precede the moved one; `null` = move to the start. */
  after?: string | null;
}

interface Sibling {
  id: string;
  position: string;
}

function indexOf(siblings: readonly Sibling[], id: string): number {
  const i = siblings.findIndex((s) => s.id === id);
  if (i < 0) throw new ValidationError('position', 'Move target not found');
  return i;
}

export function positionFor(siblings: Sibling[], target: MoveTarget): string {
  const index = (id: string) => indexOf(siblings, id);
  let lo: number;
  if (target.after !== undefined && target.after !== null) lo = index(target.after);
  else if (target.before !== undefined && target.before !== null) lo = index(target.before) - 1;
  else if (target.after === null) lo = -1;
  else lo = siblings.length - 1;
  const prev = siblings[lo]?.position ?? null;
  const next =
    target.before !== undefined && target.before !== null
      ? (siblings[index(target.before)]?.position ?? null)
      : (siblings[lo + 1]?.position ?? null);
  return positionBetween(prev, next);
}

/** A move's writes: the moved row's position, and the siblings re-spaced to make room for it. */
export interface Placement {
  position: string;
  respaced: Sibling[];
}

/**
 * Where a moved row lands among `siblings` (in order, without it). Between two siblings that
 * share a position (made on two devices at once) there is no key: the tie and the moved row get
 * fresh positions between the nearest siblings that differ, so the move always moves. Only the
 * rows of the tie are rewritten; a move between distinct neighbours writes the moved row alone.
 */
export function placementFor(siblings: readonly Sibling[], target: MoveTarget): Placement {
  let slot: number;
  if (target.after !== undefined && target.after !== null) slot = indexOf(siblings, target.after) + 1;
  else if (target.before !== undefined && target.before !== null) slot = indexOf(siblings, target.before);
  else slot = target.after === null ? 0 : siblings.length;
  const at = (i: number) => siblings[i]?.position ?? null;
  // siblings[from, to) are re-spaced with the moved row: widen until the bounds differ
  let from = slot;
  let to = slot;
  for (;;) {
    const lo = at(from - 1);
    const hi = at(to);
    if (lo === null || hi === null || lo < hi) break;
    from--;
    to++;
  }
  if (from === slot) return { position: positionBetween(at(slot - 1), at(slot)), respaced: [] };
  const keys = spacedPositions(at(from - 1), at(to), to - from + 1);
  const moved = slot - from;
  return {
    position: keys[moved] as string,
    respaced: siblings.slice(from, to).map((s, i) => ({ id: s.id, position: keys[i < moved ? i : i + 1] as string })),
  };
}
