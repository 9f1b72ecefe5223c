// The pull progress a run reports (src/sync/progress.ts): one row per case.
import { describe, expect, it } from 'vitest';
import { type PullProgress, pageRows, progressAfter } from '@/sync/progress';

/** A page with `n` rows (spread over the kinds, which all count) and what the server said. */
function page(n: number, has_more: boolean, remaining?: number) {
  const rows = Array.from({ length: n }, (_, i) => i);
  const pick = (k: number) => rows.filter((i) => i % 4 === k) as never[];
  return { lists: pick(0), members: pick(1), tasks: pick(2), departed: pick(3), has_more, remaining };
}

describe('pageRows', () => {
  it.each([0, 1, 4, 1000])('counts every kind of row: %i', (n) => {
    expect(pageRows(page(n, false))).toBe(n);
  });
});

describe('progressAfter', () => {
  it.each<[string, PullProgress | null, ReturnType<typeof page>, boolean, PullProgress | null]>([
    ['first page holds everything: no bar', null, page(12, false, 0), true, null],
    ['first page, more to come: the total is its rows plus the count', null, page(1000, true, 49_010), true, { received: 1000, total: 50_010 }],
    ['first page, server did not count (older server): no bar', null, page(1000, true), true, null],
    ['first page ignores an earlier run’s progress', { received: 7, total: 9 }, page(1000, true, 500), true, { received: 1000, total: 1500 }],
    ['a later page adds its rows', { received: 1000, total: 50_010 }, page(1000, true), false, { received: 2000, total: 50_010 }],
    ['the last page reaches the total', { received: 50_000, total: 50_010 }, page(10, false), false, { received: 50_010, total: 50_010 }],
    ['rows that arrived meanwhile raise the total instead of passing it', { received: 1500, total: 1600 }, page(300, true), false, { received: 1800, total: 1800 }],
    ['a later page with no bar started: still none', null, page(1000, true), false, null],
    ['an empty page (a refusal rewound a cursor) changes nothing', { received: 10, total: 20 }, page(0, true), false, { received: 10, total: 20 }],
  ])('%s', (_what, previous, p, first, expected) => {
    expect(progressAfter(previous, p, first)).toEqual(expected);
  });
});
