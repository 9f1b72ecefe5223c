// Rows as the server sends them carry `version` and every column; keep exactly the public shape.
import type { Comment, Label, List, Reminder, SavedFilter, Step, Task, TaskLabel } from '@/domain/model';

export function stripList(l: List): List {
  return {
    id: l.id,
    owner_id: l.owner_id,
    name: l.name,
    color: l.color,
    position: l.position,
    is_inbox: l.is_inbox,
    created_at: l.created_at,
    updated_at: l.updated_at,
    deleted_at: l.deleted_at ?? null,
    version: Number(l.version ?? 0),
  };
}

export function stripTask(t: Task): Task {
  return {
    id: t.id,
    list_id: t.list_id,
    title: t.title,
    notes: t.notes ?? '',
    due_date: t.due_date ?? null,
    due_time: t.due_time ?? null,
    priority: t.priority,
    done: t.done,
    done_at: t.done_at ?? null,
    position: t.position,
    created_by: t.created_by,
    created_at: t.created_at,
    updated_at: t.updated_at,
    deleted_at: t.deleted_at ?? null,
    version: Number(t.version ?? 0),
    repeat: t.repeat ?? null,
    repeat_anchor: t.repeat_anchor ?? null,
    last_completion: t.last_completion ?? null,
    last_completion_did: t.last_completion_did ?? null,
    assignee: t.assignee ?? null,
    turns: t.turns ?? null,
    deadline: t.deadline ?? null,
    steps_start_over: t.steps_start_over ?? true,
    duration_min: t.duration_min ?? null,
  };
}

export function stripComment(c: Comment): Comment {
  return {
    id: c.id,
    task_id: c.task_id,
    list_id: c.list_id,
    author_id: c.author_id,
    body: c.body,
    created_at: c.created_at,
    edited_at: c.edited_at ?? null,
    updated_at: c.updated_at,
    deleted_at: c.deleted_at ?? null,
    version: Number(c.version ?? 0),
  };
}

export function stripStep(s: Step): Step {
  return {
    id: s.id,
    task_id: s.task_id,
    list_id: s.list_id,
    title: s.title,
    done: s.done,
    position: s.position,
    created_at: s.created_at,
    updated_at: s.updated_at,
    deleted_at: s.deleted_at ?? null,
    version: Number(s.version ?? 0),
  };
}

/** The server's row has user_id (always the caller's) and timestamptz text: a snooze becomes an ISO instant. */
export function stripReminder(r: Reminder): Reminder {
  return {
    task_id: r.task_id,
    list_id: r.list_id,
    offset_minutes: r.offset_minutes ?? null,
    snoozed_until: r.snoozed_until ? new Date(r.snoozed_until).toISOString() : null,
    snoozed_occurrence: r.snoozed_occurrence ?? null,
    updated_at: r.updated_at,
    version: Number(r.version ?? 0),
  };
}

/** The server's label row carries its owner and version space (the caller's, always). */
export function stripLabel(l: Label): Label {
  return {
    id: l.id,
    name: l.name,
    color: l.color,
    created_at: l.created_at,
    updated_at: l.updated_at,
    deleted_at: l.deleted_at ?? null,
    version: Number(l.version ?? 0),
  };
}

export function stripTaskLabel(g: TaskLabel): TaskLabel {
  return {
    task_id: g.task_id,
    label_id: g.label_id,
    list_id: g.list_id,
    updated_at: g.updated_at,
    deleted_at: g.deleted_at ?? null,
    version: Number(g.version ?? 0),
  };
}

export function stripFilter(f: SavedFilter): SavedFilter {
  return {
    id: f.id,
    name: f.name,
    query: f.query ?? {},
    created_at: f.created_at,
    updated_at: f.updated_at,
    deleted_at: f.deleted_at ?? null,
    version: Number(f.version ?? 0),
  };
}
