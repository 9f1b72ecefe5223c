import { describe, expect, it } from 'vitest';
import type { Task } from '@/domain/model';
import { listComparator } from '@/domain/list-sort';
import { compareForDay, compareForToday } from '@/domain/task-order';

const t = (title: string, o: Partial<Task> = {}) =>
  ({ title, due_date: '2026-11-28', due_time: null, priority: 0, position: 'a0', created_at: '2026-11-01T00:00:00Z', ...o }) as Task;

describe('task orders', () => {
  it("orders a day's tasks: timed by time, then by priority, then manual order", () => {
    const rows = [
      t('plain b', { position: 'b' }),
      t('high', { priority: 3, position: 'c' }),
      t('at 9', { due_time: '09:00', position: 'z' }),
      t('plain a', { position: 'a' }),
      t('at 8', { due_time: '08:00', position: 'y' }),
    ];
    expect([...rows].sort(compareForDay).map((r) => r.title)).toEqual(['at 8', 'at 9', 'high', 'plain a', 'plain b']);
    const older = t('older', { due_date: '2026-11-20', priority: 0 });
    expect([rows[1]!, older].sort(compareForToday).map((r) => r.title)).toEqual(['older', 'high']);
  });

  it('sorts a list by due date (undated last), priority, title and date added; manual is none', () => {
    const rows = [
      t('banana', { due_date: null, priority: 1, position: 'a', created_at: '2026-11-03T00:00:00Z' }),
      t('Apple 10', { due_date: '2026-12-01', priority: 3, position: 'b', created_at: '2026-11-01T00:00:00Z' }),
      t('apple 9', { due_date: '2026-11-30', priority: 0, position: 'c', created_at: '2026-11-02T00:00:00Z' }),
    ];
    const by = (sort: Parameters<typeof listComparator>[0]) => [...rows].sort(listComparator(sort)!).map((r) => r.title);
    expect(listComparator('manual')).toBeNull();
    expect(by('due')).toEqual(['apple 9', 'Apple 10', 'banana']);
    expect(by('priority')).toEqual(['Apple 10', 'banana', 'apple 9']);
    expect(by('title')).toEqual(['apple 9', 'Apple 10', 'banana']);
    expect(by('added')).toEqual(['banana', 'apple 9', 'Apple 10']);
  });
});
