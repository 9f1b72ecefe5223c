import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  dayLabel,
  daysBetween,
  groupByDay,
  groupForToday,
  isOverdue,
  monthGrid,
  monthGridRange,
  todayIso,
  UPCOMING_DAYS,
} from '@/lib/dates';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
  vi.useRealTimers();
});

let seq = 0;
function task(due_date: string | null, extra: { done?: boolean; due_time?: string | null; title?: string } = {}) {
  seq++;
  return {
    title: extra.title ?? `t${seq}`,
    done: extra.done ?? false,
    due_date,
    due_time: extra.due_time ?? null,
    position: `a${seq}`,
  };
}

describe('todayIso uses the local calendar', () => {
  it('in Berlin, 23:30 UTC on 31 Dec is already New Year', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(todayIso(new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
  });

  it('in New York, 03:00 UTC on 1 Mar is still 29 Feb of a leap year', () => {
    process.env.TZ = 'America/New_York';
    expect(todayIso(new Date('2024-03-01T03:00:00Z'))).toBe('2024-02-29');
  });

  it('follows the spring-forward and fall-back days in Berlin', () => {
    process.env.TZ = 'Europe/Berlin';
    // 30 Mar 2025 has 23 hours in Berlin; 26 Oct 2025 has 25.
    expect(todayIso(new Date('2025-03-29T23:30:00Z'))).toBe('2025-03-30');
    expect(todayIso(new Date('2025-03-30T21:59:00Z'))).toBe('2025-03-30');
    expect(todayIso(new Date('2025-03-30T22:00:00Z'))).toBe('2025-03-31');
    expect(todayIso(new Date('2025-10-26T22:59:00Z'))).toBe('2025-10-26');
    expect(todayIso(new Date('2025-10-26T23:00:00Z'))).toBe('2025-10-27');
  });

  it('defaults to the (faked) system clock', () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-11-02T04:30:00Z')); // 00:30 EDT on the fall-back day
    expect(todayIso()).toBe('2025-11-02');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-29', 2, '2025-03-31'], // across Europe's spring-forward
    ['2025-10-25', 3, '2025-10-28'], // across Europe's fall-back
    ['2025-11-01', 14, '2025-11-15'], // across America's fall-back
    ['2024-03-01', -1, '2024-02-29'],
  ])('addDays(%s, %i) = %s in any time zone', (from, n, expected) => {
    for (const tz of ['Europe/Berlin', 'America/New_York', 'Pacific/Auckland', 'UTC']) {
      process.env.TZ = tz;
      expect(addDays(from, n)).toBe(expected);
      expect(daysBetween(from, expected)).toBe(n);
    }
  });

  it('steps month by month across year ends', () => {
    expect(addMonths(2025, 12, 1)).toEqual({ year: 2026, month: 1 });
    expect(addMonths(2025, 1, -1)).toEqual({ year: 2024, month: 12 });
    expect(addMonths(2025, 6, 18)).toEqual({ year: 2026, month: 12 });
  });
});

describe('Today grouping', () => {
  it('shows overdue open tasks first, then open tasks due today, each by date, time and position', () => {
    const today = '2025-03-01';
    const tasks = [
      task('2025-03-01', { due_time: '09:00', title: 'today 9' }),
      task('2025-02-28', { title: 'yesterday' }),
      task('2024-12-31', { title: 'last year' }),
      task('2025-03-01', { title: 'today untimed' }),
      task('2025-02-28', { done: true, title: 'done yesterday' }),
      task('2025-03-02', { title: 'tomorrow' }),
      task(null, { title: 'undated' }),
    ];
    const groups = groupForToday(tasks, today);
    expect(groups.overdue.map((t) => t.title)).toEqual(['last year', 'yesterday']);
    expect(groups.today.map((t) => t.title)).toEqual(['today untimed', 'today 9']);
  });

  it('isOverdue only for open tasks dated before today, across a leap day', () => {
    expect(isOverdue(task('2024-02-29'), '2024-03-01')).toBe(true);
    expect(isOverdue(task('2024-02-29', { done: true }), '2024-03-01')).toBe(false);
    expect(isOverdue(task('2024-03-01'), '2024-03-01')).toBe(false);
    expect(isOverdue(task(null), '2024-03-01')).toBe(false);
  });
});

describe('Upcoming grouping', () => {
  it('covers today … today+13, one group per day, across a year end', () => {
    const groups = groupByDay([task('2025-01-05'), task('2024-12-30'), task('2025-01-20')], '2024-12-25');
    expect(groups).toHaveLength(UPCOMING_DAYS);
    expect(groups[0]?.date).toBe('2024-12-25');
    expect(groups[0]?.label).toBe('Today');
    expect(groups[1]?.label).toBe('Tomorrow');
    expect(groups.at(-1)?.date).toBe('2025-01-07');
    const withTasks = groups.filter((g) => g.tasks.length).map((g) => g.date);
    expect(withTasks).toEqual(['2024-12-30', '2025-01-05']); // 20 Jan is outside the window
  });

  it('keeps each day complete across the DST change', () => {
    process.env.TZ = 'Europe/Berlin';
    const groups = groupByDay([task('2025-03-30', { due_time: '02:30' }), task('2025-03-31')], '2025-03-28');
    expect(groups.map((g) => g.date).slice(0, 5)).toEqual([
      '2025-03-28',
      '2025-03-29',
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
    ]);
    expect(groups[2]?.tasks).toHaveLength(1);
    expect(groups[3]?.tasks).toHaveLength(1);
  });

  it('leaves done tasks out', () => {
    const groups = groupByDay([task('2025-03-02', { done: true })], '2025-03-01', 3);
    expect(groups.every((g) => g.tasks.length === 0)).toBe(true);
  });
});

describe('labels', () => {
  it('names nearby days and formats the rest as "Mon 23 Nov"', () => {
    expect(dayLabel('2026-11-22', '2026-11-22')).toBe('Today');
    expect(dayLabel('2026-11-23', '2026-11-22')).toBe('Tomorrow');
    expect(dayLabel('2026-11-21', '2026-11-22')).toBe('Yesterday');
    expect(dayLabel('2026-11-24', '2026-11-22')).toBe('Tue 24 Nov');
    expect(dayLabel('2027-01-04', '2026-12-30')).toBe('Mon 4 Jan 2027');
  });
});

describe('month grid', () => {
  it('lays out whole Monday-first weeks covering the month', () => {
    const weeks = monthGrid(2024, 2); // Feb 2024 starts on a Thursday, has 29 days
    expect(weeks[0]).toEqual(['2024-01-29', '2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02', '2024-02-03', '2024-02-04']);
    expect(weeks.flat()).toContain('2024-02-29');
    expect(weeks.at(-1)?.at(-1)).toBe('2024-03-03');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('can start weeks on Sunday and gives the visible range', () => {
    const weeks = monthGrid(2025, 3, 0); // March 2025 starts on a Saturday
    expect(weeks[0]?.[0]).toBe('2025-02-23');
    expect(weeks[0]?.[6]).toBe('2025-03-01');
    expect(monthGridRange(2025, 3, 0)).toEqual({ from: '2025-02-23', to: '2025-04-05' });
  });
});
