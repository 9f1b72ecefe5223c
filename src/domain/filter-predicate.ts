// SPEC §14.2: the predicate the device runs over its tasks for a saved filter, live and offline.
// `assignee` and `deadline` are read as optional task fields, so a filter saved for them means
// nothing extra where tasks do not have them yet.
import { addDays } from '@/lib/dates';
import type { FilterQuery } from './filters';
import type { Task } from './model';

/** A task as filters read it: the fields other features add are optional. */
export type FilterTask = Pick<Task, 'id' | 'list_id' | 'title' | 'notes' | 'due_date' | 'priority' | 'done' | 'deleted_at'> & {
  assignee?: string | null;
  deadline?: string | null;
};

export interface FilterContext {
  today: string;
  /** The person's user id ('me'). */
  me: string;
  /** The ids of the person's live labels on a task (empty when none). */
  labelsOf: (taskId: string) => readonly string[];
}

/** The query compiled once into one test per task: run over 10,000 tasks on every change. */
export function filterPredicate(query: FilterQuery, ctx: FilterContext): (task: FilterTask) => boolean {
  const tests: ((t: FilterTask) => boolean)[] = [];
  const status = query.status ?? 'open';
  if (status !== 'all') tests.push(status === 'done' ? (t) => t.done : (t) => !t.done);
  if (query.lists?.length) {
    const lists = new Set(query.lists);
    tests.push((t) => lists.has(t.list_id));
  }
  if (query.priority_at_least) {
    const at = query.priority_at_least;
    tests.push((t) => t.priority >= at);
  }
  const { today } = ctx;
  const due = query.due;
  if (due === 'overdue') tests.push((t) => t.due_date !== null && t.due_date < today && !t.done);
  else if (due === 'today') tests.push((t) => t.due_date === today);
  else if (due === 'next7') {
    const last = addDays(today, 6);
    tests.push((t) => t.due_date !== null && t.due_date >= today && t.due_date <= last);
  } else if (due === 'none') tests.push((t) => t.due_date === null);
  else if (due) tests.push((t) => t.due_date !== null && t.due_date >= due.from && t.due_date <= due.to);
  if (query.deadline_within !== undefined) {
    const by = addDays(today, query.deadline_within);
    tests.push((t) => typeof t.deadline === 'string' && t.deadline <= by);
  }
  if (query.assignee === 'me') tests.push((t) => t.assignee === ctx.me);
  else if (query.assignee === 'nobody') tests.push((t) => !t.assignee);
  else if (query.assignee === 'anyone') tests.push((t) => Boolean(t.assignee));
  if (query.labels?.length) {
    const wanted = new Set(query.labels);
    tests.push((t) => ctx.labelsOf(t.id).some((id) => wanted.has(id)));
  }
  const words = query.words?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (words.length) tests.push((t) => words.every((w) => t.title.toLowerCase().includes(w) || t.notes.toLowerCase().includes(w)));
  return (t) => t.deleted_at === null && tests.every((test) => test(t));
}
