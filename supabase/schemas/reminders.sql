create table public.reminders (
  task_id uuid not null references public.tasks (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- the task's list, kept equal to it (a move moves its reminders): the version space and RLS
  list_id uuid not null references public.lists (id) on delete cascade,
  offset_minutes int,
  snoozed_until timestamptz,
  snoozed_occurrence date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  primary key (task_id, user_id),
  constraint reminders_offset check (offset_minutes in (0, 5, 15, 30, 60, 1440)),
  constraint reminders_snooze check ((snoozed_until is null) = (snoozed_occurrence is null)),
  constraint reminders_snoozed_occurrence_range check (snoozed_occurrence between date '1900-01-01' and date '2999-12-31')
);

-- pull reads the caller's rows of a list past its cursor
create index reminders_user_list_version on public.reminders (user_id, list_id, version);

create index reminders_user on public.reminders (user_id) where offset_minutes is not null;

create trigger reminders_version before insert or update on public.reminders
  for each row execute function daybook_private.take_version_in_list();

-- One's own reminders, in lists one can see: nobody else's, even on a shared task.
alter table public.reminders enable row level security;

-- A task's move carries every member's reminder on it into the target list (new versions there,
-- like its steps: move_task_steps); the task's departure from the old list covers them. A trigger,
-- so apply_task need not be restated: at most one row per member of the list.
create or replace function daybook_private.move_task_reminders() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update public.reminders set list_id = new.list_id where task_id = new.id;
  return null;
end $$;

create trigger tasks_move_reminders after update of list_id on public.tasks
  for each row when (old.list_id is distinct from new.list_id)
  execute function daybook_private.move_task_reminders();

create index reminders_snoozed_until on public.reminders (snoozed_until) where snoozed_until is not null;

revoke all on public.reminders from public, anon, authenticated;
grant select on public.reminders to authenticated;
revoke all on function daybook_private.move_task_reminders() from public, anon, authenticated;

-- What sync_pull brings of this table (the `reminders` of its answer): the keys past a list's cursor
-- (kind 'r', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
-- only the caller's own, cleared ones too (offset_minutes null, so a clear reaches the person's
-- other devices), without the user id (the caller's); another member's reminder takes a version
-- in the list too, which the caller's cursor passes without a row
create or replace function daybook_private.pull_reminders_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'r'::text, r.list_id, r.version, r.task_id from public.reminders r
    where r.user_id = p_me and r.list_id = p_list and r.version > p_after order by r.version limit p_limit
$$;
create or replace function daybook_private.pull_reminders_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(r) - 'user_id' - 'created_at' order by r.list_id, r.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.reminders r on r.task_id = k.row_id and r.user_id = p_me);
end $$;
create or replace function daybook_private.pull_reminders_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.reminders r on r.user_id = p_me and r.list_id = c.list_id and r.version > c.after);
end $$;
revoke all on function daybook_private.pull_reminders_keys(uuid, uuid, bigint, int), daybook_private.pull_reminders_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_reminders_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_reminders_keys(uuid, uuid, bigint, int), daybook_private.pull_reminders_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_reminders_count(uuid, uuid[], bigint[]) to authenticated;
