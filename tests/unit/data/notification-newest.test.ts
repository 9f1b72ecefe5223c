// "Mark all as read" sends the newest notification's own time as the server wrote it: the newest
// is found to the microsecond, whatever the written form (trailing zeros dropped, another offset),
// and is sent unchanged.
import { describe, expect, it } from 'vitest';
import { newestAt } from '@/data/mutations/notifications';

describe('newestAt', () => {
  it('is null when there is none', () => {
    expect(newestAt([])).toBeNull();
  });

  it('tells apart times within one millisecond, and keeps the newest as written', () => {
    expect(newestAt(['2026-11-24T00:00:00.0004+00:00', '2026-11-24T00:00:00.000401+00:00', '2026-11-24T00:00:00+00:00'])).toBe(
      '2026-11-24T00:00:00.000401+00:00',
    );
  });

  it('compares instants, not strings', () => {
    // 01:00 at +02:00 is 23:00 the day before
    expect(newestAt(['2026-11-24T01:00:00.5+02:00', '2026-11-23T23:30:00Z'])).toBe('2026-11-23T23:30:00Z');
  });
});
