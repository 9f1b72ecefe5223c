-- Reminders (SPEC §11.4; issue #14), the synced entity. A reminder is one person's, on one
-- task: it syncs to that person's devices only. Earlier migrations stay as deployed.
-- - public.reminders: primary key (task_id, user_id). offset_minutes null is a cleared reminder,
--   a tombstone that still travels in pull; else minutes before the due time (0, 5, 15, 30, 60,
--   1440). snoozed_until / snoozed_occurrence: a snooze is for one occurrence and ends when that
--   occurrence passes (the schedule reads them; the server only stores them).
-- - list_id is kept equal to the task's list: the version space (take_version_in_list) and the
--   visibility rule. A task's move moves its reminders with new versions in the target list,
--   like its steps; the task's departure from the old list covers them.
-- - Completing or deleting a task changes no reminder: the schedule skips done and deleted tasks.
-- Runs on hosted Supabase, PostgreSQL 15 and PGlite: no extensions, no session settings.

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
create index reminders_list_version on public.reminders (list_id, version);
create index reminders_user on public.reminders (user_id) where offset_minutes is not null;
create trigger reminders_version before insert or update on public.reminders
  for each row execute function daybook_private.take_version_in_list();

-- One's own reminders, in lists one can see: nobody else's, even on a shared task.
alter table public.reminders enable row level security;
create policy reminders_read on public.reminders for select to authenticated
  using (user_id = auth.uid() and list_id in (select daybook_private.my_list_ids()));
revoke all on public.reminders from public, anon, authenticated;
grant select on public.reminders to authenticated;
