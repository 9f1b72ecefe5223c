import { describe, expect, it } from 'vitest';
import { arrayMove, dropIndex, moveTargetFor, movedAnnouncement } from '@/features/lists/reorder';

describe('arrayMove', () => {
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 2, ['a', 'c', 'b', 'd']],
    [2, 2, ['a', 'b', 'c', 'd']],
  ])('moves index %i to %i', (from, to, expected) => {
    const items = ['a', 'b', 'c', 'd'];
    expect(arrayMove(items, from, to)).toEqual(expected);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('moveTargetFor', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it.each([
    ['up one', 2, 1, { before: 'b' }],
    ['to the top', 3, 0, { before: 'a' }],
    ['down one', 1, 2, { before: 'd' }],
    ['to the end', 0, 3, { after: 'd' }],
    ['nowhere', 1, 1, null],
    ['out of range', 0, 4, null],
    ['from out of range', -1, 0, null],
  ])('%s', (_label, from, to, expected) => {
    expect(moveTargetFor(ids, from as number, to as number)).toEqual(expected);
  });

  it('returns null for a single list', () => {
    expect(moveTargetFor(['a'], 0, 0)).toBeNull();
  });
});

describe('dropIndex', () => {
  const centers = [20, 60, 100, 140];
  it.each([
    ['stays when barely moved', 1, 65, 1],
    ['passes the next centre', 1, 101, 2],
    ['goes to the top', 2, 5, 0],
    ['goes to the end', 0, 500, 3],
    ['passes one centre upwards', 3, 99, 2],
  ])('%s', (_label, dragged, center, expected) => {
    expect(dropIndex(centers, dragged as number, center as number)).toBe(expected);
  });
});

it('announces the new position counting from one', () => {
  expect(movedAnnouncement('Work', 1, 4)).toBe('Work moved to position 2 of 4');
});
