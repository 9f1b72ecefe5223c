// Orders tasks are shown in besides the stored (manual) one (SPEC §18 "Sort"): Today's — timed
// tasks first by their time, then the rest by priority (high first), then manual order. A list
// screen's "Sort" choices are in ./list-sort.ts (Today's first screen needs only these). Pure:
// the screens sort the rows their live query gave them (a handful on Today; a list's only when a
// sort other than Manual is chosen, so the list screen's index-ordered path stays as fast as before).
import type { Task } from './model';

export type Ordered = Pick<Task, 'due_date' | 'due_time' | 'priority' | 'position'>;

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Within one day: timed by time, then priority (high first), then manual position. */
export function compareForDay(a: Ordered, b: Ordered): number {
  if ((a.due_time === null) !== (b.due_time === null)) return a.due_time === null ? 1 : -1;
  return cmp(a.due_time ?? '', b.due_time ?? '') || b.priority - a.priority || cmp(a.position, b.position);
}

/** Overdue: oldest day first, each day as `compareForDay`. */
export function compareForToday(a: Ordered, b: Ordered): number {
  return cmp(a.due_date ?? '', b.due_date ?? '') || compareForDay(a, b);
}
