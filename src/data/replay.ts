// Applying a queued mutation to local rows, the way the server will: used to rebase pending
// edits over freshly pulled rows, and to re-apply a refused change the user retries.
import type { List, OutboxEntry, Task } from '@/lib/model';

type TaskWithFlag = Task & { deleted_with_list?: boolean };

export function applyToTask(task: TaskWithFlag, m: OutboxEntry, now: string): TaskWithFlag {
  switch (m.name) {
    case 'task.update': {
      const next: TaskWithFlag = { ...task, ...m.args.patch, updated_at: now };
      if ('done' in m.args.patch) next.done_at = m.args.patch.done ? (task.done_at ?? now) : null;
      if ('due_date' in m.args.patch && m.args.patch.due_date === null && !('due_time' in m.args.patch)) next.due_time = null;
      return next;
    }
    case 'task.delete':
      return task.deleted_at ? task : { ...task, deleted_at: now, updated_at: now, deleted_with_list: false };
    case 'task.restore':
      return { ...task, deleted_at: null, updated_at: now, deleted_with_list: false };
    default:
      return task;
  }
}

export function applyToList(list: List, m: OutboxEntry, now: string): List {
  switch (m.name) {
    case 'list.update':
      return { ...list, ...m.args.patch, updated_at: now };
    case 'list.delete':
      return list.deleted_at ? list : { ...list, deleted_at: now, updated_at: now };
    case 'list.restore':
      return { ...list, deleted_at: null, updated_at: now };
    default:
      return list;
  }
}

/** The task or list id a mutation edits, if it edits one existing row. */
export function targetOf(m: OutboxEntry): { kind: 'task' | 'list'; id: string } | null {
  switch (m.name) {
    case 'task.update':
    case 'task.delete':
    case 'task.restore':
      return { kind: 'task', id: m.args.id };
    case 'list.update':
    case 'list.delete':
    case 'list.restore':
      return { kind: 'list', id: m.args.id };
    default:
      return null;
  }
}
