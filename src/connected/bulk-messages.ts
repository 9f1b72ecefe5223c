// What the bar's toast says after changing many tasks (SPEC §18): "Moved 12 tasks to Tomorrow",
// and what was left alone and why ("2 skipped: You can only view this list").
import type { BulkResult } from '@/data';
import { dayLabel } from '@/lib/dates';
import { formatCount } from '@/ui/format';

export type BulkDone =
  | { kind: 'date'; due_date: string | null; today: string }
  | { kind: 'list'; name: string }
  | { kind: 'priority'; name: string }
  | { kind: 'label'; name: string }
  | { kind: 'assignee'; name: string | null }
  | { kind: 'complete' }
  | { kind: 'delete' };

export const taskCount = (n: number) => (n === 1 ? '1 task' : `${formatCount(n)} tasks`);

export function bulkDoneMessage(done: BulkDone, changed: number): string {
  const n = taskCount(changed);
  switch (done.kind) {
    case 'date':
      return done.due_date === null ? `Removed the date from ${n}` : `Moved ${n} to ${dayLabel(done.due_date, done.today)}`;
    case 'list':
      return `Moved ${n} to ${done.name}`;
    case 'priority':
      return done.name === 'None' ? `Removed the priority from ${n}` : `Set ${n} to ${done.name.toLowerCase()} priority`;
    case 'label':
      return `Labelled ${n} ${done.name}`;
    case 'assignee':
      return done.name === null ? `Unassigned ${n}` : `Assigned ${n} to ${done.name}`;
    case 'complete':
      return `Completed ${n}`;
    case 'delete':
      return `Deleted ${n}`;
  }
}

/** "2 skipped: You can only view this list" (the first reason; the others usually match it). */
export function skippedMessage(result: Pick<BulkResult, 'skipped'>): string | null {
  const first = result.skipped[0];
  if (!first) return null;
  const reasons = new Set(result.skipped.map((s) => s.message));
  return `${formatCount(result.skipped.length)} skipped: ${first.message}${reasons.size > 1 ? ' (and other reasons)' : ''}`;
}
