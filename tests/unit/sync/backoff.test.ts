import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffCeiling, backoffDelay } from '@/sync/backoff';

describe('backoff: 1 s doubling to 5 min, full jitter', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [5, 16_000],
    [9, 256_000],
    [10, BACKOFF_CAP_MS],
    [50, BACKOFF_CAP_MS],
    [10_000, BACKOFF_CAP_MS],
  ])('after %i failures the ceiling is %i ms', (failures, ceiling) => {
    expect(backoffCeiling(failures)).toBe(ceiling);
  });

  it.each([
    { failures: 1, random: 0, delay: 0 },
    { failures: 1, random: 0.5, delay: 500 },
    { failures: 1, random: 0.999, delay: 999 },
    { failures: 4, random: 0.25, delay: 2000 },
    { failures: 12, random: 0.5, delay: 150_000 },
    { failures: 12, random: 0.9999999, delay: BACKOFF_CAP_MS - 1 },
  ])('failure $failures with random() = $random waits $delay ms', ({ failures, random, delay }) => {
    expect(backoffDelay(failures, () => random)).toBe(delay);
  });

  it('draws a fresh random number for every delay, always below the ceiling', () => {
    let i = 0;
    const draws = [0.1, 0.9, 0.3];
    const delays = [1, 2, 3].map((n) => backoffDelay(n, () => draws[i++]!));
    expect(delays).toEqual([100, 1800, 1200]);
    for (let n = 1; n < 30; n++) expect(backoffDelay(n, Math.random)).toBeLessThan(backoffCeiling(n));
  });
});
