// A list screen's "Sort" choices (SPEC §18 "Sort"); ties keep the manual order.
import type { Task } from './model';
import { cmp, compareForDay, type Ordered } from './task-order';

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
