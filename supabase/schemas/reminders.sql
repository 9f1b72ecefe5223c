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
