// Orders tasks are shown in besides the stored (manual) one (SPEC §18 "Sort"): Today's — timed
// tasks first by their time, then the rest by priority (high first), then manual order — and a
// list screen's "Sort" choices. Pure: the screens sort the rows their live query gave them (a
// handful on Today; a list's only when a sort other than Manual is chosen, so the list screen's
// index-ordered path stays as fast as before).
import type { Task } from './model';

type Ordered = Pick<Task, 'due_date' | 'due_time' | 'priority' | 'position'>;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Within one day: timed by time, then priority (high first), then manual position. */
export function compareForDay(a: Ordered, b: Ordered): number {
  if ((a.due_time === null) !== (b.due_time === null)) return a.due_time === null ? 1 : -1;
  return cmp(a.due_time ?? '', b.due_time ?? '') || b.priority - a.priority || cmp(a.position, b.position);
}

/** Overdue: oldest day first, each day as `compareForDay`. */
export function compareForToday(a: Ordered, b: Ordered): number {
  return cmp(a.due_date ?? '', b.due_date ?? '') || compareForDay(a, b);
}

export type ListSort = 'manual' | 'due' | 'priority' | 'title' | 'added';

export const LIST_SORTS: { value: ListSort; name: string }[] = [
  { value: 'manual', name: 'Manual' },
  { value: 'due', name: 'Due date' },
  { value: 'priority', name: 'Priority' },
  { value: 'title', name: 'Title' },
  { value: 'added', name: 'Date added' },
];

let collator: Intl.Collator | null = null;

type Sortable = Ordered & Pick<Task, 'title' | 'created_at'>;

/** The comparator of a list sort; null for Manual (the stored order). Ties keep manual order. */
export function listComparator(sort: ListSort): ((a: Sortable, b: Sortable) => number) | null {
  switch (sort) {
    case 'manual':
      return null;
    case 'due':
      // undated last
      return (a, b) =>
        (a.due_date === null ? 1 : 0) - (b.due_date === null ? 1 : 0) || cmp(a.due_date ?? '', b.due_date ?? '') || compareForDay(a, b);
    case 'priority':
      return (a, b) => b.priority - a.priority || cmp(a.position, b.position);
    case 'title':
      collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
      return (a, b) => collator!.compare(a.title, b.title) || cmp(a.position, b.position);
    case 'added':
      // newest first
      return (a, b) => cmp(b.created_at, a.created_at) || cmp(a.position, b.position);
  }
}

export function isListSort(value: unknown): value is ListSort {
  return LIST_SORTS.some((s) => s.value === value);
}
