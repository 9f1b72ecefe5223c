// The rule arithmetic the repeating-task writes need, in a chunk of its own: ticking a repeating
// task or moving its date loads it (tasks-repeat.ts, loadSeries); the first screen, which writes
// through the same writes, does not.
import { formatRule, parseRule, restartAt } from '@/domain/recurrence';
import type { TaskPatch } from '@/domain/model';
import type { TaskRow } from '../db/schema';

export { formatRule, nextDue, parseRule, restartAt } from '@/domain/recurrence';

/**
 * A repeating task's due date moved by hand (a patch that sets a date and says nothing of the
 * repeat): the series restarts there (restartAt: new anchor, a COUNT keeps the occurrences left).
 * Plain tasks and patches without a date are left as they are. The caller loads this module
 * (loadSeries) before its transaction for any patch with a date.
 */
export function restartPatch(row: TaskRow, changed: TaskPatch): void {
  if (!row.repeat || !row.due_date || !changed.due_date || 'repeat' in changed || 'repeat_anchor' in changed) return;
  const parsed = parseRule(row.repeat);
  if (!parsed.ok) return;
  const restarted = restartAt(parsed.rule, row.repeat_anchor ?? row.due_date, row.due_date, changed.due_date);
  const text = formatRule(restarted.rule);
  if (text !== row.repeat) changed.repeat = text;
  changed.repeat_anchor = restarted.anchor;
}
