// Many tasks at once (SPEC §18 "Many at once"): one action over up to BULK_LIMIT tasks is one
// read-write transaction holding one change per task — plain `task.*` / `task_label.*` changes
// through their one pure apply, so the server needs nothing new. The rows are read in one round
// (not one per task), each change is applied in memory in turn, and the rows and the outbox
// entries are written at once. Tasks the person may not change are skipped with the reason.
import { ValidationError } from '@/lib/errors';
import { newId, nowIso } from '@/lib/ids';
import { todayIso } from '@/lib/dates';
import { positionAfter } from '@/lib/order';
import type { Mutation, Priority, TaskPatch } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb, TaskRow } from '../db/schema';
import type { Changes, Reads, Rows, StepRecord, TaskRecord } from '../mutations';
import { taskLabelKey } from '../mutations/labels';
import { lastTaskPosition } from '../read/queries';
import { requireIdentity } from './commit';
import { loadMutationCore } from './core-loader';
import { loadSeries } from './tasks-repeat';
import { write } from './transaction';
import { BULK_LIMIT, BULK_TOO_MANY } from './bulk-loader';


export type BulkAction =
  | { kind: 'date'; due_date: string | null }
  | { kind: 'list'; list_id: string }
  | { kind: 'priority'; priority: Priority }
  | { kind: 'assignee'; assignee: string | null }
  | { kind: 'label'; label_id: string }
  | { kind: 'complete' }
  | { kind: 'delete' };

type Planned = Pick<Mutation, 'name' | 'args'>;

export interface BulkSkip {
  id: string;
  message: string;
}

export interface BulkResult {
  /** Tasks changed (one queued change each). */
  changed: number;
  /** Tasks already as asked: nothing sent. */
  unchanged: number;
  /** Tasks refused (view-only list, gone, a rule of the field), with the words why. */
  skipped: BulkSkip[];
  /** The changes that take it all back, in one transaction (`bulkUndo`). */
  undo: Planned[];
}

/** Every read the planned changes name, merged; a task's steps come as its list's (one range read, not one per task). */
function mergedReads(planned: readonly Planned[], readsOf: (m: Planned) => Reads, listOf: (taskId: string) => string | undefined): Reads {
  const out: Required<Pick<Reads, 'tasks' | 'lists' | 'reminders' | 'taskLabels' | 'labels' | 'listMembers'>> & Reads = {
    tasks: [],
    lists: [],
    reminders: [],
    taskLabels: [],
    labels: [],
    listMembers: [],
  };
  const listSteps = new Map<string, Set<'live' | 'deleted'>>();
  for (const m of planned) {
    const r = readsOf(m);
    out.tasks.push(...(r.tasks ?? []));
    out.lists.push(...(r.lists ?? []));
    out.reminders.push(...(r.reminders ?? []));
    out.taskLabels.push(...(r.taskLabels ?? []));
    out.labels.push(...(r.labels ?? []));
    out.listMembers.push(...(r.listMembers ?? []));
    if (r.taskListMembers) out.taskListMembers = true;
    for (const { taskId, state } of r.taskSteps ?? []) {
      const listId = listOf(taskId);
      if (!listId) continue;
      const states = listSteps.get(listId) ?? new Set();
      for (const s of state === 'all' ? (['live', 'deleted'] as const) : [state]) states.add(s);
      listSteps.set(listId, states);
    }
  }
  const unique = (xs: string[]) => [...new Set(xs)];
  return {
    ...out,
    tasks: unique(out.tasks),
    lists: unique(out.lists),
    reminders: unique(out.reminders),
    taskLabels: unique(out.taskLabels),
    labels: unique(out.labels),
    listMembers: unique(out.listMembers),
    listSteps: [...listSteps].flatMap(([listId, states]) => [...states].map((state) => ({ listId, state }))),
  };
}

type Mutable<T> = T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : never;

/** What one applied change wrote, folded into the rows the next change sees. */
function fold(rows: Rows, changes: Changes, into: Required<Pick<Changes, 'tasks' | 'steps' | 'taskLabels' | 'reminders'>>) {
  for (const t of changes.tasks ?? []) (rows.tasks as Mutable<Rows['tasks']>).set(t.id, t);
  for (const s of changes.steps ?? []) (rows.steps as Mutable<NonNullable<Rows['steps']>> | undefined)?.set(s.id, s);
  for (const tl of changes.taskLabels ?? []) (rows.taskLabels as Mutable<NonNullable<Rows['taskLabels']>> | undefined)?.set(taskLabelKey(tl.task_id, tl.label_id), tl);
  for (const r of changes.reminders ?? []) (rows.reminders as Mutable<NonNullable<Rows['reminders']>> | undefined)?.set(r.task_id, r);
  into.tasks.push(...(changes.tasks ?? []));
  into.steps.push(...(changes.steps ?? []));
  into.taskLabels.push(...(changes.taskLabels ?? []));
  into.reminders.push(...(changes.reminders ?? []));
}

/** Last write of a row wins, as the changes were applied in turn. */
function lastById<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((r) => [key(r), r] as const)).values()];
}

/** The change for one task, with its undo; null = nothing to change. Throwing a ValidationError skips the task. */
type Plan = (task: TaskRecord, rows: Rows) => { change: Planned; undo: Planned } | null;

/**
 * Runs `plan` over `ids` in one write: reads every row once, applies each change in turn through
 * its pure apply, writes all rows and queues all changes at once.
 */
interface BulkOptions {
  /** The change whose reads each task needs (given a stand-in `task.update` of the task). */
  needs?: (planned: Planned) => Planned;
  /** Read inside the transaction before the first task is planned. */
  setup?: () => Promise<void>;
  /** Tombstones are planned too (an undo's restore); else they are skipped. */
  deleted?: boolean;
}

async function runBulk(ids: readonly string[], plan: Plan, db: DaybookDb, { needs = (p) => p, setup, deleted = false }: BulkOptions = {}): Promise<BulkResult> {
  if (ids.length > BULK_LIMIT) throw new ValidationError('ids', BULK_TOO_MANY);
  const { applyMutation, loadRows, readsOf, writeChanges } = await loadMutationCore();
  return write(db, async (_enqueue, enqueueAll) => {
    const { userId } = await requireIdentity(db);
    const stored = await db.tasks.bulkGet([...ids]);
    const listOf = new Map(stored.flatMap((r) => (r ? [[r.id, r.list_id] as const] : [])));
    // reads of a stand-in change per task (the shape of the action), before the plan can look at rows
    const shapes = ids.map((id) => needs({ name: 'task.update', args: { id, patch: {} } } as Planned));
    const rows = await loadRows(db, mergedReads(shapes, readsOf, (id) => listOf.get(id)), userId);
    await setup?.();
    const now = nowIso();
    const written = { tasks: [] as TaskRecord[], steps: [] as StepRecord[], taskLabels: [] as NonNullable<Changes['taskLabels']>, reminders: [] as NonNullable<Changes['reminders']> };
    const queued: Planned[] = [];
    const undo: Planned[] = [];
    const skipped: BulkSkip[] = [];
    let unchanged = 0;
    for (const id of ids) {
      const task = rows.tasks.get(id);
      if (!task || (task.deleted_at && !deleted)) {
        skipped.push({ id, message: 'It was deleted' });
        continue;
      }
      let planned: ReturnType<Plan>;
      try {
        planned = plan(task, rows);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        skipped.push({ id, message: err.message });
        continue;
      }
      if (!planned) {
        unchanged++;
        continue;
      }
      const outcome = applyMutation(rows, planned.change, { userId, now });
      if (!outcome.ok) {
        skipped.push({ id, message: outcome.error.message });
        continue;
      }
      fold(rows, outcome.changes, written);
      // a completion's undo ticks again the steps it unticked (as write/occurrences.ts records)
      if (planned.undo.name === 'task.uncomplete_occurrence' && outcome.changes.steps?.length) {
        planned.undo = { ...planned.undo, args: { ...(planned.undo.args as object), steps: outcome.changes.steps.map((step) => step.id) } } as Planned;
      }
      queued.push(planned.change);
      undo.push(planned.undo);
    }
    const changes: Changes = {
      tasks: lastById(written.tasks, (t) => t.id),
      steps: lastById(written.steps, (s) => s.id),
      taskLabels: lastById(written.taskLabels, (tl) => taskLabelKey(tl.task_id, tl.label_id)),
      reminders: lastById(written.reminders, (r) => r.task_id),
    };
    await Promise.all([writeChanges(db, changes, rows), enqueueAll(queued)]);
    return { changed: queued.length, unchanged, skipped, undo: undo.reverse() };
  });
}

/** The old value of each patched field: the patch that takes it back. */
function inversePatch(task: TaskRecord, patch: TaskPatch): TaskPatch {
  const back: Record<string, unknown> = {};
  for (const key of Object.keys(patch)) back[key] = (task as unknown as Record<string, unknown>)[key] ?? null;
  return back as TaskPatch;
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.join() === b.join() : a === b || ((a === null || a === undefined) && (b === null || b === undefined));

/**
 * One action over the tasks `ids` (in the order shown: a move to a list keeps it). See the file's
 * header. `today` is the day a repeating task's completion counts from.
 */
async function bulkEdit(ids: readonly string[], action: BulkAction, db: DaybookDb = getDb(), today: string = todayIso()): Promise<BulkResult> {
  const { validateTaskPatch, nextFromDone } = await loadMutationCore();
  const series = action.kind === 'date' || action.kind === 'complete' ? await loadSeries() : null;
  const update = (task: TaskRecord, wanted: TaskPatch) => {
    const clean = validateTaskPatch(task, wanted);
    const patch: TaskPatch = {};
    for (const [key, value] of Object.entries(clean) as [keyof TaskPatch, unknown][]) {
      if (!same(task[key], value)) Object.assign(patch, { [key]: value });
    }
    if (patch.due_date) series?.restartPatch(task as unknown as TaskRow, patch);
    if (Object.keys(patch).length === 0) return null;
    return { change: { name: 'task.update', args: { id: task.id, patch } } as Planned, undo: { name: 'task.update', args: { id: task.id, patch: inversePatch(task, patch) } } as Planned };
  };
  switch (action.kind) {
    case 'date':
      return runBulk(ids, (task) => update(task, { due_date: action.due_date }), db);
    case 'priority':
      return runBulk(ids, (task) => update(task, { priority: action.priority }), db);
    case 'assignee':
      return runBulk(ids, (task) => update(task, { assignee: action.assignee }), db, {
        needs: (p) => ({ name: 'task.update', args: { id: (p.args as { id: string }).id, patch: { assignee: null } } }) as Planned,
      });
    case 'list': {
      // each moved task goes to the end of the target list, in the order given
      let last: string | null = null;
      const target = action.list_id;
      return runBulk(
        ids,
        (task) => {
          if (task.list_id === target) return null;
          last = positionAfter(last);
          const change = { name: 'task.update', args: { id: task.id, patch: { list_id: target, position: last } } } as Planned;
          return { change, undo: { name: 'task.update', args: { id: task.id, patch: { list_id: task.list_id, position: task.position } } } as Planned };
        },
        db,
        {
          needs: (p) => ({ name: 'task.update', args: { id: (p.args as { id: string }).id, patch: { list_id: target } } }) as Planned,
          setup: async () => {
            last = await lastTaskPosition(db, target);
          },
        },
      );
    }
    case 'label':
      return runBulk(
        ids,
        (task, rows) => {
          const on = rows.taskLabels?.get(taskLabelKey(task.id, action.label_id));
          if (on && !on.deleted_at) return null;
          const args = { task_id: task.id, label_id: action.label_id };
          return { change: { name: 'task_label.add', args } as Planned, undo: { name: 'task_label.remove', args } as Planned };
        },
        db,
        { needs: (p) => ({ name: 'task_label.add', args: { task_id: (p.args as { id: string }).id, label_id: action.label_id } }) as Planned },
      );
    case 'delete':
      return runBulk(
        ids,
        (task) => ({ change: { name: 'task.delete', args: { id: task.id } } as Planned, undo: { name: 'task.restore', args: { id: task.id } } as Planned }),
        db,
        { needs: (p) => ({ name: 'task.delete', args: { id: (p.args as { id: string }).id } }) as Planned },
      );
    case 'complete':
      return runBulk(
        ids,
        (task) => {
          if (task.done) return null;
          const parsed = task.repeat && task.due_date ? series!.parseRule(task.repeat) : null;
          if (!parsed?.ok || !task.due_date) return update(task, { done: true });
          // a repeating task completes its occurrence, as ticking it does (write/occurrences.ts)
          const fromDone = parsed.rule.fromDone === true;
          const next = fromDone ? nextFromDone(task.repeat as string, task.due_date, today) : series!.nextDue(parsed.rule, task.repeat_anchor ?? task.due_date, task.due_date, today);
          const done = { id: task.id, occurrence: task.due_date, next, completion: newId() };
          const rule = { repeat: task.repeat ?? null, repeat_anchor: task.repeat_anchor ?? null, ...(fromDone ? { done_on: today } : {}) };
          return {
            change: { name: 'task.complete_occurrence', args: { ...done, ...rule } } as Planned,
            undo: { name: 'task.uncomplete_occurrence', args: done } as Planned,
          };
        },
        db,
        { needs: (p) => ({ name: 'task.complete_occurrence', args: { id: (p.args as { id: string }).id } }) as Planned },
      );
  }
}

/** Takes back what one `bulkEdit` did, in one transaction (one change per task). */
async function bulkUndo(result: Pick<BulkResult, 'undo'>, db: DaybookDb = getDb()): Promise<BulkResult> {
  const byId = new Map(result.undo.map((m) => [((m.args as { id?: string; task_id?: string }).id ?? (m.args as { task_id: string }).task_id) as string, m]));
  const ids = [...byId.keys()];
  // each change's own reads: a move back reads where it goes, a restore its tombstoned steps
  return runBulk(ids, (task) => ({ change: byId.get(task.id)!, undo: byId.get(task.id)! }), db, {
    needs: (p) => byId.get((p.args as { id: string }).id)!,
    deleted: true,
  });
}

export const bulk = { edit: bulkEdit, undo: bulkUndo };
