import { describe, expect, it } from 'vitest';
import { type AdaptiveSize, adaptiveSize, answered, carried, PULL_MAX, PULL_START, PUSH_MAX, PUSH_START, SLOW_MS, tooLarge } from '@/sync/adaptive';

const at = (size: number, ceiling: number): AdaptiveSize => ({ size, ceiling });

describe('adaptiveSize', () => {
  it.each([
    { name: 'pull pages start at 1000 and may reach 5000', start: PULL_START, max: PULL_MAX, want: at(1000, 5000) },
    { name: 'pushes start at 200 and may reach 1000', start: PUSH_START, max: PUSH_MAX, want: at(200, 1000) },
    { name: 'a max below the start keeps the size fixed', start: 7, max: 1, want: at(7, 7) },
    { name: 'never below 1', start: 0, max: 0, want: at(1, 1) },
  ])('$name', ({ start, max, want }) => {
    expect(adaptiveSize(start, max)).toEqual(want);
  });
});

describe('answered', () => {
  it.each([
    { name: 'more to move and fast: doubles', s: at(1000, 5000), sent: 1000, took: 300, more: true, want: at(2000, 5000) },
    { name: 'exactly 2 s is not slow', s: at(1000, 5000), sent: 1000, took: SLOW_MS, more: true, want: at(2000, 5000) },
    { name: 'doubling stops at the ceiling', s: at(4000, 5000), sent: 4000, took: 300, more: true, want: at(5000, 5000) },
    { name: 'at the ceiling it stays', s: at(5000, 5000), sent: 5000, took: 300, more: true, want: at(5000, 5000) },
    { name: 'nothing more to move: stays', s: at(1000, 5000), sent: 1000, took: 300, more: false, want: at(1000, 5000) },
    { name: 'a request smaller than the size (cut by bytes) does not grow it', s: at(200, 1000), sent: 150, took: 300, more: true, want: at(200, 1000) },
    { name: 'slower than 2 s: halves, and the ceiling comes down with it', s: at(4000, 5000), sent: 4000, took: SLOW_MS + 1, more: true, want: at(2000, 2000) },
    { name: 'slow at the normal size: below it', s: at(1000, 5000), sent: 1000, took: 5000, more: false, want: at(500, 500) },
    { name: 'slow at 1: stays 1', s: at(1, 5000), sent: 1, took: 9000, more: true, want: at(1, 1) },
    { name: 'after a slow answer it grows no further than the halved size', s: at(2000, 2000), sent: 2000, took: 10, more: true, want: at(2000, 2000) },
  ])('$name', ({ s, sent, took, more, want }) => {
    expect(answered(s, sent, took, more)).toEqual(want);
  });

  it('a long fast backlog reaches the most in three steps: 1000, 2000, 4000, 5000', () => {
    let s = adaptiveSize(PULL_START, PULL_MAX);
    const sizes = [s.size];
    for (let i = 0; i < 4; i++) {
      s = answered(s, s.size, 100, true);
      sizes.push(s.size);
    }
    expect(sizes).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('tooLarge', () => {
  it.each([
    { name: 'halves the refused batch and keeps below it', s: at(400, 1000), sent: 400, want: at(200, 200) },
    { name: 'a batch cut smaller by bytes: half of what was sent', s: at(800, 1000), sent: 300, want: at(150, 150) },
    { name: 'odd sizes round down', s: at(101, 1000), sent: 101, want: at(50, 50) },
    { name: 'never below 1', s: at(1, 1000), sent: 1, want: at(1, 1) },
  ])('$name', ({ s, sent, want }) => {
    expect(tooLarge(s, sent)).toEqual(want);
  });
});

describe('carried', () => {
  it.each([
    { name: 'a page the byte bound ended: ask for what it carried, and no more', s: at(5000, 5000), sent: 5000, rows: 4360, more: true, want: at(4360, 4360) },
    { name: 'a full page: unchanged', s: at(5000, 5000), sent: 5000, rows: 5000, more: true, want: at(5000, 5000) },
    { name: 'the last page: unchanged', s: at(4000, 5000), sent: 2000, rows: 1200, more: false, want: at(4000, 5000) },
    { name: 'fewer than half (more refusals to come, not rows): unchanged', s: at(2000, 5000), sent: 1000, rows: 10, more: true, want: at(2000, 5000) },
    { name: 'never above the size already decided', s: at(500, 500), sent: 1000, rows: 900, more: true, want: at(500, 500) },
  ])('$name', ({ s, sent, rows, more, want }) => {
    expect(carried(s, sent, rows, more)).toEqual(want);
  });
});
