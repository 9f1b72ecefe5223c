// What a saved filter keeps (SPEC §14.2), built from one read of every task and then patched from
// each committed write of this handle (../live/cache.ts `Holder`): a task row written is tested
// again with the pure predicate and put in or taken out of the sorted result, so a write costs a
// test and a binary search rather than a re-read of every task. Any write to lists or labels
// (rare: a list deleted or restored, a label deleted) is not patched: the next read starts afresh.
import { filterPredicate } from '@/domain/filter-predicate';
import type { FilterQuery } from '@/domain/filters';
import type { Task } from '@/domain/model';
import type { Holder } from '../live/cache';
import type { Op } from '../live/patch';
import { type LabelRow, type ListRow, STATE, type TaskLabelRow, type TaskRow, toTask } from '../db/schema';

export interface FilterRead {
  me: string;
  lists: readonly ListRow[];
  tasks: readonly TaskRow[];
  /** The rows of the query's labels on tasks (none when it names no labels). */
  taskLabels: readonly TaskLabelRow[];
  labels: readonly (LabelRow | undefined)[];
}

interface Entry {
  row: TaskRow;
  task: Task;
}

/** By due date (undated last), then position, then id, by code point: a list's own order within a day. */
function before(a: TaskRow, b: TaskRow): boolean {
  const da = a.due_date ?? '9999';
  const dbb = b.due_date ?? '9999';
  if (da !== dbb) return da < dbb;
  if (a.position !== b.position) return a.position < b.position;
  return a.id < b.id;
}

const TABLES: ReadonlySet<string> = new Set(['tasks', 'task_labels', 'lists', 'labels']);

export class FilterResult implements Holder {
  readonly tables = TABLES;
  private readonly all = new Map<string, TaskRow>();
  private readonly shown = new Map<string, Entry>();
  /** The rows kept, in order, and their tasks at the same indexes (the answer). */
  private sorted: TaskRow[] = [];
  private answer: Task[] = [];
  /** The answer was handed out: the next change copies it first (callers keep theirs). */
  private handedOut = false;
  private readonly labelsOn = new Map<string, string[]>();
  private readonly wanted: ReadonlySet<string>;
  private readonly keep: (row: TaskRow) => boolean;

  constructor(query: FilterQuery, today: string, read: FilterRead) {
    const status = query.status ?? 'open';
    const states: number[] = status === 'all' ? [STATE.open, STATE.done] : [status === 'done' ? STATE.done : STATE.open];
    const liveLists = new Set(read.lists.filter((l) => !l.deleted_at).map((l) => l.id));
    this.wanted = new Set(read.labels.flatMap((l) => (l && !l.deleted_at ? [l.id] : [])));
    for (const r of read.taskLabels) this.label(r.task_id, r.label_id, !r.deleted_at);
    const test = filterPredicate(query, { today, me: read.me, labelsOf: (id) => this.labelsOn.get(id) ?? [] });
    this.keep = (row) => states.includes(row.state) && liveLists.has(row.list_id) && test(row);
    const entries: Entry[] = [];
    for (const row of read.tasks) {
      this.all.set(row.id, row);
      if (!this.keep(row)) continue;
      const entry = { row, task: toTask(row) };
      this.shown.set(row.id, entry);
      entries.push(entry);
    }
    entries.sort((a, b) => (before(a.row, b.row) ? -1 : before(b.row, a.row) ? 1 : 0));
    this.sorted = entries.map((e) => e.row);
    this.answer = entries.map((e) => e.task);
  }

  /** The tasks kept, in order; unchanged tasks are the same objects from one answer to the next. */
  tasks(): Task[] {
    this.handedOut = true;
    return this.answer;
  }

  take(op: Op): boolean {
    if (op.table === 'tasks') {
      if ('put' in op) {
        for (const row of op.put as TaskRow[]) {
          this.all.set(row.id, row);
          this.retest(row.id);
        }
      } else {
        for (const id of op.del as string[]) {
          this.all.delete(id);
          this.retest(id);
        }
      }
      return true;
    }
    if (op.table === 'task_labels') {
      const changes: [string, string, boolean][] =
        'put' in op ? (op.put as TaskLabelRow[]).map((r) => [r.task_id, r.label_id, !r.deleted_at]) : (op.del as [string, string][]).map(([t, l]) => [t, l, false]);
      for (const [taskId, labelId, on] of changes) {
        if (!this.wanted.has(labelId)) continue;
        this.label(taskId, labelId, on);
        this.retest(taskId);
      }
      return true;
    }
    return false;
  }

  private label(taskId: string, labelId: string, on: boolean): void {
    if (!this.wanted.has(labelId)) return;
    const ids = (this.labelsOn.get(taskId) ?? []).filter((id) => id !== labelId);
    if (on) ids.push(labelId);
    if (ids.length) this.labelsOn.set(taskId, ids);
    else this.labelsOn.delete(taskId);
  }

  /** Takes the task out of the result and puts it back where it now belongs, if it still does. */
  private retest(id: string): void {
    const old = this.shown.get(id);
    const row = this.all.get(id);
    const keep = row !== undefined && this.keep(row);
    if (!old && !keep) return;
    if (this.handedOut) {
      this.answer = this.answer.slice();
      this.handedOut = false;
    }
    if (old) {
      const at = this.indexOf(old.row);
      this.sorted.splice(at, 1);
      this.answer.splice(at, 1);
      this.shown.delete(id);
    }
    if (!keep || !row) return;
    const entry = old && old.row === row ? old : { row, task: toTask(row) };
    const at = this.insertionPoint(row);
    this.sorted.splice(at, 0, row);
    this.answer.splice(at, 0, entry.task);
    this.shown.set(id, entry);
  }

  /** The first index whose row sorts at or after `row`. */
  private insertionPoint(row: TaskRow): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.sorted[mid] as TaskRow, row)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private indexOf(row: TaskRow): number {
    const at = this.insertionPoint(row);
    return this.sorted[at] === row ? at : this.sorted.indexOf(row);
  }
}
