// What the bar's toast says after changing many tasks (SPEC §18): "Moved 12 tasks to Tomorrow",
// and what was left alone and why ("2 skipped: You can only view this list").
import type { BulkResult } from '@/data';
import type { Priority } from '@/domain/model';
import { dayLabel } from '@/lib/dates';
import { t } from './bulk-bar/messages';

export type BulkDone =
  | { kind: 'date'; due_date: string | null; today: string }
  | { kind: 'list'; name: string }
  | { kind: 'priority'; priority: Priority }
  | { kind: 'label'; name: string }
  | { kind: 'assignee'; name: string | null }
  | { kind: 'complete' }
  | { kind: 'delete' };

export const taskCount = (n: number) => t('bulkBar.tasks', { count: n });

const LEVELS = { 1: 'low', 2: 'medium', 3: 'high' } as const;

export function bulkDoneMessage(done: BulkDone, changed: number): string {
  const tasks = taskCount(changed);
  switch (done.kind) {
    case 'date':
      return done.due_date === null ? t('bulkBar.bulkUndated', { tasks }) : t('bulkBar.bulkDated', { tasks, day: dayLabel(done.due_date, done.today) });
    case 'list':
      return t('bulkBar.bulkList', { tasks, list: done.name });
    case 'priority':
      return done.priority === 0 ? t('bulkBar.bulkNoPriority', { tasks }) : t('bulkBar.bulkPriority', { tasks, level: LEVELS[done.priority] });
    case 'label':
      return t('bulkBar.bulkLabel', { tasks, label: done.name });
    case 'assignee':
      return done.name === null ? t('bulkBar.bulkUnassigned', { tasks }) : t('bulkBar.bulkAssigned', { tasks, name: done.name });
    case 'complete':
      return t('bulkBar.bulkCompleted', { tasks });
    case 'delete':
      return t('bulkBar.bulkDeleted', { tasks });
  }
}

/** "2 skipped: You can only view this list" (the first reason; the others usually match it). */
export function skippedMessage(result: Pick<BulkResult, 'skipped'>): string | null {
  const first = result.skipped[0];
  if (!first) return null;
  const reasons = new Set(result.skipped.map((s) => s.message));
  return t('bulkBar.skipped', { count: result.skipped.length, reason: first.message, others: reasons.size > 1 ? 'yes' : 'no' });
}
