// Where a moved row goes among its siblings, as a fractional position.
import { ValidationError } from '@/lib/errors';
import { positionBetween } from '@/lib/order';

/** Where to put a moved row: right after `after`, right before `before`, or between both. */
export interface MoveTarget {
  /** Id of the row that should follow the moved one; `null` = move to the end. */
  before?: string | null;
  /** Id of the row that should precede the moved one; `null` = move to the start. */
  after?: string | null;
}

export function positionFor(siblings: { id: string; position: string }[], target: MoveTarget): string {
  const index = (id: string) => {
    const i = siblings.findIndex((s) => s.id === id);
    if (i < 0) throw new ValidationError('position', 'Move target not found');
    return i;
  };
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
