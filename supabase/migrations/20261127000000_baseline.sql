-- Daybook's database: tables, RLS, the sync RPCs and the reminder sender's functions.
-- Runs unchanged on hosted Supabase, PostgreSQL 15 and PGlite (PostgreSQL 18): no extensions.
-- The `auth` schema (auth.users, auth.uid()) and realtime.send() are Supabase's; the local
-- server stubs them.
-- This baseline is the files of supabase/schemas/ in the order supabase/config.toml lists them.
-- It is never edited: a change is a new migration (see supabase/README.md), and
-- tests/integration/server/schema-drift.test.ts checks that the migrations and the schema
-- files build the same database.

-- supabase/schemas/private_schema.sql ------------------------------------------------------------

create schema if not exists daybook_private;

revoke all on schema daybook_private from public;
grant usage on schema daybook_private to authenticated;

-- supabase/schemas/sync_spaces.sql ---------------------------------------------------------------

-- One counter row per list: a trigger takes the next version under this row's lock, so
-- writers in one list are serialised and versions in a list commit in version order.
create table public.sync_spaces (
  list_id uuid primary key,
  version bigint not null
);

alter table public.sync_spaces enable row level security;

revoke all on public.sync_spaces from public, anon, authenticated;

-- supabase/schemas/versions.sql ------------------------------------------------------------------

create or replace function daybook_private.take_version() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  -- a statement that took its versions in bulk (take_versions) has set this row's already
  if tg_op = 'UPDATE' and new.version is distinct from old.version then
    return new;
  end if;
  new.version := daybook_private.next_version(new.id);
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end $$;

-- Versions. Each list is a sync space with one counter row in sync_spaces; a version is taken
-- from that row under its lock, held until commit, so within a list version order = commit
-- order, and sync_push sees which lists a push changed from the counter moving after it locked
-- them. One trigger function per shape of row reads the list id directly (never the whole row
-- through to_jsonb, which would copy up to 10,000 characters of notes per write).
-- A statement that rewrites many rows of one list (list.delete, list.restore) takes all its
-- versions at once: take_versions(list, n) moves the counter by n and returns the first; the
-- statement sets each row's version itself and the trigger leaves a version the statement
-- changed alone. One counter update per row would leave a dead row version per row for the
-- next update to step over: quadratic in the list's size.
create or replace function daybook_private.next_version(p_space uuid) returns bigint
language sql set search_path = public, pg_temp as $$
  insert into public.sync_spaces as s (list_id, version) values (p_space, 1)
  on conflict (list_id) do update set version = s.version + 1
  returning version
$$;

-- The first of p_count fresh versions in the list (its counter moved by p_count).
create or replace function daybook_private.take_versions(p_space uuid, p_count bigint) returns bigint
language sql set search_path = public, pg_temp as $$
  insert into public.sync_spaces as s (list_id, version) values (p_space, greatest(p_count, 1))
  on conflict (list_id) do update set version = s.version + greatest(p_count, 1)
  returning version - greatest(p_count, 1) + 1
$$;

-- A version the writing statement set on an INSERT is kept, as one it set on an UPDATE already
-- was: the set-wise path numbers a run's rows from the list's counter (version_base, under its
-- lock, and versions_taken after), one counter update per list instead of one per row — on
-- PGlite the per-row counter updates were half of a 200-task INSERT. Nothing else inserts a
-- version (the column defaults to 0, and only the schema's own functions write these tables).
create or replace function daybook_private.take_version_in_list() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  if tg_op = 'UPDATE' and new.version is distinct from old.version then
    return new;
  end if;
  if tg_op = 'INSERT' and new.version > 0 then
    return new;
  end if;
  new.version := daybook_private.next_version(new.list_id);
  if tg_op = 'UPDATE' and tg_table_name <> 'task_departures' then
    new.updated_at := now();
  end if;
  return new;
end $$;

-- The list's current version, its counter row locked until commit. Every list has its row
-- (the list's own version is taken from it); a missing one is made at 0.
create or replace function daybook_private.version_base(p_space uuid) returns bigint
language plpgsql set search_path = public, pg_temp as $$
declare
  v bigint;
begin
  select version into v from public.sync_spaces where list_id = p_space for update;
  if not found then
    insert into public.sync_spaces (list_id, version) values (p_space, 0) on conflict (list_id) do nothing;
    select version into v from public.sync_spaces where list_id = p_space for update;
  end if;
  return v;
end $$;

-- The counter moved to the highest version a statement wrote after version_base (null: none).
-- The highest written, not base + rows written: a row the statement numbered but did not write
-- (changed under it meanwhile) leaves a gap, never a version taken twice.
create or replace function daybook_private.versions_taken(p_space uuid, p_top bigint) returns void
language sql set search_path = public, pg_temp as $$
  update public.sync_spaces set version = p_top where list_id = p_space and p_top is not null
$$;

revoke all on function daybook_private.take_version() from public, anon;
revoke all on function daybook_private.next_version(uuid) from public, anon, authenticated;
revoke all on function daybook_private.take_versions(uuid, bigint) from public, anon, authenticated;
revoke all on function daybook_private.take_version_in_list() from public, anon, authenticated;
revoke all on function daybook_private.version_base(uuid) from public, anon, authenticated;
revoke all on function daybook_private.versions_taken(uuid, bigint) from public, anon, authenticated;

-- supabase/schemas/lists.sql ---------------------------------------------------------------------

create table public.lists (
  id uuid primary key,
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  color text not null,
  position text not null,
  is_inbox boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  constraint lists_name_len check (char_length(name) between 1 and 80 and name = btrim(name)),
  constraint lists_color check (color in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple')),
  constraint lists_position check (char_length(position) between 1 and 200),
  constraint lists_inbox_not_deleted check (not (is_inbox and deleted_at is not null))
);

create index lists_version on public.lists (id, version);

create trigger lists_version before insert or update on public.lists
  for each row execute function daybook_private.take_version();

alter table public.lists enable row level security;

revoke all on public.lists from public, anon, authenticated;
grant select on public.lists to authenticated;

-- What sync_pull brings of this table (the `lists` of its answer): the keys past a list's cursor
-- (kind 'l', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
create or replace function daybook_private.pull_lists_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'l'::text, l.id, l.version, l.id from public.lists l
    where l.id = p_list and l.version > p_after
$$;
create or replace function daybook_private.pull_lists_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(l) order by l.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.lists l on l.id = k.row_id);
end $$;
create or replace function daybook_private.pull_lists_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.lists l on l.id = c.list_id and l.version > c.after);
end $$;
revoke all on function daybook_private.pull_lists_keys(uuid, uuid, bigint, int), daybook_private.pull_lists_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_lists_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_lists_keys(uuid, uuid, bigint, int), daybook_private.pull_lists_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_lists_count(uuid, uuid[], bigint[]) to authenticated;

-- supabase/schemas/list_members.sql --------------------------------------------------------------

create table public.list_members (
  list_id uuid not null references public.lists (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null default '',
  role text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  left_at timestamptz,
  primary key (list_id, user_id),
  constraint list_members_role check (role in ('owner', 'editor', 'viewer'))
);

create index list_members_user on public.list_members (user_id) where deleted_at is null;

create unique index list_members_one_owner on public.list_members (list_id) where role = 'owner';

create index list_members_version on public.list_members (list_id, version);

alter table public.list_members enable row level security;

create trigger list_members_version before insert or update on public.list_members
  for each row execute function daybook_private.take_version_in_list();

revoke all on public.list_members from public, anon, authenticated;
grant select on public.list_members to authenticated;

-- What sync_pull brings of this table (the `members` of its answer): the keys past a list's cursor
-- (kind 'm', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
create or replace function daybook_private.pull_members_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'm'::text, m.list_id, m.version, m.user_id from public.list_members m
    where m.list_id = p_list and m.version > p_after order by m.version limit p_limit
$$;
create or replace function daybook_private.pull_members_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(m) order by m.list_id, m.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.list_members m on m.list_id = k.list_id and m.user_id = k.row_id);
end $$;
create or replace function daybook_private.pull_members_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.list_members m on m.list_id = c.list_id and m.version > c.after);
end $$;
revoke all on function daybook_private.pull_members_keys(uuid, uuid, bigint, int), daybook_private.pull_members_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_members_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_members_keys(uuid, uuid, bigint, int), daybook_private.pull_members_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_members_count(uuid, uuid[], bigint[]) to authenticated;

-- supabase/schemas/tasks.sql ---------------------------------------------------------------------

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
  constraint tasks_title_len check (char_length(title) between 1 and 500 and title = btrim(title)),
  constraint tasks_notes_len check (char_length(notes) <= 10000),
  constraint tasks_due_date_range check (due_date between date '1900-01-01' and date '2999-12-31'),
  constraint tasks_due_time_format check (due_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint tasks_time_needs_date check (due_time is null or due_date is not null),
  constraint tasks_priority check (priority between 0 and 3),
  constraint tasks_position check (char_length(position) between 1 and 200),
  constraint tasks_done_at check (done or done_at is null),
  constraint tasks_repeat_needs_date check (repeat is null or due_date is not null),
  constraint tasks_repeat_anchor check ((repeat is null) = (repeat_anchor is null)),
  constraint tasks_repeat_anchor_range check (repeat_anchor between date '1900-01-01' and date '2999-12-31'),
  constraint tasks_repeat_shape check (char_length(repeat) <= 500 and repeat ~ '^[A-Z]+=[-+0-9A-Z,]+(;[A-Z]+=[-+0-9A-Z,]+)*$')
);

create index tasks_list_version on public.tasks (list_id, version);

alter table public.tasks enable row level security;

create trigger tasks_version before insert or update on public.tasks
  for each row execute function daybook_private.take_version_in_list();

-- The due query starts from the few open tasks dated around the minute, or the few snoozes
-- ending in it, never from every reminder.
create index tasks_due_open on public.tasks (due_date) where not done and deleted_at is null;

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

-- supabase/schemas/task_departures.sql -----------------------------------------------------------

-- A task moved out of a list leaves this record in the old list's version space.
create table public.task_departures (
  list_id uuid not null references public.lists (id) on delete cascade,
  task_id uuid not null,
  version bigint not null default 0,
  primary key (list_id, task_id)
);

create index task_departures_version on public.task_departures (list_id, version);

create trigger task_departures_version before insert or update on public.task_departures
  for each row execute function daybook_private.take_version_in_list();

alter table public.task_departures enable row level security;

revoke all on public.task_departures from public, anon, authenticated;
grant select on public.task_departures to authenticated;

-- What sync_pull brings of this table (the `departed` of its answer): the keys past a list's cursor
-- (kind 'd', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
create or replace function daybook_private.pull_departed_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'd'::text, d.list_id, d.version, d.task_id from public.task_departures d
    where d.list_id = p_list and d.version > p_after order by d.version limit p_limit
$$;
create or replace function daybook_private.pull_departed_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(jsonb_build_object('list_id', d.list_id, 'task_id', d.task_id, 'version', d.version) order by d.list_id, d.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.task_departures d on d.list_id = k.list_id and d.task_id = k.row_id);
end $$;
create or replace function daybook_private.pull_departed_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.task_departures d on d.list_id = c.list_id and d.version > c.after);
end $$;
revoke all on function daybook_private.pull_departed_keys(uuid, uuid, bigint, int), daybook_private.pull_departed_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_departed_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_departed_keys(uuid, uuid, bigint, int), daybook_private.pull_departed_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_departed_count(uuid, uuid[], bigint[]) to authenticated;

-- supabase/schemas/steps.sql ---------------------------------------------------------------------

create table public.steps (
  id uuid primary key,
  task_id uuid not null references public.tasks (id) on delete cascade,
  -- the task's list, kept equal to it (a move moves its steps): the version space and RLS
  list_id uuid not null references public.lists (id) on delete cascade,
  title text not null,
  done boolean not null default false,
  position text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- set when its task's delete (or its list's, through the task) tombstoned it: task.restore and
  -- list.restore bring back exactly these
  deleted_with_task boolean not null default false,
  version bigint not null default 0,
  constraint steps_title_len check (char_length(title) between 1 and 200),
  constraint steps_position check (char_length(position) between 1 and 200)
);

create index steps_list_version on public.steps (list_id, version);

create index steps_task on public.steps (task_id) where deleted_at is null;

create index steps_task_all on public.steps (task_id);

create trigger steps_version before insert or update on public.steps
  for each row execute function daybook_private.take_version_in_list();

alter table public.steps enable row level security;

revoke all on public.steps from public, anon, authenticated;
grant select on public.steps to authenticated;

-- What sync_pull brings of this table (the `steps` of its answer): the keys past a list's cursor
-- (kind 's', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
-- deleted_with_task only on tombstones: the device's task.restore and list.restore must revive the same steps
create or replace function daybook_private.pull_steps_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 's'::text, s.list_id, s.version, s.id from public.steps s
    where s.list_id = p_list and s.version > p_after order by s.version limit p_limit
$$;
create or replace function daybook_private.pull_steps_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(case when s.deleted_at is null then to_jsonb(s) - 'deleted_with_task' else to_jsonb(s) end order by s.list_id, s.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.steps s on s.id = k.row_id);
end $$;
create or replace function daybook_private.pull_steps_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.steps s on s.list_id = c.list_id and s.version > c.after);
end $$;
revoke all on function daybook_private.pull_steps_keys(uuid, uuid, bigint, int), daybook_private.pull_steps_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_steps_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_steps_keys(uuid, uuid, bigint, int), daybook_private.pull_steps_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_steps_count(uuid, uuid[], bigint[]) to authenticated;

-- supabase/schemas/reminders.sql -----------------------------------------------------------------

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

-- supabase/schemas/sync_clients.sql --------------------------------------------------------------

create table public.sync_clients (
  client_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  last_mutation_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  -- where the next prune_applied starts: applied ids below it are gone (sync_clients_fns.sql)
  applied_from bigint not null default 0
);

alter table public.sync_clients enable row level security;

revoke all on public.sync_clients from public, anon, authenticated;
grant select on public.sync_clients to authenticated;

-- supabase/schemas/sync_mutations.sql ------------------------------------------------------------

create table public.sync_mutations (
  client_id uuid not null references public.sync_clients (client_id) on delete cascade,
  mutation_id bigint not null,
  user_id uuid not null,
  name text not null,
  status text not null check (status in ('applied', 'refused')),
  error jsonb,
  -- a refused mutation's args, so its device can show what was refused even if it never had
  -- the change queued (one sent with its client id from elsewhere); applied ones keep none
  args jsonb,
  created_at timestamptz not null default now(),
  primary key (client_id, mutation_id)
);

create index sync_mutations_refused on public.sync_mutations (client_id, mutation_id) where status = 'refused';

alter table public.sync_mutations enable row level security;

revoke all on public.sync_mutations from public, anon, authenticated;
grant select on public.sync_mutations to authenticated;

-- supabase/schemas/invitations.sql ---------------------------------------------------------------

create table daybook_private.invitations (
  inviter uuid not null,
  at timestamptz not null default now()
);

create index invitations_inviter_at on daybook_private.invitations (inviter, at);

revoke all on daybook_private.invitations from public, anon, authenticated;

-- supabase/schemas/push_subscriptions.sql --------------------------------------------------------

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  time_zone text not null,
  remind_at time not null default '09:00',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index push_subscriptions_user on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

revoke all on public.push_subscriptions from public, anon, authenticated;
grant select on public.push_subscriptions to authenticated;

-- supabase/schemas/push_sent.sql -----------------------------------------------------------------

create table daybook_private.push_sent (
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  task_id uuid not null references public.tasks (id) on delete cascade,
  occurrence date not null,
  fire_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (subscription_id, task_id, occurrence, fire_at)
);

create index push_sent_fire_at on daybook_private.push_sent (fire_at);

create index push_sent_task on daybook_private.push_sent (task_id);

revoke all on daybook_private.push_sent from public, anon, authenticated;

-- supabase/schemas/args.sql ----------------------------------------------------------------------

create or replace function daybook_private.refuse(p_code text, p_message text, p_field text default null)
returns void language plpgsql as $$
begin
  raise exception using errcode = 'DB001', message = p_code, detail = p_message, hint = coalesce(p_field, '');
end $$;

create or replace function daybook_private.try_uuid(p_value text) returns uuid
language sql immutable as $$
  select case when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid end
$$;

create or replace function daybook_private.arg_uuid(p_args jsonb, p_key text) returns uuid
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_args -> p_key) is distinct from 'string'
     or (p_args ->> p_key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform daybook_private.refuse('invalid', p_key || ' must be a UUID', p_key);
  end if;
  return (p_args ->> p_key)::uuid;
end $$;

create or replace function daybook_private.arg_text(p_args jsonb, p_key text, p_label text) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_args -> p_key) is distinct from 'string' then
    perform daybook_private.refuse('invalid', p_label || ' must be text', p_key);
  end if;
  return p_args ->> p_key;
end $$;

revoke all on function daybook_private.refuse(text, text, text) from public, anon;
revoke all on function daybook_private.try_uuid(text) from public, anon;
revoke all on function daybook_private.arg_uuid(jsonb, text) from public, anon;
revoke all on function daybook_private.arg_text(jsonb, text, text) from public, anon;

-- supabase/schemas/text_checks.sql ---------------------------------------------------------------

create or replace function daybook_private.check_title(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Title is required', 'title');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Title is required', 'title');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Title contains a character that can’t be saved', 'title');
  elsif char_length(t) > 500 then
    perform daybook_private.refuse('invalid', 'Title must be at most 500 characters', 'title');
  end if;
  return t;
end $$;

create or replace function daybook_private.check_notes(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return '';
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Notes must be text', 'notes');
  end if;
  if daybook_private.has_control(p_value #>> '{}', true) then
    perform daybook_private.refuse('invalid', 'Notes contain a character that can’t be saved', 'notes');
  end if;
  if char_length(p_value #>> '{}') > 10000 then
    perform daybook_private.refuse('invalid', 'Notes must be at most 10,000 characters', 'notes');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_list_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'List name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'List name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'List name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 80 then
    perform daybook_private.refuse('invalid', 'List name must be at most 80 characters', 'name');
  end if;
  return t;
end $$;

-- ECMAScript's WhiteSpace and LineTerminator, the set String.prototype.trim removes.
create or replace function daybook_private.trim_text(p_value text) returns text
language sql immutable parallel safe as $$
  select regexp_replace(p_value,
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;

-- Cc: C0 controls, DEL, C1 controls; notes may hold newline and tab.
create or replace function daybook_private.has_control(p_value text, p_multiline boolean) returns boolean
language sql immutable parallel safe as $$
  select case when p_multiline then p_value ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]'
    else p_value ~ '[\u0001-\u001f\u007f-\u009f]' end
$$;

create or replace function daybook_private.check_step_title(p_value jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Step is required', 'title');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Step is required', 'title');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Step contains a character that can’t be saved', 'title');
  elsif char_length(t) > 200 then
    perform daybook_private.refuse('invalid', 'Step must be at most 200 characters', 'title');
  end if;
  return t;
end $$;

revoke all on function daybook_private.check_title(jsonb) from public, anon;
revoke all on function daybook_private.check_notes(jsonb) from public, anon;
revoke all on function daybook_private.check_list_name(jsonb) from public, anon;
revoke all on function daybook_private.trim_text(text) from public, anon;
revoke all on function daybook_private.has_control(text, boolean) from public, anon;
revoke all on function daybook_private.check_step_title(jsonb) from public, anon;

-- supabase/schemas/field_checks.sql --------------------------------------------------------------

create or replace function daybook_private.check_color(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'string'
     or (p_value #>> '{}') not in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple') then
    perform daybook_private.refuse('invalid',
      'Color must be one of grey, red, orange, yellow, green, teal, blue, purple', 'color');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_position(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'string' or char_length(p_value #>> '{}') not between 1 and 200 then
    perform daybook_private.refuse('invalid', 'Position must be a non-empty string', 'position');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_date(p_value jsonb) returns date
language plpgsql immutable as $$
declare
  d date;
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' or (p_value #>> '{}') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'due_date');
  end if;
  begin
    d := (p_value #>> '{}')::date;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'due_date');
  end;
  if d not between date '1900-01-01' and date '2999-12-31' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'due_date');
  end if;
  return d;
end $$;

create or replace function daybook_private.check_time(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' or (p_value #>> '{}') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    perform daybook_private.refuse('invalid', 'Time must be HH:MM', 'due_time');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_priority(p_value jsonb) returns smallint
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return 0;
  end if;
  if jsonb_typeof(p_value) <> 'number' or (p_value #>> '{}') not in ('0', '1', '2', '3') then
    perform daybook_private.refuse('invalid', 'Priority must be none, low, medium or high', 'priority');
  end if;
  return (p_value #>> '{}')::smallint;
end $$;

-- The RRULE text a change carries, trimmed and upper-cased (an "RRULE:" prefix and empty parts
-- dropped), or null for none; a shape outside the subset is refused `invalid` on 'repeat'.
create or replace function daybook_private.check_repeat(p_value jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  body text;
  part text;
  k text;
  v text;
  seen text[] := '{}';
  parts text[] := '{}';
begin
  if p_value is null or p_value = 'null'::jsonb or p_value = '""'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Repeat must be a rule', 'repeat');
  end if;
  body := upper(btrim(p_value #>> '{}'));
  if char_length(body) > 500 then
    perform daybook_private.refuse('invalid', 'The repeat rule is too long', 'repeat');
  end if;
  if body like 'RRULE:%' then
    body := substr(body, 7);
  end if;
  foreach part in array string_to_array(body, ';') loop
    part := btrim(part);
    continue when part = '';
    k := btrim(split_part(part, '=', 1));
    v := btrim(substr(part, strpos(part, '=') + 1));
    if strpos(part, '=') = 0 or k = any(seen) then
      perform daybook_private.refuse('invalid', 'The repeat rule can''t be read', 'repeat');
    end if;
    seen := seen || k;
    if k = 'FREQ' then
      if v not in ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY') then
        perform daybook_private.refuse('invalid', 'Repeats are daily, weekly, monthly or yearly', 'repeat');
      end if;
    elsif k = 'INTERVAL' then
      if v !~ '^[0-9]{1,4}$' or v::int not between 1 and 99 then
        perform daybook_private.refuse('invalid', 'Pick an interval between 1 and 99', 'repeat');
      end if;
    elsif k = 'COUNT' then
      if v !~ '^[0-9]{1,4}$' or v::int not between 1 and 999 then
        perform daybook_private.refuse('invalid', 'Pick a number of times between 1 and 999', 'repeat');
      end if;
    elsif k = 'BYDAY' then
      if v !~ '^([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU)(,([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU))*$' then
        perform daybook_private.refuse('invalid', 'The repeat rule''s weekdays can''t be read', 'repeat');
      end if;
    elsif k = 'BYMONTHDAY' then
      if v !~ '^[+-]?[0-9]{1,2}$' then
        perform daybook_private.refuse('invalid', 'Pick a day of the month between 1 and 31, or the last day', 'repeat');
      end if;
    elsif k = 'UNTIL' then
      if v !~ '^[0-9]{8}(T[0-9]{6}Z?)?$' then
        perform daybook_private.refuse('invalid', 'Pick an end date between 1900 and 2999', 'repeat');
      end if;
    elsif k = 'WKST' then
      if v not in ('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU') then
        perform daybook_private.refuse('invalid', 'The repeat rule''s week start can''t be read', 'repeat');
      end if;
    else
      perform daybook_private.refuse('invalid', format('Repeat rules with %s aren''t supported', k), 'repeat');
    end if;
    parts := parts || (k || '=' || v);
  end loop;
  if not 'FREQ' = any(seen) then
    perform daybook_private.refuse('invalid', 'The repeat rule has no FREQ', 'repeat');
  end if;
  if 'COUNT' = any(seen) and 'UNTIL' = any(seen) then
    perform daybook_private.refuse('invalid', 'End a repeat after a number of times or on a date, not both', 'repeat');
  end if;
  return array_to_string(parts, ';');
end $$;

-- A date argument other than a due date ('occurrence', 'next', 'repeat_anchor'): null when absent.
create or replace function daybook_private.check_day(p_value jsonb, p_field text) returns date
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  d date;
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' or (p_value #>> '{}') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', p_field);
  end if;
  begin
    d := (p_value #>> '{}')::date;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', p_field);
  end;
  if d not between date '1900-01-01' and date '2999-12-31' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', p_field);
  end if;
  return d;
end $$;

-- An instant argument ('until'): ISO 8601 with a zone (Z or ±HH:MM), its date in 1900–2999.
-- Without a zone the server would read it in its own, which a device cannot know.
create or replace function daybook_private.check_instant(p_value jsonb, p_field text) returns timestamptz
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  v text;
  t timestamptz;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end if;
  v := p_value #>> '{}';
  if v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?(Z|[-+]([01][0-9]|2[0-3]):[0-5][0-9])$' then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end if;
  perform daybook_private.check_day(to_jsonb(left(v, 10)), p_field);
  begin
    t := v::timestamptz;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end;
  return t;
end $$;

revoke all on function daybook_private.check_color(jsonb) from public, anon;
revoke all on function daybook_private.check_position(jsonb) from public, anon;
revoke all on function daybook_private.check_date(jsonb) from public, anon;
revoke all on function daybook_private.check_time(jsonb) from public, anon;
revoke all on function daybook_private.check_priority(jsonb) from public, anon;
revoke all on function daybook_private.check_repeat(jsonb) from public, anon;
revoke all on function daybook_private.check_day(jsonb, text) from public, anon;
revoke all on function daybook_private.check_instant(jsonb, text) from public, anon, authenticated;

-- supabase/schemas/membership.sql ----------------------------------------------------------------

create or replace function daybook_private.my_list_ids() returns setof uuid
language sql stable security definer rows 20 set search_path = public, pg_temp as $$
  select list_id from public.list_members where user_id = auth.uid() and deleted_at is null
$$;

create or replace function daybook_private.ensure_inbox() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  -- checked first so routine calls take no lock on the inbox's version counter
  if exists (select 1 from public.lists where id = uid) then
    return;
  end if;
  insert into public.lists (id, owner_id, name, color, position, is_inbox)
  values (uid, uid, 'Inbox', 'grey', 'a0', true)
  on conflict (id) do nothing;
  insert into public.list_members (list_id, user_id, email, role)
  values (uid, uid, coalesce((select email from auth.users where id = uid), ''), 'owner')
  on conflict (list_id, user_id) do nothing;
end $$;

create or replace function daybook_private.role_on(p_list uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select role from public.list_members where list_id = p_list and user_id = auth.uid() and deleted_at is null
$$;

-- Returns the list row after checking the caller's role; non-members get not_found so a
-- stranger learns nothing about the list.
create or replace function daybook_private.require_list(p_list uuid, p_min_role text) returns public.lists
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  l public.lists;
  r text := daybook_private.role_on(p_list);
begin
  select * into l from public.lists where id = p_list;
  if not found or r is null then
    perform daybook_private.refuse('not_found', 'This list was deleted or unshared', 'list_id');
  end if;
  if l.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted', 'list_id');
  end if;
  if p_min_role = 'owner' and r <> 'owner' then
    perform daybook_private.refuse('forbidden', case when r = 'viewer' then 'You can only view this list'
      else 'Only the list''s owner can do that' end);
  elsif p_min_role = 'editor' and r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;
  return l;
end $$;

revoke all on function daybook_private.my_list_ids() from public, anon;
revoke all on function daybook_private.ensure_inbox() from public, anon;
revoke all on function daybook_private.role_on(uuid) from public, anon;
revoke all on function daybook_private.require_list(uuid, text) from public, anon;
grant execute on function daybook_private.my_list_ids() to authenticated;
grant execute on function daybook_private.ensure_inbox() to authenticated;

-- supabase/schemas/sync_clients_fns.sql ----------------------------------------------------------

-- Binds a client id to its user; another user's client id is refused as a whole.
create or replace function daybook_private.client_last_mutation_id(p_client_id uuid) returns bigint
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  c record;
begin
  select user_id, last_mutation_id into c from public.sync_clients where client_id = p_client_id;
  if not found then
    return 0;
  end if;
  if c.user_id <> auth.uid() then
    raise exception using errcode = '42501', message = 'This client id belongs to another user';
  end if;
  return c.last_mutation_id;
end $$;

-- An applied change's record answers a replay of its id. A device replays only what it has sent
-- and not yet seen acknowledged by a pull, oldest first, so the records of a client's last 1000
-- mutation ids (five full batches) cover every replay an app makes. Older ones go once at least
-- 100 have left that window (a push of one change then pays nothing 99 times in 100), at most
-- 500 per push (each push adds at most 200, so a backlog drains). Refused records are not
-- touched here: they stay until their device acknowledges them (forget_refusals).
-- sync_clients.applied_from is where the next prune starts: applied ids below it are gone. Starting there
-- rather than at the client's first id keeps each prune to the rows it removes — otherwise it
-- would step over every row removed before, which stay in the index until a vacuum (PGlite
-- never runs one), making each push slower the longer its client has been in use.
-- Removes the applied records in [p_from, p_last - 1000], oldest first, at most 500; returns where
-- the next prune starts. New records always take ids above p_last, so nothing lands below it.
-- sync_push calls it only when at least 100 ids have left the window.
create or replace function daybook_private.prune_applied(p_client_id uuid, p_from bigint, p_last bigint) returns bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  upto bigint := p_last - 1000;
  n int;
  last_gone bigint;
begin
  if upto < p_from then
    return p_from;
  end if;
  with gone as (
    delete from public.sync_mutations
    where client_id = p_client_id and mutation_id in (
      select s.mutation_id from public.sync_mutations s
      where s.client_id = p_client_id and s.status = 'applied' and s.mutation_id between p_from and upto
      order by s.mutation_id limit 500)
    returning mutation_id)
  select count(*), max(mutation_id) into n, last_gone from gone;
  -- fewer than the limit: every applied record up to `upto` is gone
  return case when n < 500 then upto + 1 else last_gone + 1 end;
end $$;

-- A pull that sends cursor `refused: N` has received every refusal up to N: they are forgotten,
-- at most 1000 per pull (the rest at the next one; none is sent again either way, the page
-- starts past N). Only the caller's own rows; rows another pull of this client is deleting are
-- skipped rather than waited for. A read-only call (an RPC made with GET) forgets nothing.
create or replace function daybook_private.forget_refusals(p_client_id uuid, p_upto bigint) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    return;
  end if;
  delete from public.sync_mutations
  where client_id = p_client_id and mutation_id in (
    select s.mutation_id from public.sync_mutations s
    where s.client_id = p_client_id and s.user_id = auth.uid() and s.status = 'refused' and s.mutation_id <= p_upto
    order by s.mutation_id limit 1000 for update skip locked);
end $$;

-- The failures that abort a whole push so its client retries it unchanged (serialization,
-- deadlock, lock timeout, cancellation, out of memory / connections): one list for both of
-- sync_push's handlers, the set-wise attempt's and each change's.
create or replace function daybook_private.is_transient(p_state text) returns boolean
language sql immutable as $$
  select p_state in ('40001', '40P01', '55P03', '57014', '53200', '53300')
$$;

revoke all on function daybook_private.client_last_mutation_id(uuid) from public, anon;
grant execute on function daybook_private.client_last_mutation_id(uuid) to authenticated;
revoke all on function daybook_private.prune_applied(uuid, bigint, bigint) from public, anon, authenticated;
revoke all on function daybook_private.forget_refusals(uuid, bigint) from public, anon;
grant execute on function daybook_private.forget_refusals(uuid, bigint) to authenticated;
revoke all on function daybook_private.is_transient(text) from public, anon, authenticated;

-- supabase/schemas/apply_list.sql ----------------------------------------------------------------

create or replace function daybook_private.apply_list(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  lid uuid := daybook_private.arg_uuid(p_args, case when p_name = 'list.leave' then 'list_id' else 'id' end);
  patch jsonb;
  l public.lists;
  r text;
begin
  if p_name = 'list.create' then
    if exists (select 1 from public.lists where id = lid) or exists (select 1 from auth.users where id = lid) then
      perform daybook_private.refuse('invalid', 'That list id is already in use', 'id');
    end if;
    insert into public.lists (id, owner_id, name, color, position)
    values (lid, uid, daybook_private.check_list_name(p_args -> 'name'),
      daybook_private.check_color(p_args -> 'color'), daybook_private.check_position(p_args -> 'position'));
    insert into public.list_members (list_id, user_id, email, role)
    values (lid, uid, coalesce((select email from auth.users where id = uid), ''), 'owner');
  elsif p_name = 'list.update' then
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    l := daybook_private.require_list(lid, 'owner');
    update public.lists set
      name = case when patch ? 'name' then daybook_private.check_list_name(patch -> 'name') else name end,
      color = case when patch ? 'color' then daybook_private.check_color(patch -> 'color') else color end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end
    where id = lid;
  elsif p_name = 'list.delete' then
    select * into l from public.lists where id = lid;
    if found and l.deleted_at is not null and daybook_private.role_on(lid) = 'owner' then
      return; -- deleting twice is harmless: deletes win
    end if;
    l := daybook_private.require_list(lid, 'owner');
    if l.is_inbox then
      perform daybook_private.refuse('invalid', 'The Inbox can''t be deleted');
    end if;
    update public.lists set deleted_at = now() where id = lid;
    perform daybook_private.tombstone_list_tasks(lid);
    perform daybook_private.tombstone_list_steps(lid);
  elsif p_name = 'list.restore' then
    select * into l from public.lists where id = lid;
    r := daybook_private.role_on(lid);
    if not found or r is null then
      perform daybook_private.refuse('not_found', 'This list was deleted or unshared', 'id');
    end if;
    if r <> 'owner' then
      perform daybook_private.refuse('forbidden', 'Only the list''s owner can do that');
    end if;
    if l.deleted_at is not null then
      update public.lists set deleted_at = null where id = lid;
      perform daybook_private.revive_list_tasks(lid);
      perform daybook_private.revive_list_steps(lid);
    end if;
  elsif p_name = 'list.leave' then
    -- Not require_list: a list its owner deleted can be left too (refusing it as `deleted`
    -- told the person their change failed, yet what they wanted, not to see it, holds either way).
    select * into l from public.lists where id = lid;
    if l.id is null or daybook_private.role_on(lid) is null then
      perform daybook_private.refuse('not_found', 'This list was deleted or unshared', 'list_id');
    end if;
    if l.is_inbox then
      perform daybook_private.refuse('invalid', 'The Inbox can''t be left');
    end if;
    if daybook_private.role_on(lid) = 'owner' then
      perform daybook_private.refuse('invalid', 'The owner can''t leave the list');
    end if;
    update public.list_members set deleted_at = now(), left_at = now() where list_id = lid and user_id = uid;
  end if;
end $$;

-- A list's live tasks tombstoned with it, their versions taken in one move.
create or replace function daybook_private.tombstone_list_tasks(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  base bigint := daybook_private.version_base(p_list);
  top bigint;
begin
  with written as (
    update public.tasks t set deleted_at = now(), deleted_with_list = true, updated_at = now(), version = base + x.rn
    from (select id, row_number() over () as rn from public.tasks where list_id = p_list and deleted_at is null) x
    where t.id = x.id
    returning version)
  select max(version) into top from written;
  perform daybook_private.versions_taken(p_list, top);
end $$;

-- The tasks a list's delete took, brought back with it, their versions taken in one move.
create or replace function daybook_private.revive_list_tasks(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  base bigint := daybook_private.version_base(p_list);
  top bigint;
begin
  with written as (
    update public.tasks t set deleted_at = null, deleted_with_list = false, updated_at = now(), version = base + x.rn
    from (select id, row_number() over () as rn from public.tasks where list_id = p_list and deleted_with_list) x
    where t.id = x.id
    returning version)
  select max(version) into top from written;
  perform daybook_private.versions_taken(p_list, top);
end $$;

-- A list's delete: the live steps (all of live tasks: a deleted task's are tombstones already).
create or replace function daybook_private.tombstone_list_steps(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  base bigint := daybook_private.version_base(p_list);
  top bigint;
begin
  with written as (
    update public.steps s set deleted_at = now(), deleted_with_task = true, updated_at = now(), version = base + x.rn
    from (select id, row_number() over () as rn from public.steps where list_id = p_list and deleted_at is null) x
    where s.id = x.id
    returning version)
  select max(version) into top from written;
  perform daybook_private.versions_taken(p_list, top);
end $$;

-- A list's restore, after its tasks came back: the steps their deletes took (a live task holds
-- no such step otherwise: task.restore revives them all), not those of tasks still deleted.
create or replace function daybook_private.revive_list_steps(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  base bigint := daybook_private.version_base(p_list);
  top bigint;
begin
  with written as (
    update public.steps s set deleted_at = null, deleted_with_task = false, updated_at = now(), version = base + x.rn
    from (select s2.id, row_number() over () as rn from public.steps s2 join public.tasks t on t.id = s2.task_id
          where s2.list_id = p_list and s2.deleted_with_task and t.deleted_at is null) x
    where s.id = x.id
    returning version)
  select max(version) into top from written;
  perform daybook_private.versions_taken(p_list, top);
end $$;

revoke all on function daybook_private.apply_list(text, jsonb) from public, anon;
revoke all on function daybook_private.tombstone_list_tasks(uuid) from public, anon, authenticated;
revoke all on function daybook_private.revive_list_tasks(uuid) from public, anon, authenticated;
revoke all on function daybook_private.tombstone_list_steps(uuid) from public, anon, authenticated;
revoke all on function daybook_private.revive_list_steps(uuid) from public, anon, authenticated;

-- supabase/schemas/apply_member.sql --------------------------------------------------------------

create or replace function daybook_private.apply_member(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid := daybook_private.arg_uuid(p_args, 'list_id');
  l public.lists;
  target uuid;
  target_email text;
  new_role text;
  m public.list_members;
begin
  l := daybook_private.require_list(lid, 'owner');
  if l.is_inbox then
    perform daybook_private.refuse('invalid', 'The Inbox can''t be shared');
  end if;
  if p_name in ('member.invite', 'member.set_role') then
    new_role := p_args ->> 'role';
    if jsonb_typeof(p_args -> 'role') is distinct from 'string' or new_role not in ('editor', 'viewer') then
      perform daybook_private.refuse('invalid', 'Role must be editor or viewer', 'role');
    end if;
  end if;
  if p_name = 'member.invite' then
    target_email := btrim(daybook_private.arg_text(p_args, 'email', 'Email'));
    select id, email into target, target_email from auth.users where lower(email) = lower(target_email) limit 1;
    if target is null then
      perform daybook_private.refuse('no_such_user', 'No Daybook account uses that e-mail', 'email');
    end if;
  else
    target := daybook_private.arg_uuid(p_args, 'user_id');
  end if;
  select * into m from public.list_members where list_id = lid and user_id = target;
  if found and m.role = 'owner' then
    perform daybook_private.refuse('invalid', 'The owner''s role can''t be changed');
  end if;
  if p_name = 'member.invite' then
    -- SPEC §12: someone who left is not put back for a day; at most 100 invitations an hour
    if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
      perform daybook_private.refuse('rate_limited', 'They left this list — you can invite them again after 24 hours', 'email');
    end if;
    perform daybook_private.count_invitation();
    insert into public.list_members (list_id, user_id, email, role)
    values (lid, target, target_email, new_role)
    on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null, left_at = null;
  elsif m.user_id is null or (m.deleted_at is not null and p_name = 'member.set_role') then
    perform daybook_private.refuse('not_found', 'That person is not a member of this list', 'user_id');
  elsif p_name = 'member.set_role' then
    update public.list_members set role = new_role where list_id = lid and user_id = target;
  elsif m.deleted_at is null then
    update public.list_members set deleted_at = now() where list_id = lid and user_id = target;
  end if;
  -- (removing someone already removed changes nothing and is applied, like deleting twice: a
  -- second device or a retry under a new id must not report a failure for a removal that holds)
end $$;

-- Counts one invitation by the caller, refusing the 101st within an hour. The caller's older
-- records go as it counts, so the table holds at most an hour of each inviter.
create or replace function daybook_private.count_invitation() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  delete from daybook_private.invitations where inviter = auth.uid() and at <= now() - interval '1 hour';
  if (select count(*) from daybook_private.invitations where inviter = auth.uid()) >= 100 then
    perform daybook_private.refuse('rate_limited', 'Too many invitations — try again later', 'email');
  end if;
  insert into daybook_private.invitations (inviter) values (auth.uid());
end $$;

revoke all on function daybook_private.apply_member(text, jsonb) from public, anon;
revoke all on function daybook_private.count_invitation() from public, anon, authenticated;

-- supabase/schemas/apply_task.sql ----------------------------------------------------------------

-- task.create · task.update · task.delete · task.restore · task.complete_occurrence ·
-- task.uncomplete_occurrence. task.create's row is built by task_create_row, which the set-wise
-- path (push_setwise.sql) uses too, so both check and store a creation alike.
create or replace function daybook_private.apply_task(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  tid uuid := daybook_private.arg_uuid(p_args, 'id');
  t public.tasks;
  patch jsonb;
  new_list uuid;
  new_date date;
  new_time text;
  new_repeat text;
  new_anchor date;
  occ date;
  nxt date;
  r text;
begin
  if p_name = 'task.create' then
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor)
    select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor
    from daybook_private.task_create_row(p_args, true) r;
    return;
  end if;

  select * into t from public.tasks where id = tid for update;
  r := case when found then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'task.delete' then
    if t.deleted_at is null then
      update public.tasks set deleted_at = now(), deleted_with_list = false where id = tid;
      perform daybook_private.tombstone_task_steps(tid, t.list_id);
    elsif t.deleted_with_list then
      -- deleted with its list, and now by this person too: restoring the list must not bring
      -- back a task they deleted (the new version carries the flag to every device)
      update public.tasks set deleted_with_list = false where id = tid;
    end if;
  elsif p_name = 'task.restore' then
    if (select deleted_at from public.lists where id = t.list_id) is not null then
      perform daybook_private.refuse('deleted', 'Its list was deleted', 'list_id');
    end if;
    if t.deleted_at is not null then
      update public.tasks set deleted_at = null, deleted_with_list = false where id = tid;
      perform daybook_private.revive_task_steps(tid, t.list_id);
    end if;
  elsif p_name in ('task.complete_occurrence', 'task.uncomplete_occurrence') then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device');
    end if;
    occ := daybook_private.check_day(p_args -> 'occurrence', 'occurrence');
    if occ is null then
      perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
    end if;
    nxt := daybook_private.check_day(p_args -> 'next', 'next');
    if nxt <= occ then
      perform daybook_private.refuse('invalid', 'The next occurrence must come after the one completed', 'next');
    end if;
    -- the occurrence the change names decides, not the order of arrival: a task no longer at
    -- it (completed elsewhere, moved, done) is left as it is, and the change is applied
    if p_name = 'task.complete_occurrence' then
      if not t.done and t.due_date = occ then
        if nxt is null or t.repeat is null then
          update public.tasks set done = true, done_at = coalesce(done_at, now()) where id = tid;
        else
          update public.tasks set due_date = nxt where id = tid;
        end if;
      end if;
    elsif t.done then
      if nxt is null and t.due_date = occ then
        update public.tasks set done = false, done_at = null where id = tid;
      end if;
    elsif nxt is not null and t.due_date = nxt then
      update public.tasks set due_date = occ where id = tid;
    end if;
  elsif p_name = 'task.update' then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device');
    end if;
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    new_list := t.list_id;
    if patch ? 'list_id' then
      new_list := daybook_private.arg_uuid(patch, 'list_id');
      if new_list <> t.list_id then
        perform daybook_private.require_list(new_list, 'editor');
      end if;
    end if;
    new_date := case when patch ? 'due_date' then daybook_private.check_date(patch -> 'due_date') else t.due_date end;
    new_time := case when patch ? 'due_time' then daybook_private.check_time(patch -> 'due_time')
      when new_date is null then null else t.due_time end;
    if new_time is not null and new_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before setting a time', 'due_time');
    end if;
    -- a repeat needs a date: clearing the date clears it; a repeat set without an anchor starts
    -- at the (resulting) due date
    if patch ? 'repeat' or patch ? 'repeat_anchor' then
      new_repeat := case when patch ? 'repeat' then daybook_private.check_repeat(patch -> 'repeat') else t.repeat end;
      if new_repeat is not null then
        if new_date is null then
          perform daybook_private.refuse('invalid', 'Set a date before repeating', 'repeat');
        end if;
        new_anchor := coalesce(daybook_private.check_day(patch -> 'repeat_anchor', 'repeat'), new_date);
      end if;
    elsif new_date is not null then
      new_repeat := t.repeat;
      new_anchor := t.repeat_anchor;
    end if;
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.tasks set
      list_id = new_list,
      title = case when patch ? 'title' then daybook_private.check_title(patch -> 'title') else title end,
      notes = case when patch ? 'notes' then daybook_private.check_notes(patch -> 'notes') else notes end,
      due_date = new_date,
      due_time = new_time,
      repeat = new_repeat,
      repeat_anchor = new_anchor,
      priority = case when patch ? 'priority' then daybook_private.check_priority(patch -> 'priority') else priority end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end,
      done = case when patch ? 'done' then (patch ->> 'done')::boolean else done end,
      done_at = case when not patch ? 'done' then done_at
        when (patch ->> 'done')::boolean then coalesce(done_at, now()) else null end
    where id = tid;
    if new_list <> t.list_id then
      insert into public.task_departures (list_id, task_id) values (t.list_id, tid)
      on conflict (list_id, task_id) do update set version = 0;
      -- a task that comes back supersedes its old departure from the target list
      delete from public.task_departures where list_id = new_list and task_id = tid;
      -- its steps follow it; the departure covers them for members of the old list only
      perform daybook_private.move_task_steps(tid, new_list);
    end if;
  end if;
end $$;

-- A task.create's new row, validated (list and id checks only with p_check: the set-wise path
-- checks each list once and the ids in one probe). Raises the refusal apply_task would.
create or replace function daybook_private.task_create_row(p_args jsonb, p_check boolean) returns public.tasks
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  r public.tasks;
begin
  r.id := daybook_private.arg_uuid(p_args, 'id');
  if p_check then
    perform daybook_private.require_list(daybook_private.arg_uuid(p_args, 'list_id'), 'editor');
    if exists (select 1 from public.tasks where id = r.id) then
      perform daybook_private.refuse('invalid', 'That task id is already in use', 'id');
    end if;
  end if;
  r.due_date := daybook_private.check_date(p_args -> 'due_date');
  r.due_time := daybook_private.check_time(p_args -> 'due_time');
  if r.due_time is not null and r.due_date is null then
    perform daybook_private.refuse('invalid', 'Set a date before setting a time', 'due_time');
  end if;
  r.repeat := daybook_private.check_repeat(p_args -> 'repeat');
  if r.repeat is not null then
    if r.due_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before repeating', 'repeat');
    end if;
    r.repeat_anchor := coalesce(daybook_private.check_day(p_args -> 'repeat_anchor', 'repeat'), r.due_date);
  end if;
  r.list_id := (p_args ->> 'list_id')::uuid;
  r.title := daybook_private.check_title(p_args -> 'title');
  r.notes := daybook_private.check_notes(p_args -> 'notes');
  r.priority := daybook_private.check_priority(p_args -> 'priority');
  r.position := daybook_private.check_position(p_args -> 'position');
  r.created_by := auth.uid();
  return r;
end $$;

revoke all on function daybook_private.apply_task(text, jsonb) from public, anon;
revoke all on function daybook_private.task_create_row(jsonb, boolean) from public, anon, authenticated;

-- supabase/schemas/apply_step.sql ----------------------------------------------------------------

-- The task's live steps, tombstoned with it.
create or replace function daybook_private.tombstone_task_steps(p_task uuid, p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.steps s set deleted_at = now(), deleted_with_task = true, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task and deleted_at is null) x
  where s.id = x.id;
end $$;

-- The steps the task's delete took, back with it.
create or replace function daybook_private.revive_task_steps(p_task uuid, p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and deleted_with_task);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.steps s set deleted_at = null, deleted_with_task = false, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task and deleted_with_task) x
  where s.id = x.id;
end $$;

-- Every step of the task (tombstones too), moved with it into p_to: new versions there.
create or replace function daybook_private.move_task_steps(p_task uuid, p_to uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_to, n);
  update public.steps s set list_id = p_to, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task) x
  where s.id = x.id;
end $$;

-- step.create · step.update · step.delete · step.restore. Rights come from the step's task's
-- list (editors and owners; viewers `forbidden`; strangers `not_found`); a step of a deleted task
-- is deleted with it, so edits are refused `deleted` until task.restore brings it back.
create or replace function daybook_private.apply_step(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  sid uuid := daybook_private.arg_uuid(p_args, 'id');
  s public.steps;
  t public.tasks;
  patch jsonb;
  r text;
  new_title text;
  new_position text;
begin
  if p_name = 'step.create' then
    -- the task's row lock serialises creates on one task, so the count below holds
    select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
    r := case when found then daybook_private.role_on(t.list_id) end;
    if r is null then
      perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
    end if;
    if r = 'viewer' then
      perform daybook_private.refuse('forbidden', 'You can only view this list');
    end if;
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
    end if;
    if exists (select 1 from public.steps where id = sid) then
      perform daybook_private.refuse('invalid', 'That step id is already in use', 'id');
    end if;
    new_title := daybook_private.check_step_title(p_args -> 'title');
    new_position := daybook_private.check_position(p_args -> 'position');
    if (select count(*) from public.steps where task_id = t.id and deleted_at is null) >= 100 then
      perform daybook_private.refuse('invalid', 'A task holds at most 100 steps', 'task_id');
    end if;
    insert into public.steps (id, task_id, list_id, title, position) values (sid, t.id, t.list_id, new_title, new_position);
    return;
  end if;

  select * into s from public.steps where id = sid for update;
  if found then
    select * into t from public.tasks where id = s.task_id;
  end if;
  r := case when t.id is not null then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This step was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'step.update' then
    if s.deleted_at is not null or t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This step was deleted on another device');
    end if;
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.steps set
      title = case when patch ? 'title' then daybook_private.check_step_title(patch -> 'title') else title end,
      done = case when patch ? 'done' then (patch ->> 'done')::boolean else done end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end
    where id = sid;
  elsif p_name = 'step.delete' then
    if s.deleted_at is null then
      update public.steps set deleted_at = now(), deleted_with_task = false where id = sid;
    elsif s.deleted_with_task then
      -- deleted with its task, and now on its own: restoring the task must not bring it back
      update public.steps set deleted_with_task = false where id = sid;
    end if;
  elsif p_name = 'step.restore' then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'Its task was deleted', 'task_id');
    end if;
    if s.deleted_at is not null then
      update public.steps set deleted_at = null, deleted_with_task = false where id = sid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.tombstone_task_steps(uuid, uuid) from public, anon, authenticated;
revoke all on function daybook_private.revive_task_steps(uuid, uuid) from public, anon, authenticated;
revoke all on function daybook_private.move_task_steps(uuid, uuid) from public, anon, authenticated;
revoke all on function daybook_private.apply_step(text, jsonb) from public, anon, authenticated;

-- supabase/schemas/apply_reminder.sql ------------------------------------------------------------

-- reminder.set {task_id, offset_minutes} · reminder.clear {task_id} · reminder.snooze {task_id,
-- occurrence, until}. Always the caller's own row: anyone who can see the task may act (viewers
-- too), strangers get `not_found`. set needs a live task with a due date and ends any snooze;
-- clear keeps the row (offset null) so it syncs, and is applied on a deleted task too; snoozing
-- a reminder that is not set (cleared meanwhile on another device) is an applied no-op.
create or replace function daybook_private.apply_reminder(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  t public.tasks;
  rem public.reminders;
  is_set boolean;
  off jsonb;
  occ date;
  until_at timestamptz;
begin
  -- the task's row lock orders this against a move of the task (which moves its reminders)
  select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
  if not found or daybook_private.role_on(t.list_id) is null then
    perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
  end if;
  select * into rem from public.reminders where task_id = t.id and user_id = uid for update;
  is_set := found and rem.offset_minutes is not null;

  if p_name = 'reminder.clear' then
    if is_set then
      update public.reminders set offset_minutes = null, snoozed_until = null, snoozed_occurrence = null
      where task_id = t.id and user_id = uid;
    end if;
    return;
  end if;
  if t.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
  end if;

  if p_name = 'reminder.set' then
    off := p_args -> 'offset_minutes';
    if jsonb_typeof(off) is distinct from 'number' or (off #>> '{}') not in ('0', '5', '15', '30', '60', '1440') then
      perform daybook_private.refuse('invalid', 'Pick one of the reminder times', 'offset_minutes');
    end if;
    if t.due_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before adding a reminder', 'due_date');
    end if;
    insert into public.reminders (task_id, user_id, list_id, offset_minutes)
    values (t.id, uid, t.list_id, (off #>> '{}')::int)
    on conflict (task_id, user_id) do update set offset_minutes = excluded.offset_minutes, list_id = excluded.list_id,
      snoozed_until = null, snoozed_occurrence = null;
  elsif p_name = 'reminder.snooze' then
    occ := daybook_private.check_day(p_args -> 'occurrence', 'occurrence');
    if occ is null then
      perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
    end if;
    until_at := daybook_private.check_instant(p_args -> 'until', 'until');
    if is_set then
      update public.reminders set snoozed_until = until_at, snoozed_occurrence = occ
      where task_id = t.id and user_id = uid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.apply_reminder(text, jsonb) from public, anon, authenticated;

-- supabase/schemas/push_dispatch.sql -------------------------------------------------------------

-- How sync_push finds its way to each entity. Adding an entity: its own schema file with its
-- apply function, then here its names (mutation_kind), its call (apply_change) and the lists its
-- changes write to (push_lists).

-- The entity a mutation name belongs to, or null for a name sync_push does not know (the whole
-- batch is then refused as malformed). No SET clause, so it is inlined where it is called.
create or replace function daybook_private.mutation_kind(p_name text) returns text
language sql immutable as $$
  select case
    when p_name in ('list.create', 'list.update', 'list.delete', 'list.restore', 'list.leave') then 'list'
    when p_name in ('member.invite', 'member.set_role', 'member.remove') then 'member'
    when p_name in ('task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
      'task.uncomplete_occurrence') then 'task'
    when p_name in ('step.create', 'step.update', 'step.delete', 'step.restore') then 'step'
    when p_name in ('reminder.set', 'reminder.clear', 'reminder.snooze') then 'reminder'
  end
$$;

-- Applies one change through its entity's apply function; a refusal raises (DB001). Called only
-- from sync_push (security definer, search_path set), whose rights and search_path it keeps: no
-- SET clause of its own, which would cost a configuration save and restore per change.
create or replace function daybook_private.apply_change(p_name text, p_args jsonb) returns void
language plpgsql as $$
begin
  case daybook_private.mutation_kind(p_name)
    when 'list' then perform daybook_private.apply_list(p_name, p_args);
    when 'member' then perform daybook_private.apply_member(p_name, p_args);
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
  end case;
end $$;

-- Every list a batch may write to, read before anything is locked: the lists its changes name,
-- and the current lists of the tasks and steps they name (a task's steps and reminders live in
-- its list). Ids that are not uuids are left out; their changes are refused when applied.
-- (PL/pgSQL rather than SQL: its plan is kept for the session instead of made at every push)
create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select array(
    select daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id')) from x
      where x.kind in ('list', 'member')
    union
    select daybook_private.try_uuid(x.args ->> 'list_id') from x where x.name = 'task.create'
    union
    select daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') from x where x.name = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'id') from x where x.kind = 'task')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.name = 'step.create')
    union
    select s.list_id from public.steps s
      where s.id in (select daybook_private.try_uuid(x.args ->> 'id') from x where x.kind = 'step')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'reminder')));
end $$;

revoke all on function daybook_private.mutation_kind(text) from public, anon, authenticated;
revoke all on function daybook_private.apply_change(text, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.push_lists(jsonb) from public, anon, authenticated;

-- supabase/schemas/push_setwise.sql --------------------------------------------------------------

-- The batch applied set-wise, its records written and its answer returned; null when the batch
-- is not of the kind this path takes (then nothing was done). Raises on any refusal: sync_push
-- then rolls this back and applies the batch change by change. p_last: the client's last
-- mutation id (a resent change is answered from its record, by the per-change path).
-- enable_seqscan off: PL/pgSQL keeps a statement's plan for the session, and a plan made while
-- the tasks table was small scans it whole for `id = any(ids)` ever after (so a push's cost
-- would grow with the table). PGlite never
-- analyzes, and its one session lives as long as the server. Every lookup here has its index.
create or replace function daybook_private.push_tasks_setwise(p_client_id uuid, p_mutations jsonb, p_last bigint) returns jsonb
language plpgsql security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  run_name text;
  run jsonb;
  ids uuid[];
  lists uuid[];
  tops bigint[];
begin
  if jsonb_array_length(p_mutations) = 0 or exists (select 1 from jsonb_array_elements(p_mutations) x
      where (x.value ->> 'id')::bigint <= p_last
        or not (x.value ->> 'name' = 'task.create'
          or (x.value ->> 'name' = 'task.update' and jsonb_typeof(x.value -> 'args' -> 'patch') = 'object'
            and (x.value -> 'args' -> 'patch') - array['title', 'notes', 'priority', 'position', 'done'] = '{}'::jsonb))) then
    return null;
  end if;

  -- An edit of a task the batch creates later is refused when the changes go one by one: that
  -- batch goes change by change.
  if exists (select 1 from jsonb_array_elements(p_mutations) with ordinality u(value, ord)
      join jsonb_array_elements(p_mutations) with ordinality c(value, ord)
        on c.value ->> 'name' = 'task.create' and c.value -> 'args' ->> 'id' = u.value -> 'args' ->> 'id'
      where u.value ->> 'name' = 'task.update' and c.ord > u.ord) then
    return null;
  end if;

  -- All the creations in one statement, then the edits in rounds: every task's first edit in
  -- the batch, then every second one, and so on, each round one statement. Each task's changes
  -- keep the batch's order; different tasks' changes do not touch each other, so the rows end
  -- as the changes one by one would leave them (versions are fresh either way, and the batch
  -- commits as one). A day of offline work alternates creations and edits: taken in the
  -- batch's order that was ~40 statements per batch, no faster than change by change.
  for run_name, run in
    with x as (
      select e.value ->> 'name' as name, e.value -> 'args' as args, e.ord,
        case when e.value ->> 'name' = 'task.create' then 0
          else row_number() over (partition by e.value ->> 'name', e.value -> 'args' ->> 'id' order by e.ord) end as step
      from jsonb_array_elements(p_mutations) with ordinality e(value, ord))
    select min(name), jsonb_agg(args order by ord) from x group by step order by step
  loop
    if run_name = 'task.create' then
      perform daybook_private.require_list(daybook_private.arg_uuid(d.a, 'list_id'), 'editor')
      from (select distinct on (a ->> 'list_id') a from jsonb_array_elements(run) a) d;
      -- (ids as an array: `= any` is an index probe, where `in (subquery)` may scan the table)
      ids := array(select daybook_private.try_uuid(a ->> 'id') from jsonb_array_elements(run) a);
      if exists (select 1 from public.tasks t where t.id = any(ids)) then
        perform daybook_private.refuse('invalid', 'That task id is already in use', 'id');
      end if;
      -- an id twice in the run fails the primary key, and the batch goes change by change;
      -- versions numbered in the run's order after each list's counter, which then moves once
      with bases as (
        select l.list_id, daybook_private.version_base(l.list_id) as base
        from (select distinct (a ->> 'list_id')::uuid as list_id from jsonb_array_elements(run) a) l),
      written as (
        insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor, version)
        select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor,
          b.base + row_number() over (partition by r.list_id order by a.ord)
        from jsonb_array_elements(run) with ordinality a(value, ord)
          cross join lateral daybook_private.task_create_row(a.value, false) r
          join bases b on b.list_id = r.list_id
        order by a.ord
        returning list_id, version)
      select array_agg(w.list_id), array_agg(w.top) into lists, tops
      from (select list_id, max(version) as top from written group by list_id) w;
      perform daybook_private.versions_taken(u.l, u.t) from unnest(lists, tops) u(l, t);
    else
      -- task.update, one round: each task once
      ids := array(select daybook_private.arg_uuid(a, 'id') from jsonb_array_elements(run) a);
      -- every one a live task, locked, in a list the caller edits
      if (select count(*) from (select t.id from public.tasks t
            where t.id = any(ids) and t.deleted_at is null for update) l) <> cardinality(ids)
         or exists (select 1 from (select distinct t.list_id from public.tasks t where t.id = any(ids)) l
            where coalesce(daybook_private.role_on(l.list_id), 'viewer') = 'viewer') then
        perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'id');
      end if;
      if exists (select 1 from jsonb_array_elements(run) a
          where a -> 'patch' ? 'done' and jsonb_typeof(a -> 'patch' -> 'done') <> 'boolean') then
        perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
      end if;
      -- as apply_task's task.update sets these (the rest it would set to what they are), the
      -- versions numbered as the creations' are
      with targets as (
        select t.id, t.list_id from public.tasks t where t.id = any(ids)),
      src as (
        select g.id, a.value -> 'patch' as patch, a.ord, g.list_id
        from jsonb_array_elements(run) with ordinality a(value, ord) join targets g on g.id = (a.value ->> 'id')::uuid),
      bases as (
        select l.list_id, daybook_private.version_base(l.list_id) as base from (select distinct list_id from src) l),
      written as (
        update public.tasks t set
          title = case when s.patch ? 'title' then daybook_private.check_title(s.patch -> 'title') else t.title end,
          notes = case when s.patch ? 'notes' then daybook_private.check_notes(s.patch -> 'notes') else t.notes end,
          priority = case when s.patch ? 'priority' then daybook_private.check_priority(s.patch -> 'priority') else t.priority end,
          position = case when s.patch ? 'position' then daybook_private.check_position(s.patch -> 'position') else t.position end,
          done = case when s.patch ? 'done' then (s.patch ->> 'done')::boolean else t.done end,
          done_at = case when not s.patch ? 'done' then t.done_at
            when (s.patch ->> 'done')::boolean then coalesce(t.done_at, now()) else null end,
          updated_at = now(),
          version = s.version
        from (select src.id, src.patch, b.base + row_number() over (partition by src.list_id order by src.ord) as version
              from src join bases b on b.list_id = src.list_id) s
        where t.id = any(ids) and t.id = s.id
        returning t.list_id, t.version)
      select array_agg(w.list_id), array_agg(w.top) into lists, tops
      from (select list_id, max(version) as top from written group by list_id) w;
      perform daybook_private.versions_taken(u.l, u.t) from unnest(lists, tops) u(l, t);
    end if;
  end loop;

  insert into public.sync_mutations (client_id, mutation_id, user_id, name, status)
  select p_client_id, (x.value ->> 'id')::bigint, auth.uid(), x.value ->> 'name', 'applied'
  from jsonb_array_elements(p_mutations) x;
  return (select jsonb_agg(jsonb_build_object('id', (x.value ->> 'id')::bigint, 'status', 'applied') order by x.ord)
    from jsonb_array_elements(p_mutations) with ordinality x(value, ord));
end $$;

revoke all on function daybook_private.push_tasks_setwise(uuid, jsonb, bigint) from public, anon, authenticated;

-- supabase/schemas/send_pokes.sql ----------------------------------------------------------------

-- Live updates: after a push, everyone who should pull is told to, through Supabase Realtime
-- (a broadcast on the private topic user:<id>, delivered after commit; RLS on
-- realtime.messages in realtime.sql lets only that user receive it). A poke carries
-- ids only, never row data, so a lost one costs nothing: the next scheduled pull heals it.
-- Who: the live members of every list whose version counter this push advanced, plus anyone
-- whose membership row it changed (so a removed member hears of the removal, then no more).
create or replace function daybook_private.send_pokes(p_client_id uuid, p_lists uuid[], p_before jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  r record;
begin
  for r in
    select distinct m.user_id, s.list_id
    from public.sync_spaces s
    join public.list_members m on m.list_id = s.list_id
    where s.list_id = any(p_lists)
      and s.version > coalesce((p_before ->> s.list_id::text)::bigint, 0)
      and (m.deleted_at is null or m.version > coalesce((p_before ->> s.list_id::text)::bigint, 0))
    order by m.user_id, s.list_id
  loop
    perform realtime.send(jsonb_build_object('list_id', r.list_id, 'client_id', p_client_id),
      'poke', 'user:' || r.user_id::text, true);
  end loop;
end $$;

revoke all on function daybook_private.send_pokes(uuid, uuid[], jsonb) from public, anon;

-- supabase/schemas/sync_push.sql -----------------------------------------------------------------

-- sync_push(p_client_id, p_mutations): the API contract is in supabase/README.md. The batch is
-- checked whole, the client's row and the lists it may write are locked in one order, then each
-- change goes to its entity's apply function (push_dispatch.sql), each in its own
-- sub-transaction, unless the whole batch can go set-wise (push_setwise.sql).

-- A malformed batch fails whole (22023 → HTTP 400) before anything is read or written.
create or replace function daybook_private.check_push_batch(p_client_id uuid, p_mutations jsonb) returns void
language plpgsql set search_path = public, pg_temp as $$
declare
  m jsonb;
  prev bigint := null;
begin
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'p_client_id is required';
  end if;
  if jsonb_typeof(p_mutations) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_mutations must be an array';
  end if;
  if jsonb_array_length(p_mutations) > 200 then
    raise exception using errcode = '22023', message = 'At most 200 mutations per push',
      hint = 'Split the batch';
  end if;
  for m in select value from jsonb_array_elements(p_mutations) loop
    if jsonb_typeof(m) <> 'object' or jsonb_typeof(m -> 'id') is distinct from 'number'
       or (m ->> 'id') !~ '^[0-9]{1,15}$' or (m ->> 'id')::bigint < 1 then
      raise exception using errcode = '22023', message = 'Each mutation needs a positive integer id';
    end if;
    if daybook_private.mutation_kind(m ->> 'name') is null then
      raise exception using errcode = '22023', message = format('Unknown mutation name %s', m -> 'name');
    end if;
    if jsonb_typeof(m -> 'args') is distinct from 'object' then
      raise exception using errcode = '22023', message = format('Mutation %s: args must be an object', m ->> 'id');
    end if;
    if prev is not null and (m ->> 'id')::bigint <= prev then
      raise exception using errcode = '22023', message = 'Mutation ids must increase within a push';
    end if;
    prev := (m ->> 'id')::bigint;
  end loop;
end $$;

-- The answer to a change sent again (its first answer may have been lost after this server
-- committed): the first answer, so the device learns of a refusal; 'unknown' once the record is
-- pruned, which the pruning rule makes mean "applied, or a refusal this device has already
-- acknowledged".
create or replace function daybook_private.push_duplicate(p_client_id uuid, p_id bigint) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  rec public.sync_mutations;
begin
  select * into rec from public.sync_mutations s where s.client_id = p_client_id and s.mutation_id = p_id;
  return jsonb_build_object('id', p_id, 'status', 'duplicate', 'first_status', coalesce(rec.status, 'unknown'))
    || case when rec.status = 'refused' then jsonb_build_object('error', rec.error) else '{}'::jsonb end;
end $$;

-- One new change, applied in its own sub-transaction and recorded; returns its answer. A refusal
-- (DB001, from daybook_private.refuse) keeps its code, message and field; any other error of the
-- change refuses it as `invalid` with its SQLSTATE only (the database's own words, with table and
-- constraint names, go to the server's log); transient failures abort the whole push so the
-- client retries it unchanged. Like apply_change, it runs with sync_push's rights and search_path.
create or replace function daybook_private.push_change(p_client_id uuid, p_id bigint, p_name text, p_args jsonb)
returns jsonb language plpgsql as $$
declare
  err jsonb;
  e_state text;
  e_msg text;
  e_detail text;
  e_hint text;
begin
  begin
    perform daybook_private.apply_change(p_name, p_args);
  exception when others then
    get stacked diagnostics e_state = returned_sqlstate, e_msg = message_text,
      e_detail = pg_exception_detail, e_hint = pg_exception_hint;
    if daybook_private.is_transient(e_state) then
      raise;
    end if;
    if e_state = 'DB001' then
      err := jsonb_build_object('code', e_msg, 'message', e_detail);
      if e_hint <> '' then
        err := err || jsonb_build_object('field', e_hint);
      end if;
    else
      raise log 'sync_push: change % of client % failed: % (%)', p_id, p_client_id, e_msg, e_state;
      err := jsonb_build_object('code', 'invalid', 'message', 'The server could not apply this change (error ' || e_state || ')');
    end if;
  end;
  insert into public.sync_mutations (client_id, mutation_id, user_id, name, status, error, args)
  values (p_client_id, p_id, auth.uid(), p_name, case when err is null then 'applied' else 'refused' end, err,
    case when err is null then null else p_args end);
  if err is null then
    return jsonb_build_object('id', p_id, 'status', 'applied');
  end if;
  return jsonb_build_object('id', p_id, 'status', 'refused', 'error', err);
end $$;

create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb) returns jsonb
language plpgsql security definer set search_path = public, pg_temp set jit = off as $$
declare
  uid uuid := auth.uid();
  c public.sync_clients;
  m jsonb;
  -- every list the batch names, and those of them the caller is on, which it locks
  named uuid[];
  touched uuid[];
  -- the locked lists' versions when this push locked them
  locked_at jsonb;
  results jsonb;
  e_state text;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  perform daybook_private.check_push_batch(p_client_id, p_mutations);

  perform daybook_private.ensure_inbox();
  insert into public.sync_clients (client_id, user_id) values (p_client_id, uid)
  on conflict (client_id) do nothing;
  select * into c from public.sync_clients where client_id = p_client_id for update;
  if c.user_id <> uid then
    raise exception using errcode = '42501', message = 'This client id belongs to another user';
  end if;

  -- Take the version counters of every list this batch touches up front, in one order, so
  -- pushes that touch the same lists queue instead of deadlocking. Their versions tell, after
  -- the changes, which lists this push changed (nobody else can move them meanwhile).
  -- Only lists the caller is a member of: naming a stranger's list (an Inbox id is its owner's
  -- user id) must not make its members wait behind this push. Membership is read before any
  -- lock; a list the caller is not on is refused by its mutation without being written.
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
  named := daybook_private.push_lists(p_mutations);
  touched := array(select t from unnest(named) t where t in (select daybook_private.my_list_ids()));
  select coalesce(jsonb_object_agg(l.list_id, l.version), '{}'::jsonb) into locked_at
  from (select s.list_id, s.version from public.sync_spaces s
        where s.list_id = any(touched) order by s.list_id for update) l;

  -- Set-wise first: any refusal or error rolls that attempt back whole and the batch goes
  -- change by change, so refusals, their order and their words are the same either way.
  begin
    results := daybook_private.push_tasks_setwise(p_client_id, p_mutations, c.last_mutation_id);
  exception when others then
    get stacked diagnostics e_state = returned_sqlstate;
    if daybook_private.is_transient(e_state) then
      raise;
    end if;
    results := null;
  end;
  if results is not null then
    c.last_mutation_id := (p_mutations -> -1 ->> 'id')::bigint;
  else
    results := '[]'::jsonb;
    for m in select value from jsonb_array_elements(p_mutations) loop
      if (m ->> 'id')::bigint <= c.last_mutation_id then
        results := results || daybook_private.push_duplicate(p_client_id, (m ->> 'id')::bigint);
      else
        results := results || daybook_private.push_change(p_client_id, (m ->> 'id')::bigint, m ->> 'name', m -> 'args');
        c.last_mutation_id := (m ->> 'id')::bigint;
      end if;
    end loop;
  end if;

  -- ids [applied_from, last - 1000] have left the window: prune once there are 100 of them
  if (c.last_mutation_id - 1000) - c.applied_from + 1 >= 100 then
    c.applied_from := daybook_private.prune_applied(p_client_id, c.applied_from, c.last_mutation_id);
  end if;
  update public.sync_clients set last_mutation_id = c.last_mutation_id, applied_from = c.applied_from, updated_at = now()
  where client_id = p_client_id;
  -- pokes for the lists locked above, and lists this push made (named, and the caller is on them now)
  perform daybook_private.send_pokes(p_client_id,
    array(select t from unnest(named) t where locked_at ? t::text or t in (select daybook_private.my_list_ids())), locked_at);
  return jsonb_build_object('last_mutation_id', c.last_mutation_id, 'results', results);
end $$;

revoke all on function daybook_private.check_push_batch(uuid, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.push_duplicate(uuid, bigint) from public, anon, authenticated;
revoke all on function daybook_private.push_change(uuid, bigint, text, jsonb) from public, anon, authenticated;
revoke all on function public.sync_push(uuid, jsonb) from public, anon, service_role;
grant execute on function public.sync_push(uuid, jsonb) to authenticated;

-- supabase/schemas/sync_pull.sql -----------------------------------------------------------------

-- sync_pull(p_client_id, p_cursors, p_limit, p_count): the API contract is in supabase/README.md.
-- Everything is read in one statement, so in one snapshot (PostgREST runs functions in READ
-- COMMITTED, where each statement takes a new one): rows, refusals and last_mutation_id agree.
-- Each kind of row comes through its table's pull functions (pull_<kind>_keys, _rows, _count,
-- defined beside the table), which are stable SQL and so read in this statement's snapshot.
create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  -- reminders are per person: only the caller's travel
  me uuid := auth.uid();
  -- Without the key (a device from before the refusal stream, or its first pull) refusals start
  -- from the oldest kept, but do not hold has_more: a device that drops the key between pages
  -- would otherwise be sent the same refusals again and again, told each time that more wait.
  has_rc boolean := coalesce(jsonb_typeof(p_cursors -> 'refused') = 'number', false);
  rc bigint := case when jsonb_typeof(p_cursors -> 'refused') = 'number'
    then greatest(floor((p_cursors ->> 'refused')::numeric), 0)::bigint else 0 end;
  result jsonb;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'p_client_id is required';
  end if;
  if p_cursors is not null and jsonb_typeof(p_cursors) <> 'object' then
    raise exception using errcode = '22023', message = 'p_cursors must be an object of list id to version';
  end if;
  perform daybook_private.ensure_inbox();
  -- Binds the client id to its user (42501 for another user's). Its value is not used: the
  -- answer's last_mutation_id is read by the page statement, from the page's snapshot.
  perform daybook_private.client_last_mutation_id(p_client_id);
  -- (a probe first: most pulls have nothing to forget, and then skip the security definer call)
  if rc > 0 and exists (select 1 from public.sync_mutations
      where client_id = p_client_id and status = 'refused' and mutation_id <= rc) then
    perform daybook_private.forget_refusals(p_client_id, rc);
  end if;

  with vis as (
    select id as list_id from daybook_private.my_list_ids() as id
  ),
  cur as (
    select v.list_id,
      case when jsonb_typeof(p_cursors -> v.list_id::text) = 'number'
        then floor((p_cursors ->> v.list_id::text)::numeric)::bigint else 0 end as c
    from vis v
  ),
  -- keys first (index order, at most a page per list and table), whole rows only for the page
  keys as (
    select k.* from cur cross join lateral (
      select * from daybook_private.pull_lists_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_members_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_tasks_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_steps_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_reminders_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_departed_keys(me, cur.list_id, cur.c, lim + 1)
    ) k
  ),
  page as (
    select * from keys order by list_id, version limit lim + 1
  ),
  kept as (
    select * from page order by list_id, version limit lim
  ),
  -- each list's cursor after this page
  nxt as (
    select cur.list_id, greatest(cur.c, coalesce((select max(k.version) from kept k where k.list_id = cur.list_id), 0)) as c
    from cur
  ),
  -- this client's refusals past its cursor, oldest first: a page's worth, and one to tell if more wait
  refused as (
    select mutation_id, error, name, args from public.sync_mutations
    where client_id = p_client_id and status = 'refused' and mutation_id > rc
    order by mutation_id limit lim + 1
  ),
  refused_kept as (
    select * from refused order by mutation_id limit lim
  ),
  -- the acknowledgment, and where the refusal stream is complete up to: below the first refusal
  -- this page does not carry (the one past the page's worth, if any), and never past the
  -- client's last mutation id (no refusal can take an id at or below it later)
  ack as (
    select coalesce((select s.last_mutation_id from public.sync_clients s where s.client_id = p_client_id), 0) as last,
      (select r.mutation_id from refused r order by r.mutation_id offset lim limit 1) as first_missing
  ),
  complete as (
    select ack.last, least(ack.last, ack.first_missing - 1) as upto from ack
  ),
  more as (
    select (select count(*) from page) > lim as rows,
      has_rc and (select count(*) from refused) > lim as refusals
  )
  select jsonb_build_object(
    'lists', (select daybook_private.pull_lists_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'l'),
    'members', (select daybook_private.pull_members_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'm'),
    'tasks', (select daybook_private.pull_tasks_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 't'),
    'steps', (select daybook_private.pull_steps_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 's'),
    'reminders', (select daybook_private.pull_reminders_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'r'),
    'departed', (select daybook_private.pull_departed_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'd'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more),
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when not (select rows from more) then 0
      else (select daybook_private.pull_lists_count(me, n.lists, n.afters)
          + daybook_private.pull_members_count(me, n.lists, n.afters)
          + daybook_private.pull_tasks_count(me, n.lists, n.afters)
          + daybook_private.pull_steps_count(me, n.lists, n.afters)
          + daybook_private.pull_reminders_count(me, n.lists, n.afters)
          + daybook_private.pull_departed_count(me, n.lists, n.afters)
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;

revoke all on function public.sync_pull(uuid, jsonb, integer, boolean) from public, anon, service_role;
grant execute on function public.sync_pull(uuid, jsonb, integer, boolean) to authenticated;

-- supabase/schemas/reminder_sender.sql -----------------------------------------------------------

-- The reminder sender's functions (server/push-sender.ts and the send-reminders Edge Function
-- call the public ones as service_role).
-- zoned_instant is one expression so PostgreSQL can inline it into due_pushes (a SET clause or a
-- sub-select would make it a separate call per candidate reminder). Same rule as occurrenceAt
-- in src/lib/recurrence/zone.ts: PostgreSQL's own reading of a wall time already moves a time in
-- a spring-forward gap on by the gap; of a time that happens twice it takes the later, so the
-- earlier reading — the wall time with the offset in force a day before — is taken when it
-- gives the same wall time back.
-- No SET clause (it would stop inlining): the function names only pg_catalog's operators and runs
-- with its callers' search_path (public, pg_temp in the security definer ones).
create or replace function daybook_private.zoned_instant(p_date date, p_time time, p_zone text) returns timestamptz
language sql stable as $$
  select case
    when (((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC') < ((p_date + p_time) at time zone p_zone)
     and ((((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC') at time zone p_zone) = (p_date + p_time)
    then (((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC')
    else ((p_date + p_time) at time zone p_zone)
  end
$$;

-- Reminders due in (p_since, p_now] on each subscription and not yet sent to it, with what the
-- notification says. Only fire times after the subscription was made: a device that subscribes
-- now is not sent the past. The tasks' UTC dates ±2 days cover every zone and "1 day before".
create type daybook_private.due_push as (
  subscription_id uuid, endpoint text, p256dh text, auth text, user_id uuid, time_zone text,
  task_id uuid, occurrence date, fire_at timestamptz, title text, due_time text, list_name text,
  -- the date at p_now in the subscription's zone ("Today" / "Tomorrow" in the body)
  today date,
  -- set when the fire time is a snooze's end: the device's shown record keys on it
  snoozed_until timestamptz
);

create or replace function daybook_private.due_pushes(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push
language sql stable security definer set search_path = public, pg_temp as $$
  with cand as (
    select r.task_id, r.user_id, r.offset_minutes, r.snoozed_until, r.snoozed_occurrence,
      t.due_date, t.due_time, t.title, t.list_id
    from public.tasks t join public.reminders r on r.task_id = t.id
    where t.due_date between (p_since at time zone 'UTC')::date - 2 and (p_now at time zone 'UTC')::date + 2
      and not t.done and t.deleted_at is null and r.offset_minutes is not null
    union
    select r.task_id, r.user_id, r.offset_minutes, r.snoozed_until, r.snoozed_occurrence,
      t.due_date, t.due_time, t.title, t.list_id
    from public.reminders r join public.tasks t on t.id = r.task_id
    where r.snoozed_until > p_since and r.snoozed_until <= p_now and r.snoozed_occurrence = t.due_date
      and not t.done and t.deleted_at is null and r.offset_minutes is not null
  ),
  timed as (
    select s.id as subscription_id, s.endpoint, s.p256dh, s.auth, s.user_id, s.time_zone, s.created_at,
      c.task_id, c.due_date as occurrence, c.title, c.due_time, c.list_id, c.snoozed_until as snooze,
      case
        when c.snoozed_occurrence = c.due_date and c.snoozed_until is not null then c.snoozed_until
        when c.offset_minutes = 1440 then daybook_private.zoned_instant(c.due_date - 1, coalesce(c.due_time::time, s.remind_at), s.time_zone)
        else daybook_private.zoned_instant(c.due_date, coalesce(c.due_time::time, s.remind_at), s.time_zone)
          - make_interval(mins => c.offset_minutes)
      end as fire_at,
      c.snoozed_occurrence = c.due_date and c.snoozed_until is not null as snoozed
    from cand c join public.push_subscriptions s on s.user_id = c.user_id
    -- the owner must still see the list (RLS's rule for reading one's reminders)
    where exists (select 1 from public.list_members m
      where m.list_id = c.list_id and m.user_id = c.user_id and m.deleted_at is null)
  )
  select d.subscription_id, d.endpoint, d.p256dh, d.auth, d.user_id, d.time_zone,
    d.task_id, d.occurrence, d.fire_at, d.title, d.due_time, l.name,
    (p_now at time zone d.time_zone)::date, case when d.snoozed then d.snooze end
  from timed d join public.lists l on l.id = d.list_id
  where d.fire_at > p_since and d.fire_at <= p_now and d.fire_at >= d.created_at
    and not exists (select 1 from daybook_private.push_sent p
      where p.subscription_id = d.subscription_id and p.task_id = d.task_id
        and p.occurrence = d.occurrence and p.fire_at = d.fire_at)
  order by d.fire_at, d.subscription_id, d.task_id
$$;

-- Claims what due_pushes finds (one statement: a reminder another sender claimed meanwhile is
-- skipped by the primary key) and forgets claims two days old, past any catch-up window.
create or replace function daybook_private.claim_due_pushes(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  delete from daybook_private.push_sent where fire_at < p_now - interval '2 days';
  return query
    with due as (select * from daybook_private.due_pushes(p_since, p_now)),
    claimed as (
      insert into daybook_private.push_sent (subscription_id, task_id, occurrence, fire_at)
      select d.subscription_id, d.task_id, d.occurrence, d.fire_at from due d
      on conflict do nothing
      returning push_sent.subscription_id as s, push_sent.task_id as t, push_sent.occurrence as o, push_sent.fire_at as f
    )
    select d.* from due d join claimed c on c.s = d.subscription_id and c.t = d.task_id and c.o = d.occurrence and c.f = d.fire_at
    order by d.fire_at, d.subscription_id, d.task_id;
end $$;

-- A send that failed for a passing reason (the push service's 5xx or 429, the network): the
-- claim goes, so the next minute's claim (while the fire time is inside its window) tries again.
create or replace function daybook_private.release_push(p_subscription uuid, p_task uuid, p_occurrence date, p_fire_at timestamptz)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from daybook_private.push_sent
  where subscription_id = p_subscription and task_id = p_task and occurrence = p_occurrence and fire_at = p_fire_at
$$;

-- The push service answered 404 or 410: that subscription is gone for good.
create or replace function daybook_private.drop_push_subscription(p_subscription uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from public.push_subscriptions where id = p_subscription
$$;

-- The hosted sender (supabase/functions/send-reminders) reaches these through PostgREST, which
-- serves only public: thin wrappers, for service_role alone.
create or replace function public.push_claim_due(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push language sql volatile security definer set search_path = public, pg_temp as $$
  select * from daybook_private.claim_due_pushes(p_since, p_now)
$$;

create or replace function public.push_release(p_subscription uuid, p_task uuid, p_occurrence date, p_fire_at timestamptz)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.release_push(p_subscription, p_task, p_occurrence, p_fire_at)
$$;

create or replace function public.push_drop_subscription(p_subscription uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.drop_push_subscription(p_subscription)
$$;

revoke all on type daybook_private.due_push from public;
revoke all on function daybook_private.zoned_instant(date, time without time zone, text) from public, anon, authenticated;
revoke all on function daybook_private.due_pushes(timestamp with time zone, timestamp with time zone) from public, anon, authenticated;
revoke all on function daybook_private.claim_due_pushes(timestamp with time zone, timestamp with time zone) from public, anon, authenticated;
revoke all on function daybook_private.release_push(uuid, uuid, date, timestamp with time zone) from public, anon, authenticated;
revoke all on function daybook_private.drop_push_subscription(uuid) from public, anon, authenticated;
revoke all on function public.push_claim_due(timestamp with time zone, timestamp with time zone) from public, anon, authenticated;
revoke all on function public.push_release(uuid, uuid, date, timestamp with time zone) from public, anon, authenticated;
revoke all on function public.push_drop_subscription(uuid) from public, anon, authenticated;
grant execute on function public.push_claim_due(timestamp with time zone, timestamp with time zone) to service_role;
grant execute on function public.push_release(uuid, uuid, date, timestamp with time zone) to service_role;
grant execute on function public.push_drop_subscription(uuid) to service_role;
revoke all on function daybook_private.zoned_instant(date, time without time zone, text) from public, anon, authenticated;

-- supabase/schemas/push_subscriptions_rpc.sql ----------------------------------------------------

-- The device's own subscription: made or refreshed when it signs in with notifications allowed
-- (and when its zone or "Remind at" changes), dropped when it signs out. An endpoint another
-- account held on this device moves to the caller, without what was sent to the other.
create or replace function public.push_subscribe(p_endpoint text, p_p256dh text, p_auth text, p_time_zone text, p_remind_at text)
returns void language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    perform daybook_private.refuse('forbidden', 'Sign in to get reminders on this device');
  end if;
  if p_endpoint is null or char_length(p_endpoint) > 2048
     or not (p_endpoint ~ '^https://[^/\s]+/' or p_endpoint ~ '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?/') then
    perform daybook_private.refuse('invalid', 'The push endpoint must be an https URL', 'endpoint');
  end if;
  if p_p256dh is null or p_p256dh !~ '^[A-Za-z0-9_-]{87}=?$' then
    perform daybook_private.refuse('invalid', 'The p256dh key must be a P-256 public key in base64url', 'p256dh');
  end if;
  if p_auth is null or p_auth !~ '^[A-Za-z0-9_-]{22}(==)?$' then
    perform daybook_private.refuse('invalid', 'The auth secret must be 16 bytes in base64url', 'auth');
  end if;
  if p_remind_at is null or p_remind_at !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    perform daybook_private.refuse('invalid', 'Remind at must be a time HH:MM', 'remind_at');
  end if;
  if p_time_zone is null or char_length(p_time_zone) > 64 then
    perform daybook_private.refuse('invalid', 'The time zone must be an IANA zone name', 'time_zone');
  end if;
  begin
    perform now() at time zone p_time_zone;
  exception when invalid_parameter_value then
    perform daybook_private.refuse('invalid', format('Unknown time zone: %s', p_time_zone), 'time_zone');
  end;
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id <> v_user;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at)
  values (v_user, p_endpoint, p_p256dh, p_auth, p_time_zone, p_remind_at::time)
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, time_zone = excluded.time_zone,
        remind_at = excluded.remind_at, updated_at = now();
  -- at most 20 devices a person: the least recently refreshed go
  delete from public.push_subscriptions where id in (
    select id from public.push_subscriptions where user_id = v_user order by updated_at desc, id offset 20);
end $$;

create or replace function public.push_unsubscribe(p_endpoint text)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id = auth.uid()
$$;

revoke all on function public.push_subscribe(text, text, text, text, text) from public, anon;
revoke all on function public.push_unsubscribe(text) from public, anon;
grant execute on function public.push_subscribe(text, text, text, text, text) to authenticated;
grant execute on function public.push_unsubscribe(text) to authenticated;

-- supabase/schemas/read_policies.sql -------------------------------------------------------------

create policy lists_read on public.lists for select to authenticated
  using (id in (select daybook_private.my_list_ids()));

create policy list_members_read on public.list_members for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy tasks_read on public.tasks for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy task_departures_read on public.task_departures for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy sync_clients_read on public.sync_clients for select to authenticated
  using (user_id = (select auth.uid()));

create policy sync_mutations_read on public.sync_mutations for select to authenticated
  using (user_id = (select auth.uid()));

create policy steps_read on public.steps for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

create policy reminders_read on public.reminders for select to authenticated
  using (user_id = auth.uid() and list_id in (select daybook_private.my_list_ids()));

create policy push_subscriptions_read on public.push_subscriptions for select to authenticated
  using (user_id = auth.uid());

-- supabase/schemas/realtime.sql ------------------------------------------------------------------

-- Realtime authorization. sync_push pokes each member on the private Realtime topic
-- user:<member id> (daybook_private.send_pokes). Supabase Realtime lets a client join a private
-- channel only if RLS on realtime.messages lets it select a broadcast message of that topic
-- (it inserts a probe message, selects it as the user, and rolls back), so this policy is what
-- keeps one user's pokes from everyone else: an authenticated user may read only the topic
-- named after them. Nobody may send on it from a client (no insert policy): pokes come from
-- the database. Runs on hosted Supabase and on the local stand-in's realtime stub.
create policy daybook_own_pokes on realtime.messages for select to authenticated
  using (
    (select realtime.topic()) = 'user:' || (select auth.uid())::text
    and realtime.messages.extension = 'broadcast'
  );
