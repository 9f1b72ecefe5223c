// Manual order as fractional-index strings (rocicorp's fractional-indexing): a move rewrites
// one row's position, so concurrent moves on other devices never renumber each other's rows.
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/** The first position of an empty sequence. */
export const FIRST_POSITION = generateKeyBetween(null, null);

/**
 * A position strictly between `before` and `after` (either may be null for an open end).
 * Equal or inverted neighbours can arrive from concurrent edits on two devices; rather than
 * throw at the user, place the row just after the lower neighbour.
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) return generateKeyBetween(before, null);
  return generateKeyBetween(before, after);
}

export function positionAfter(last: string | null): string {
  return generateKeyBetween(last, null);
}

export function positionBefore(first: string | null): string {
  return generateKeyBetween(null, first);
}

/** `n` ordered positions between two neighbours, e.g. for a bulk import appended at the end. */
export function positionsBetween(before: string | null, after: string | null, n: number): string[] {
  return generateNKeysBetween(before, after, n);
}

export function comparePositions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
