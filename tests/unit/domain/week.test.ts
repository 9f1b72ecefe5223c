// The week (SPEC §18): where a week starts, and which tasks land on which of its days — untimed
// first, then timed by time, then the deadlines; repeats on each later occurrence.
import { describe, expect, it, vi } from 'vitest';
import type { Task } from '@/domain/model';
import { lanes, localeFirstDay, minutesOf, shiftTime, timeOf, weekDates, weekDays, weekStartOf } from '@/domain/week';
import { getWeekStart, setWeekStartChoice } from '@/domain/week-start';

const TODAY = '2026-11-25'; // a Wednesday

function task(id: string, fields: Partial<Task> = {}): Task {
  return {
    id, list_id: 'L', title: id, notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
    position: `a${id}`, created_by: 'u', created_at: '', updated_at: '', deleted_at: null, version: 1,
    repeat: null, repeat_anchor: null, deadline: null, ...fields,
  };
}

describe('where a week starts', () => {
  it.each([
    ['2026-11-25', 1, '2026-11-23'], // Wednesday, Monday start
    ['2026-11-23', 1, '2026-11-23'], // the Monday itself
    ['2026-11-29', 1, '2026-11-23'], // Sunday ends a Monday week
    ['2026-11-29', 7, '2026-11-29'], // Sunday starts a Sunday week
    ['2026-11-28', 7, '2026-11-22'], // Saturday, Sunday start
    ['2026-11-27', 6, '2026-11-21'], // Friday, Saturday start
    ['2026-01-01', 1, '2025-12-29'], // across the year
  ] as const)('%s with first day %i starts on %s', (date, first, start) => expect(weekStartOf(date, first)).toBe(start));

  it('lists seven days', () => {
    expect(weekDates('2026-11-23')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it("takes the locale's first day where Intl knows it, else Monday", () => {
    expect(localeFirstDay('en-GB')).toBe(1);
    expect(localeFirstDay('de-DE')).toBe(1);
    // Chromium and Node carry week info; without it the fallback is Monday
    const us = localeFirstDay('en-US');
    expect([1, 7]).toContain(us);
    expect(localeFirstDay('not a locale!')).toBe(1);
  });

  it('Settings → "Week starts on" wins over the locale, and clears back to it', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    setWeekStartChoice(7);
    expect(getWeekStart('en-GB')).toBe(7);
    setWeekStartChoice(null);
    expect(getWeekStart('en-GB')).toBe(1);
    vi.unstubAllGlobals();
  });
});

describe('what lands on which day', () => {
  const start = '2026-11-23';

  it('puts untimed tasks first, then timed ones by time, then the deadlines', () => {
    const due = [
      task('late', { due_date: '2026-11-25', due_time: '18:00' }),
      task('any', { due_date: '2026-11-25', position: 'a9' }),
      task('early', { due_date: '2026-11-25', due_time: '08:30' }),
      task('first', { due_date: '2026-11-25', position: 'a0' }),
    ];
    const deadlines = [task('report', { due_date: '2026-11-20', deadline: '2026-11-25' })];
    const days = weekDays(start, due, [], deadlines, TODAY);
    const wed = days[2]!;
    expect(wed.date).toBe('2026-11-25');
    expect(wed.tasks.map((e) => e.task.id)).toEqual(['first', 'any', 'early', 'late']);
    expect(wed.deadlines.map((e) => [e.task.id, e.kind])).toEqual([['report', 'deadline']]);
    expect(days.filter((d) => d.date !== '2026-11-25').every((d) => d.tasks.length === 0 && d.deadlines.length === 0)).toBe(true);
  });

  it('leaves out done tasks and days outside the week', () => {
    const due = [task('done', { due_date: '2026-11-24', done: true }), task('next', { due_date: '2026-11-30' })];
    expect(weekDays(start, due, [], [], TODAY).flatMap((d) => d.tasks)).toEqual([]);
  });

  it("shows a repeating task's own row on its due day and a repeat on each later occurrence", () => {
    const daily = task('standup', { due_date: '2026-11-25', due_time: '09:00', repeat: 'FREQ=DAILY', repeat_anchor: '2026-11-01' });
    const days = weekDays(start, [daily], [daily], [], TODAY);
    expect(days.map((d) => d.tasks.map((e) => e.kind))).toEqual([[], [], ['task'], ['repeat'], ['repeat'], ['repeat'], ['repeat']]);
  });

  it('shows an overdue daily task on its day and its repeats from tomorrow (where completing it goes)', () => {
    const daily = task('water', { due_date: '2026-11-23', repeat: 'FREQ=DAILY', repeat_anchor: '2026-11-01' });
    const days = weekDays(start, [daily], [daily], [], TODAY);
    expect(days.map((d) => d.tasks.map((e) => e.kind))).toEqual([['task'], [], [], ['repeat'], ['repeat'], ['repeat'], ['repeat']]);
  });

  it('shows a weekly repeat once a week', () => {
    const weekly = task('bins', { due_date: '2026-11-20', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-11-06' });
    const days = weekDays(start, [], [weekly], [], TODAY);
    expect(days.map((d) => d.tasks.length)).toEqual([0, 0, 0, 0, 1, 0, 0]);
  });
});

describe('times on the timeline', () => {
  it('moves a time by 15 minutes inside the day only', () => {
    expect(shiftTime('10:00', 15)).toBe('10:15');
    expect(shiftTime('10:00', -15)).toBe('09:45');
    expect(shiftTime('23:45', 15)).toBeNull();
    expect(shiftTime('00:00', -15)).toBeNull();
  });
  it('reads and writes minutes since midnight', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(timeOf(570)).toBe('09:30');
    expect(timeOf(24 * 60)).toBe('24:00');
  });
});

describe('overlapping blocks share the width', () => {
  it('puts overlapping blocks side by side and lone ones at full width', () => {
    const blocks = [
      { start: 540, end: 630 }, // 09:00–10:30
      { start: 600, end: 630 }, // 10:00–10:30, beside it
      { start: 615, end: 660 }, // 10:15–11:00, a third lane
      { start: 660, end: 690 }, // 11:00, alone again
    ];
    expect(lanes(blocks)).toEqual([
      { lane: 0, of: 3 },
      { lane: 1, of: 3 },
      { lane: 2, of: 3 },
      { lane: 0, of: 1 },
    ]);
  });
  it('reuses a lane that has ended', () => {
    expect(lanes([{ start: 0, end: 60 }, { start: 30, end: 90 }, { start: 60, end: 120 }])).toEqual([
      { lane: 0, of: 2 },
      { lane: 1, of: 2 },
      { lane: 0, of: 2 },
    ]);
  });
});
