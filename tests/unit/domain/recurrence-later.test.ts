// Later occurrences for Upcoming and its calendar (SPEC §11.1): strictly after the later of the
// due date and today (where completing would move the task), inside the window, COUNT/UNTIL
// respected; nothing for a done, undated, plain or unreadable task; memoised results are equal.
import { describe, expect, it } from 'vitest';
import { laterOccurrences, occurrenceCounts, type Repeating } from '@/domain/recurrence';

const task = (repeat: string | null, due: string | null, extra: Partial<Repeating> = {}): Repeating => ({
  done: false,
  due_date: due,
  repeat,
  repeat_anchor: due,
  ...extra,
});

const TODAY = '2026-03-02'; // a Monday
const TO = '2026-03-15'; // 14 days

describe('laterOccurrences', () => {
  it.each([
    ['daily due today → the 13 days after it', task('FREQ=DAILY', TODAY), 13, '2026-03-03', '2026-03-15'],
    ['daily due in 3 days → after that day', task('FREQ=DAILY', '2026-03-05'), 10, '2026-03-06', '2026-03-15'],
    ['daily overdue → from tomorrow, as completing it late would give', task('FREQ=DAILY', '2026-02-20'), 13, '2026-03-03', '2026-03-15'],
    ['weekly on Monday due today → next Monday only', task('FREQ=WEEKLY;BYDAY=MO', TODAY), 1, '2026-03-09', '2026-03-09'],
    ['weekdays due today → 9 more weekdays', task('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', TODAY), 9, '2026-03-03', '2026-03-13'],
    ['every 2 days from an older anchor keeps its phase', task('FREQ=DAILY;INTERVAL=2', '2026-03-03', { repeat_anchor: '2026-02-01' }), 6, '2026-03-05', '2026-03-15'],
    ['COUNT=3 due today → two more', task('FREQ=DAILY;COUNT=3', TODAY), 2, '2026-03-03', '2026-03-04'],
    ['UNTIL inside the window ends it', task('FREQ=DAILY;UNTIL=20260305', TODAY), 3, '2026-03-03', '2026-03-05'],
    ['monthly on the 31st: nothing inside these 14 days', task('FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31'), 0, undefined, undefined],
  ])('%s', (_what, t, n, first, last) => {
    const dates = laterOccurrences(t, TODAY, TO, TODAY);
    expect(dates).toHaveLength(n);
    expect(dates[0]).toBe(first);
    expect(dates.at(-1)).toBe(last);
  });

  it('nothing for a done, undated, plain or unreadable task, or a window before the due date', () => {
    expect(laterOccurrences(task('FREQ=DAILY', TODAY, { done: true }), TODAY, TO, TODAY)).toEqual([]);
    expect(laterOccurrences(task('FREQ=DAILY', null), TODAY, TO, TODAY)).toEqual([]);
    expect(laterOccurrences(task(null, TODAY), TODAY, TO, TODAY)).toEqual([]);
    expect(laterOccurrences(task('FREQ=HOURLY', TODAY), TODAY, TO, TODAY)).toEqual([]);
    expect(laterOccurrences(task('FREQ=DAILY', '2026-04-01'), TODAY, TO, TODAY)).toEqual([]);
  });

  it('a window after today starts on its first day; the same question gives the same (memoised) answer', () => {
    const t = task('FREQ=WEEKLY;BYDAY=MO,TH', TODAY);
    const a = laterOccurrences(t, '2026-04-01', '2026-04-30', TODAY);
    expect(a).toEqual(['2026-04-02', '2026-04-06', '2026-04-09', '2026-04-13', '2026-04-16', '2026-04-20', '2026-04-23', '2026-04-27', '2026-04-30']);
    expect(laterOccurrences({ ...t }, '2026-04-01', '2026-04-30', TODAY)).toBe(a);
  });

  it('occurrenceCounts adds up per day', () => {
    const counts = occurrenceCounts([task('FREQ=DAILY', TODAY), task('FREQ=WEEKLY;BYDAY=WE', TODAY)], TODAY, '2026-03-05', TODAY);
    expect(counts).toEqual({ '2026-03-03': 1, '2026-03-04': 2, '2026-03-05': 1 });
  });
});
