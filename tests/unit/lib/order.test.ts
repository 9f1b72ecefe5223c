import fc from 'fast-check';
import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { FIRST_POSITION, positionAfter, positionBefore, positionBetween, positionsBetween, spacedPositions } from '@/lib/order';

describe('fractional positions', () => {
  it('starts where the library starts an empty sequence', () => {
    expect(FIRST_POSITION).toBe(generateKeyBetween(null, null));
  });

  it('places at start, end and between neighbours', () => {
    const a = FIRST_POSITION;
    const end = positionAfter(a);
    const start = positionBefore(a);
    const mid = positionBetween(a, end);
    expect([end, start, mid].every((p) => typeof p === 'string')).toBe(true);
    expect(start < a && a < mid && mid < end).toBe(true);
  });

  it('keeps order through 500 inserts between the same two neighbours', () => {
    const lo = positionAfter(null);
    const hi = positionAfter(lo);
    let upper = hi;
    const inserted: string[] = [];
    for (let i = 0; i < 500; i++) {
      upper = positionBetween(lo, upper); // always squeezing right after `lo`
      inserted.push(upper);
    }
    for (let i = 1; i < inserted.length; i++) expect(inserted[i] as string < (inserted[i - 1] as string)).toBe(true);
    expect(inserted.every((p) => lo < p && p < hi)).toBe(true);
  });

  it('keeps a sequence sorted under random inserts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 200 }), (picks) => {
        const seq: string[] = [];
        for (const pick of picks) {
          const i = seq.length ? pick % (seq.length + 1) : 0;
          seq.splice(i, 0, positionBetween(seq[i - 1] ?? null, seq[i] ?? null));
        }
        const sorted = [...seq].sort();
        expect(seq).toEqual(sorted);
        expect(new Set(seq).size).toBe(seq.length);
      }),
      { numRuns: 50 },
    );
  });

  it('tolerates inverted neighbours from concurrent edits', () => {
    const a = positionAfter(null);
    const b = positionAfter(a);
    expect(positionBetween(b, a) > b).toBe(true);
  });

  it('makes n ordered keys for bulk appends', () => {
    const keys = positionsBetween(FIRST_POSITION, null, 5);
    expect(keys).toHaveLength(5);
    expect([...keys].sort()).toEqual(keys);
    expect((keys[0] as string) > FIRST_POSITION).toBe(true);
  });

  it('two devices making a position in the same gap make different ones (a random suffix)', () => {
    const lo = positionAfter(null);
    const hi = positionAfter(lo);
    const [one, other] = [positionBetween(lo, hi), positionBetween(lo, hi)];
    expect(one).not.toBe(other);
    expect([one, other].every((p) => lo < p && p < hi)).toBe(true);
    // at the ends too: two steps added at the end offline
    expect(positionAfter(hi)).not.toBe(positionAfter(hi));
    expect(positionBefore(lo)).not.toBe(positionBefore(lo));
  });

  it('re-spaces n rows between two neighbours, in order, distinct, and not the same on two devices', () => {
    const lo = positionAfter(null);
    const hi = positionAfter(lo);
    for (const [a, b] of [[lo, hi], [null, hi], [lo, null], [null, null]] as const) {
      const keys = spacedPositions(a, b, 4);
      expect(keys).toHaveLength(4);
      expect([...keys].sort()).toEqual(keys);
      expect(new Set(keys).size).toBe(4);
      expect(keys.every((k) => (a === null || a < k) && (b === null || k < b))).toBe(true);
    }
    expect(spacedPositions(lo, hi, 3)).not.toEqual(spacedPositions(lo, hi, 3));
  });
});
