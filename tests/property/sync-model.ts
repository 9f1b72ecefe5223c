// The oracle for the sync property test: the server's documented semantics (ARCHITECTURE.md,
// supabase/README.md) as a tiny model. Every change the server *applied*, replayed in the
// order the server applied it, must give exactly the rows the server ends with: that is "every
// edit is present, or overwritten by a later one in server order, or was refused".
import type { Mutation, MutationArgs, MutationError } from '@/domain/model';
import { isFromDone, nextFromDone } from '@/domain/recurrence';
import { addDays, daysBetween } from '@/lib/dates';

export interface ModelTask {
  list_id: string;
  title: string;
  notes: string;
  due_date: string | null;
  due_time: string | null;
  priority: number;
  done: boolean;
  position: string;
  deleted: boolean;
  deleted_with_list: boolean;
  repeat: string | null;
  repeat_anchor: string | null;
  /** The completion that last moved the task on, until its Undo (SPEC §15). */
  last_completion: string | null;
  /** Who does it, and the order a repeating task takes turns in (SPEC §13.2). */
  assignee: string | null;
  turns: string[] | null;
  /** SPEC §14.3: moves with the due date when an occurrence is completed. */
  deadline: string | null;
  steps_start_over: boolean;
  /** SPEC §18: a timed task's minutes; cleared with its time. */
  duration_min: number | null;
  /** What the last completion did, for its Undo (SPEC §21): the steps it unticked, whose turn before and after. */
  did: { steps: string[]; before: string | null; after: string | null } | null;
}

export interface ModelComment {
  task_id: string;
  body: string;
  deleted: boolean;
  /** Tombstoned by its task's delete: the task's restore brings it back. */
  deleted_with_task: boolean;
}

/** A step's tick, and whether it was deleted on its own (a live task's steps are live unless so). */
export interface ModelStep {
  task_id: string;
  done: boolean;
  deleted: boolean;
}

export interface ModelList {
  name: string;
  color: string;
  position: string;
  deleted: boolean;
}

export interface Model {
  tasks: Map<string, ModelTask>;
  lists: Map<string, ModelList>;
  /** `${user id}/${task id}` → offset_minutes (null = cleared): each person's own. */
  reminders: Map<string, number | null>;
  /** Live members of each list made by list.create (an Inbox, whose id is its owner's, is not here). */
  members: Map<string, Set<string>>;
  /** User ids by e-mail in lower case, to follow member.invite. */
  people: Map<string, string>;
  /** `${user id}/${task id}/${label id}` → on (false = taken off, a row that syncs): each person's own. */
  taskLabels: Map<string, boolean>;
  /** user id → the name and colour they chose (SPEC §16), as profile.update leaves them. */
  profiles: Map<string, { display_name: string | null; color: string | null }>;
  /** Comments by id (every person's: each is in its task's list). */
  comments: Map<string, ModelComment>;
  steps: Map<string, ModelStep>;
  /** user id → the read marks they made (SPEC §17): the ids marked one by one, and the latest `before` of a read_all, in microseconds. */
  readMarks: Map<string, { ids: Set<string>; upTo: number }>;
  /** `${user id}/${task id}` → how many 'assigned' notifications the server made them (notifications.sql notify_task). */
  assignedNotes: Map<string, number>;
}

export function emptyModel(people: Map<string, string> = new Map()): Model {
  return { tasks: new Map(), lists: new Map(), reminders: new Map(), members: new Map(), people, taskLabels: new Map(), profiles: new Map(), comments: new Map(), steps: new Map(), readMarks: new Map(), assignedNotes: new Map() };
}

const membersOf = (model: Model, listId: string) => model.members.get(listId) ?? new Set([listId]);

/** Whose turn follows `who`'s (assignees.sql turn_after). */
function turnAfter(turns: string[] | null, who: string | null, step: 1 | -1): string | null {
  if (!turns?.length) return who;
  const at = who === null ? -1 : turns.indexOf(who);
  return at < 0 ? turns[0]! : turns[(at + step + turns.length) % turns.length]!;
}

/** A person off a list: their assignments cleared and their place in every turn order gone. */
function dropAssignments(model: Model, listId: string, who: string | undefined): void {
  model.members.get(listId)?.delete(who ?? '');
  for (const t of model.tasks.values()) {
    if (t.list_id !== listId) continue;
    if (t.assignee === who) t.assignee = null;
    const turns = t.turns?.filter((id) => id !== who) ?? null;
    t.turns = turns?.length ? turns : null;
  }
}

/**
 * Applies one change the server reported as applied; `userId` is who sent it (reminders are
 * theirs). A live task that it hands to someone other than its sender tells them (SPEC §17).
 */
export function applyToModel(model: Model, m: Mutation, userId?: string): void {
  const was = new Map([...model.tasks].map(([id, t]) => [id, t.assignee]));
  applyChange(model, m, userId);
  for (const [id, t] of model.tasks) {
    if (t.deleted || t.assignee === null || t.assignee === (was.get(id) ?? null) || t.assignee === userId) continue;
    const key = `${t.assignee}/${id}`;
    model.assignedNotes.set(key, (model.assignedNotes.get(key) ?? 0) + 1);
  }
}

function applyChange(model: Model, m: Mutation, userId?: string): void {
  switch (m.name) {
    case 'reminder.set':
      model.reminders.set(`${userId}/${m.args.task_id}`, m.args.offset_minutes);
      return;
    case 'reminder.clear': {
      // clearing what is not set writes no row
      const key = `${userId}/${m.args.task_id}`;
      if (model.reminders.has(key)) model.reminders.set(key, null);
      return;
    }
    case 'profile.update': {
      const before = model.profiles.get(userId ?? '') ?? { display_name: null, color: null };
      const name = m.args.display_name;
      model.profiles.set(userId ?? '', {
        display_name: 'display_name' in m.args ? (typeof name === 'string' && name.trim() ? name.trim() : null) : before.display_name,
        color: 'color' in m.args ? (m.args.color ?? null) : before.color,
      });
      return;
    }
    case 'task_label.add':
      model.taskLabels.set(`${userId}/${m.args.task_id}/${m.args.label_id}`, true);
      return;
    case 'task_label.remove': {
      // taking off what is not on writes no row
      const key = `${userId}/${m.args.task_id}/${m.args.label_id}`;
      if (model.taskLabels.has(key)) model.taskLabels.set(key, false);
      return;
    }
    case 'notification.read':
    case 'notification.read_all': {
      const marks = model.readMarks.get(userId ?? '') ?? { ids: new Set<string>(), upTo: Number.NEGATIVE_INFINITY };
      if (m.name === 'notification.read') for (const id of m.args.ids) marks.ids.add(id);
      else marks.upTo = Math.max(marks.upTo, micros(m.args.before));
      model.readMarks.set(userId ?? '', marks);
      return;
    }
    case 'comment.create':
      model.comments.set(m.args.id, { task_id: m.args.task_id, body: m.args.body.trim(), deleted: false, deleted_with_task: false });
      return;
    case 'comment.update': {
      const c = model.comments.get(m.args.id);
      if (c) c.body = m.args.body.trim();
      return;
    }
    case 'comment.delete': {
      const c = model.comments.get(m.args.id);
      if (c) Object.assign(c, { deleted: true, deleted_with_task: false });
      return;
    }
    case 'task.create': {
      const a = m.args;
      model.tasks.set(a.id, {
        list_id: a.list_id,
        title: a.title.trim(),
        notes: a.notes ?? '',
        due_date: a.due_date ?? null,
        due_time: a.due_time ?? null,
        priority: a.priority ?? 0,
        done: false,
        position: a.position,
        deleted: false,
        deleted_with_list: false,
        repeat: a.repeat ?? null,
        repeat_anchor: a.repeat ? (a.repeat_anchor ?? a.due_date ?? null) : null,
        last_completion: null,
        assignee: a.assignee ?? null,
        turns: null,
        deadline: a.deadline ?? null,
        steps_start_over: a.steps_start_over ?? true,
        duration_min: null,
        did: null,
      });
      return;
    }
    case 'step.create':
      model.steps.set(m.args.id, { task_id: m.args.task_id, done: false, deleted: false });
      return;
    case 'step.update': {
      const s = model.steps.get(m.args.id);
      if (s && m.args.patch.done !== undefined) s.done = m.args.patch.done;
      return;
    }
    case 'step.delete':
    case 'step.restore': {
      const s = model.steps.get(m.args.id);
      if (s) s.deleted = m.name === 'step.delete';
      return;
    }
    case 'task.update': {
      const t = model.tasks.get(m.args.id);
      if (!t) throw new Error(`model: update of unknown task ${m.args.id}`);
      const p = m.args.patch;
      const dueDate = 'due_date' in p ? (p.due_date ?? null) : t.due_date;
      const dueTime = 'due_time' in p ? (p.due_time ?? null) : dueDate === null ? null : t.due_time;
      // a repeat needs a date: clearing the date clears it; set without an anchor, it starts at the date
      let repeat = dueDate === null ? null : t.repeat;
      let anchor = dueDate === null ? null : t.repeat_anchor;
      if ('repeat' in p || 'repeat_anchor' in p) {
        repeat = 'repeat' in p ? (p.repeat ?? null) : t.repeat;
        anchor = repeat === null ? null : (p.repeat_anchor ?? dueDate);
      }
      Object.assign(t, {
        list_id: p.list_id ?? t.list_id,
        title: p.title !== undefined ? p.title.trim() : t.title,
        notes: p.notes ?? t.notes,
        due_date: dueDate,
        due_time: dueTime,
        priority: p.priority ?? t.priority,
        done: p.done ?? t.done,
        position: p.position ?? t.position,
        repeat,
        repeat_anchor: anchor,
        deadline: 'deadline' in p ? (p.deadline ?? null) : t.deadline,
        steps_start_over: p.steps_start_over ?? t.steps_start_over,
        // a duration belongs to a time: clearing the time (or the date) clears it
        duration_min: dueTime === null ? null : 'duration_min' in p ? (p.duration_min ?? null) : t.duration_min,
      });
      // who does it: a move keeps only members of the new list; a new turn order hands the task
      // to its first person unless its assignee is in it
      if ('assignee' in p) t.assignee = p.assignee ?? null;
      if ('turns' in p) t.turns = p.turns ?? null;
      const members = membersOf(model, t.list_id);
      if (t.assignee !== null && !members.has(t.assignee)) t.assignee = null;
      const turns = t.turns?.filter((id) => members.has(id)) ?? null;
      t.turns = turns?.length ? turns : null;
      if ('turns' in p && t.turns && (t.assignee === null || !t.turns.includes(t.assignee))) t.assignee = t.turns[0]!;
      return;
    }
    case 'task.delete': {
      // a task its list's delete took becomes deleted on its own: restoring the list leaves it deleted
      const t = model.tasks.get(m.args.id);
      if (t && !t.deleted) {
        // its live comments go with it, for its restore to bring back
        for (const c of model.comments.values()) if (c.task_id === m.args.id && !c.deleted) Object.assign(c, { deleted: true, deleted_with_task: true });
      }
      if (t) Object.assign(t, { deleted: true, deleted_with_list: false });
      return;
    }
    case 'task.restore': {
      const t = model.tasks.get(m.args.id);
      if (t?.deleted) {
        for (const c of model.comments.values()) if (c.task_id === m.args.id && c.deleted_with_task) Object.assign(c, { deleted: false, deleted_with_task: false });
      }
      if (t) Object.assign(t, { deleted: false, deleted_with_list: false });
      return;
    }
    case 'task.complete_occurrence': {
      // only while still at that occurrence (SPEC §11.1); next null ends the series, and a task
      // whose repeat was removed meanwhile completes like a plain one
      const t = model.tasks.get(m.args.id);
      if (!t || t.deleted || t.done || t.due_date !== m.args.occurrence) return;
      if (staleRule(t, m.args)) throw new Error(`model: completion of ${m.args.id} from another rule was applied (SPEC §15: stale)`);
      t.last_completion = m.args.completion ?? null;
      // a repeat from the day it's done counts from the day the completion carries (SPEC §14.3)
      const next = m.args.done_on && isFromDone(t.repeat) ? nextFromDone(t.repeat as string, m.args.occurrence, m.args.done_on) : m.args.next;
      if (next === null || t.repeat === null) Object.assign(t, { done: true, did: null });
      else {
        // steps that start over are unticked; the completion records which, and whose turn it was
        const unticked = t.steps_start_over ? liveSteps(model, m.args.id).filter(([, s]) => s.done) : [];
        for (const [, s] of unticked) s.done = false;
        const after = turnAfter(t.turns, t.assignee, 1);
        const did = { steps: unticked.map(([id]) => id), before: t.assignee, after };
        Object.assign(t, { due_date: next, deadline: moved(t.deadline, m.args.occurrence, next), assignee: after, did });
      }
      return;
    }
    case 'task.uncomplete_occurrence': {
      // only its own completion (SPEC §15): another device's completion of the occurrence stays
      const t = model.tasks.get(m.args.id);
      if (!t || t.deleted || t.last_completion !== (m.args.completion ?? null)) return;
      if (t.done && m.args.next === null && t.due_date === m.args.occurrence) Object.assign(t, { done: false, last_completion: null, did: null });
      else if (!t.done && m.args.next !== null && t.due_date === m.args.next) {
        // exactly what the completion did (SPEC §21): its steps ticked again, and the turn handed
        // back only while the task is still with whom it handed it to
        const did = t.did;
        const ticked = new Set(did ? did.steps : (m.args.steps ?? []));
        for (const [id, s] of liveSteps(model, m.args.id)) if (ticked.has(id)) s.done = true;
        const back = !did ? turnAfter(t.turns, t.assignee, -1)
          : t.assignee !== did.after ? t.assignee
          : did.before === null || did.before === did.after || (t.turns ?? []).includes(did.before) ? did.before : t.assignee;
        Object.assign(t, { due_date: m.args.occurrence, deadline: moved(t.deadline, m.args.next, m.args.occurrence), last_completion: null, assignee: back, did: null });
      }
      return;
    }
    case 'list.create':
      model.lists.set(m.args.id, { name: m.args.name.trim(), color: m.args.color, position: m.args.position, deleted: false });
      model.members.set(m.args.id, new Set(userId ? [userId] : []));
      return;
    case 'member.invite': {
      const who = model.people.get(m.args.email.trim().toLowerCase());
      if (who) model.members.get(m.args.list_id)?.add(who);
      return;
    }
    case 'member.remove':
      dropAssignments(model, m.args.list_id, m.args.user_id);
      return;
    case 'list.leave':
      dropAssignments(model, m.args.list_id, userId);
      return;
    case 'list.update': {
      const l = model.lists.get(m.args.id);
      if (l) Object.assign(l, { name: m.args.patch.name?.trim() ?? l.name, color: m.args.patch.color ?? l.color, position: m.args.patch.position ?? l.position });
      return;
    }
    case 'list.delete': {
      const l = model.lists.get(m.args.id);
      if (!l || l.deleted) return;
      l.deleted = true;
      for (const t of model.tasks.values()) {
        if (t.list_id === m.args.id && !t.deleted) Object.assign(t, { deleted: true, deleted_with_list: true });
      }
      return;
    }
    case 'list.restore': {
      const l = model.lists.get(m.args.id);
      if (!l?.deleted) return;
      l.deleted = false;
      for (const t of model.tasks.values()) {
        if (t.list_id === m.args.id && t.deleted_with_list) Object.assign(t, { deleted: false, deleted_with_list: false });
      }
      return;
    }
    default:
      // membership changes move no rows; visibility is checked by comparing each device with the server
      return;
  }
}

/** A timestamp in microseconds since 1970 (the server keeps them so; Date.parse stops at milliseconds). */
export function micros(at: string): number {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new Error(`model: not a time: ${at}`);
  const fraction = /\.(\d+)/.exec(at)?.[1] ?? '';
  return Math.floor(ms / 1000) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/**
 * Whether the server must hold `recipient`'s notification `id`, made at `at`, as read: one of
 * their read marks named it, or a read_all of theirs was sent with a `before` at or after it
 * (apply_notification.sql). A device takes `before` from the newest notification it holds when
 * the person taps (the server's time of it), and sends it later.
 */
export function notificationRead(model: Model, recipient: string, id: string, at: string): boolean {
  const marks = model.readMarks.get(recipient);
  return !!marks && (marks.ids.has(id) || micros(at) <= marks.upTo);
}

/** The live steps of a task, by id. */
const liveSteps = (model: Model, taskId: string): [string, ModelStep][] => [...model.steps].filter(([, s]) => s.task_id === taskId && !s.deleted);

/** A deadline moved by as many days as the due date moves from `from` to `to`. */
const moved = (deadline: string | null, from: string, to: string) => (deadline === null ? null : addDays(deadline, daysBetween(from, to)));

/** A completion computed from a rule the task no longer has (a removed repeat is not one). */
function staleRule(t: ModelTask, a: MutationArgs['task.complete_occurrence']): boolean {
  if (a.repeat === undefined || t.repeat === null) return false;
  return a.repeat !== t.repeat || (a.repeat_anchor !== undefined && a.repeat_anchor !== t.repeat_anchor);
}

/**
 * Why the server's refusal of `m`, at this point of server order, is wrong — or null. Only the
 * refusals the model decides are checked: `stale` needs a task still open at the occurrence
 * whose rule is not the one the completion carries.
 */
export function wrongRefusal(model: Model, m: Mutation, error: MutationError | undefined): string | null {
  if (error?.code !== 'stale') return null;
  if (m.name !== 'task.complete_occurrence') return `${m.name} refused stale`;
  const t = model.tasks.get(m.args.id);
  if (!t || t.deleted || t.done || t.due_date !== m.args.occurrence) return `completion of ${m.args.id} refused stale though the task had left the occurrence`;
  return staleRule(t, m.args) ? null : `completion of ${m.args.id} refused stale with the task's own rule`;
}
