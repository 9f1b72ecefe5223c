// Manual order as fractional-index strings (rocicorp's fractional-indexing): a move rewrites
// one row's position, so concurrent moves on other devices never renumber each other's rows.
//
// Every position made for a row gets a short random suffix. Two devices moving or adding rows
// into the same gap offline would otherwise make the very same key (the library is
// deterministic), and rows sharing a position have no gap between them to move a row into.
import { BASE_62_DIGITS, generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

export { FIRST_POSITION } from './first-position';

/** 61^3 ≈ 227,000 suffixes: two devices pick the same one for the same gap about once in that. */
const JITTER_DIGITS = 3;

// Math.random, not crypto: the suffix only spreads keys apart, nobody gains by guessing it, and
// crypto.getRandomValues costs a call into the browser on every quick add.
function randomDigits(): string {
  let digits = '';
  // never '0' (BASE_62_DIGITS[0]): a key may not end in the smallest digit
  for (let i = 0; i < JITTER_DIGITS; i++) digits += BASE_62_DIGITS[1 + Math.floor(Math.random() * (BASE_62_DIGITS.length - 1))];
  return digits;
}

/**
 * A position in (lo, hi) at or just above `key` (which lies in [lo, hi)), with a random suffix.
 * When `key` is a prefix of `hi` (the library's shortest key between 'a0…' and 'a1…' is 'a1'),
 * a suffix could pass `hi`: the key moves halfway towards `hi` first, which ends the prefix.
 */
function jittered(key: string, lo: string | null, hi: string | null): string {
  let base = key;
  for (let tries = 0; tries < 4; tries++) {
    const candidate = base + randomDigits();
    if ((lo === null || lo < candidate) && (hi === null || candidate < hi)) return candidate;
    if (hi === null) break;
    base = generateKeyBetween(base, hi);
  }
  return key;
}

/**
 * A position strictly between `before` and `after` (either may be null for an open end).
 * Equal or inverted neighbours can arrive from concurrent edits on two devices; rather than
 * throw at the user, place the row just after the lower neighbour (a move that must land
 * between equal positions re-spaces them instead: src/data/write/move-target.ts).
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) return jittered(generateKeyBetween(before, null), before, null);
  return jittered(generateKeyBetween(before, after), before, after);
}

export function positionAfter(last: string | null): string {
  return jittered(generateKeyBetween(last, null), last, null);
}

export function positionBefore(first: string | null): string {
  return jittered(generateKeyBetween(null, first), null, first);
}

/** `n` ordered positions between two neighbours, e.g. for a bulk import appended at the end. */
export function positionsBetween(before: string | null, after: string | null, n: number): string[] {
  return generateNKeysBetween(before, after, n);
}

/**
 * `n` fresh, distinct, ordered positions between two neighbours (`before` < `after`), each with
 * its random suffix: for rows re-spaced because they shared a position, so two devices
 * re-spacing the same rows do not make them equal again.
 */
export function spacedPositions(before: string | null, after: string | null, n: number): string[] {
  const keys = generateNKeysBetween(before, after, n);
  // each suffix stays below the next plain key, so the suffixed keys keep their order
  return keys.map((key, i) => jittered(key, keys[i - 1] ?? before, keys[i + 1] ?? after));
}

export function comparePositions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
