create table public.tasks (
  id uuid primary key,
  list_id uuid not null references public.lists (id) on delete cascade,
  title text not null,
  notes text not null default '',
  due_date date,
  due_time text,
  priority smallint not null default 0,
  done boolean not null default false,
  done_at timestamptz,
  position text not null,
  created_by uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- set when the task was deleted by deleting its list, so restoring the list restores it
  deleted_with_list boolean not null default false,
  version bigint not null default 0,
  repeat text,
  repeat_anchor date,
  -- the completion (task.complete_occurrence's id for it) that last moved the task on, until its
  -- Undo: an Undo takes back its own completion only
  last_completion uuid,
  -- SPEC §13.2: the member who does it, and the order a repeating task takes turns in (null: no
  -- taking turns); both only ever hold live members of the list (assignees.sql)
  assignee uuid,
  turns uuid[],
  -- the day it must be done by, apart from the day it is planned for (due_date)
  deadline date,
  -- completing an occurrence of a repeat unticks the task's steps for the next one
  steps_start_over boolean not null default true,
  -- what the last completion did, for its Undo: {steps: the step ids it unticked, assignee_before,
  -- assignee_after}; null for a completion that ended the task, and after the Undo
  last_completion_did jsonb,
  -- SPEC §18: how long a timed task takes, in minutes; only with a time
  duration_min smallint,
  constraint tasks_title_len check (char_length(title) between 1 and 500 and title = btrim(title)),
  constraint tasks_notes_len check (char_length(notes) <= 10000),
  constraint tasks_due_date_range check (due_date between date '1900-01-01' and date '2999-12-31'),
  constraint tasks_deadline_range check (deadline between date '1900-01-01' and date '2999-12-31'),
  constraint tasks_due_time_format check (due_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint tasks_time_needs_date check (due_time is null or due_date is not null),
  constraint tasks_priority check (priority between 0 and 3),
  constraint tasks_position check (char_length(position) between 1 and 200),
  constraint tasks_done_at check (done or done_at is null),
  constraint tasks_repeat_needs_date check (repeat is null or due_date is not null),
  constraint tasks_repeat_anchor check ((repeat is null) = (repeat_anchor is null)),
  constraint tasks_repeat_anchor_range check (repeat_anchor between date '1900-01-01' and date '2999-12-31'),
  constraint tasks_duration_range check (duration_min between 15 and 480),
  constraint tasks_duration_needs_time check (duration_min is null or due_time is not null),
  constraint tasks_repeat_shape check (char_length(repeat) <= 500 and repeat ~ '^[A-Z]+=[-+0-9A-Z,]+(;[A-Z]+=[-+0-9A-Z,]+)*$')
);

create index tasks_list_version on public.tasks (list_id, version);

alter table public.tasks enable row level security;

create trigger tasks_version before insert or update on public.tasks
  for each row execute function daybook_private.take_version_in_list();

-- The due query starts from the few open tasks dated around the minute, or the few snoozes
-- ending in it, never from every reminder.
create index tasks_due_open on public.tasks (due_date) where not done and deleted_at is null;

-- a person who deletes their account is taken off the tasks they added (delete_account.sql)
create index tasks_created_by on public.tasks (created_by);

revoke all on public.tasks from public, anon, authenticated;
grant select on public.tasks to authenticated;

-- What sync_pull brings of this table (the `tasks` of its answer): the keys past a list's cursor
-- (kind 't', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
-- deleted_with_list only on tombstones: the device's list.restore must revive the same tasks
create or replace function daybook_private.pull_tasks_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 't'::text, t.list_id, t.version, t.id from public.tasks t
    where t.list_id = p_list and t.version > p_after order by t.version limit p_limit
$$;
create or replace function daybook_private.pull_tasks_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(case when t.deleted_at is null then to_jsonb(t) - 'deleted_with_list' else to_jsonb(t) end order by t.list_id, t.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.tasks t on t.id = k.row_id);
end $$;
create or replace function daybook_private.pull_tasks_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.tasks t on t.list_id = c.list_id and t.version > c.after);
end $$;
revoke all on function daybook_private.pull_tasks_keys(uuid, uuid, bigint, int), daybook_private.pull_tasks_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_tasks_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_tasks_keys(uuid, uuid, bigint, int), daybook_private.pull_tasks_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_tasks_count(uuid, uuid[], bigint[]) to authenticated;
