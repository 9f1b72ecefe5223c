import { describe, expect, it } from 'vitest';
import { dateShortcuts } from '@/domain/date-shortcuts';
import { parseQuickAdd } from '@/domain/quick-add';

const value = (today: string, name: string, weekStart?: number) => dateShortcuts(today, weekStart).find((s) => s.name === name)?.value;

describe('date picker shortcuts', () => {
  it('reads next week as the first day of the week after this one, next weekend as its Saturday', () => {
    // Wednesday 25 November 2026, weeks from Monday
    expect(value('2026-11-25', 'Today')).toBe('2026-11-25');
    expect(value('2026-11-25', 'Tomorrow')).toBe('2026-11-26');
    expect(value('2026-11-25', 'Next week')).toBe('2026-11-30');
    expect(value('2026-11-25', 'Next weekend')).toBe('2026-12-05');
    expect(value('2026-11-25', 'No date')).toBeNull();
    // on a Sunday, next week starts tomorrow
    expect(value('2026-11-29', 'Next week')).toBe('2026-11-30');
    // weeks from Sunday (6): on a Sunday, next week is 7 days on
    expect(value('2026-11-29', 'Next week', 6)).toBe('2026-12-06');
  });

  it('lands where quick add reads the same words', () => {
    for (const today of ['2026-11-23', '2026-11-25', '2026-11-28', '2026-11-29']) {
      const typed = (words: string) => parseQuickAdd(`Call mum ${words}`, { today }).fields.due_date;
      expect(value(today, 'Next week')).toBe(typed('next week'));
      expect(value(today, 'Next weekend')).toBe(typed('next weekend'));
    }
  });
});
