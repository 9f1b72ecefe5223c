// Where a moved row lands: between distinct neighbours only the moved row is written; between
// rows that share a position (two devices moved into one gap offline) the tie is re-spaced.
import { describe, expect, it } from 'vitest';
import { placementFor } from '@/data/write/move-target';

const rows = (...positions: string[]) => positions.map((position, i) => ({ id: `s${i}`, position }));

/** The order after applying a placement for `moved`, as ids, and whether all positions differ. */
function apply(siblings: { id: string; position: string }[], moved: string, placement: ReturnType<typeof placementFor>) {
  const byId = new Map(siblings.map((s) => [s.id, s.position]));
  for (const r of placement.respaced) byId.set(r.id, r.position);
  byId.set(moved, placement.position);
  const all = [...byId].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : 1));
  return { order: all.map(([id]) => id), distinct: new Set(byId.values()).size === byId.size };
}

describe('placementFor', () => {
  it('between distinct neighbours: only the moved row gets a position', () => {
    const siblings = rows('a0', 'a1', 'a2');
    const p = placementFor(siblings, { before: 's1' });
    expect(p.respaced).toEqual([]);
    expect(apply(siblings, 'm', p)).toEqual({ order: ['s0', 'm', 's1', 's2'], distinct: true });
  });

  it('between two rows at one position: the tie is re-spaced between the nearest distinct rows', () => {
    const siblings = rows('a0', 'a0V', 'a0V', 'a1');
    const p = placementFor(siblings, { before: 's2' });
    expect(p.respaced.map((r) => r.id)).toEqual(['s1', 's2']);
    expect([p.position, ...p.respaced.map((r) => r.position)].every((k) => 'a0' < k && k < 'a1')).toBe(true);
    expect(apply(siblings, 'm', p)).toEqual({ order: ['s0', 's1', 'm', 's2', 's3'], distinct: true });
  });

  it('three at one position, the last moved up (the repro): it lands before the middle one', () => {
    const siblings = rows('a0V', 'a0V'); // s0, s1; the moved third step was after both
    const p = placementFor(siblings, { before: 's1' });
    expect(apply(siblings, 's9', p)).toEqual({ order: ['s0', 's9', 's1'], distinct: true });
  });

  it.each([
    ['to the start', { after: null }, ['m', 's0', 's1']],
    ['to the end', {}, ['s0', 's1', 'm']],
    ['after the first', { after: 's0' }, ['s0', 'm', 's1']],
  ] as const)('%s, beside a tie', (_name, target, order) => {
    const siblings = rows('a0V', 'a0V');
    expect(apply(siblings, 'm', placementFor(siblings, target)).order).toEqual(order);
  });
});
