-- Planner (SPEC §11.1 repeating tasks, §11.3 steps; issue #13), the server side.
-- Earlier migrations stay as deployed. This one adds task columns `repeat` and `repeat_anchor`,
-- the table `steps`, the mutations task.complete_occurrence / task.uncomplete_occurrence and
-- step.create / step.update / step.delete / step.restore, and replaces apply_task (as
-- 20261124200000_sync_promises.sql left it), apply_list and sync_push (as
-- 20261124300000_bounded_work.sql left them) and sync_pull (as sync_promises left it), changing
-- only what is said here. The client's pure applies (src/data/mutations) are the other
-- implementation; tests/shared/mutation-cases/{repeat,steps}.ts run against both.
-- - A repeat is RRULE text plus its anchor (the series' first due date, occurrence 1, where
--   COUNT counts from); only with a due date; clearing the date clears it. The server checks the
--   text's shape (parts of the subset, INTERVAL 1–99, COUNT 1–999); the client's parser
--   (src/lib/recurrence) is the precise validator and computes next due dates: the server has no
--   expander. task.complete_occurrence {id, occurrence, next} advances the task to `next` only
--   while it is still due on `occurrence` (else an applied no-op: one occurrence is completed
--   once whatever the devices do); next null completes it. Its undo puts it back only while it
--   is still where the completion left it.
-- - Steps are rows of their own, versioned in their task's list (list_id is denormalised for
--   the per-list cursor and RLS), pulled in the same snapshot and pages as tasks. A task's delete
--   tombstones its live steps (deleted_with_task), task.restore brings those back; a list's
--   delete and restore do the same through its tasks. Moving a task moves its steps (new
--   versions in the target list); the task's departure from the old list covers its steps (a
--   device drops the steps it holds in that list with the task), so steps need no departures.
-- Runs on hosted Supabase, PostgreSQL 15 and PGlite: no extensions, no session settings.

-- Repeats ----------------------------------------------------------------------------------

-- The RRULE text a change carries, trimmed and upper-cased (an "RRULE:" prefix and empty parts
-- dropped), or null for none; a shape outside the subset is refused `invalid` on 'repeat'.
create function daybook_private.check_repeat(p_value jsonb) returns text
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
create function daybook_private.check_day(p_value jsonb, p_field text) returns date
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

alter table public.tasks
  add column repeat text,
  add column repeat_anchor date,
  add constraint tasks_repeat_needs_date check (repeat is null or due_date is not null),
  add constraint tasks_repeat_anchor check ((repeat is null) = (repeat_anchor is null)),
  add constraint tasks_repeat_anchor_range check (repeat_anchor between date '1900-01-01' and date '2999-12-31'),
  add constraint tasks_repeat_shape check (char_length(repeat) <= 500 and repeat ~ '^[A-Z]+=[-+0-9A-Z,]+(;[A-Z]+=[-+0-9A-Z,]+)*$');

-- Steps ------------------------------------------------------------------------------------

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
create policy steps_read on public.steps for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));
revoke all on public.steps from public, anon, authenticated;
grant select on public.steps to authenticated;

create function daybook_private.check_step_title(p_value jsonb) returns text
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

-- Rewrites of a task's (or a list's) steps take their versions in one move (take_versions), as
-- the list's delete does for its tasks: a task holds at most 100 live steps, a list any number.

-- The task's live steps, tombstoned with it.
create function daybook_private.tombstone_task_steps(p_task uuid, p_list uuid) returns void
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
create function daybook_private.revive_task_steps(p_task uuid, p_list uuid) returns void
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
create function daybook_private.move_task_steps(p_task uuid, p_to uuid) returns void
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

-- A list's delete: the live steps (all of live tasks: a deleted task's are tombstones already).
create function daybook_private.tombstone_list_steps(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where list_id = p_list and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.steps s set deleted_at = now(), deleted_with_task = true, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where list_id = p_list and deleted_at is null) x
  where s.id = x.id;
end $$;

-- A list's restore, after its tasks came back: the steps their deletes took (a live task holds
-- no such step otherwise: task.restore revives them all), not those of tasks still deleted.
create function daybook_private.revive_list_steps(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps s join public.tasks t on t.id = s.task_id
    where s.list_id = p_list and s.deleted_with_task and t.deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.steps s set deleted_at = null, deleted_with_task = false, updated_at = now(), version = first_v + x.rn - 1
  from (select s2.id, row_number() over (order by s2.id) as rn from public.steps s2 join public.tasks t on t.id = s2.task_id
        where s2.list_id = p_list and s2.deleted_with_task and t.deleted_at is null) x
  where s.id = x.id;
end $$;

revoke all on function daybook_private.check_repeat(jsonb), daybook_private.check_day(jsonb, text),
  daybook_private.check_step_title(jsonb) from public, anon;
revoke all on function daybook_private.tombstone_task_steps(uuid, uuid), daybook_private.revive_task_steps(uuid, uuid),
  daybook_private.move_task_steps(uuid, uuid), daybook_private.tombstone_list_steps(uuid),
  daybook_private.revive_list_steps(uuid) from public, anon, authenticated;

-- Mutations --------------------------------------------------------------------------------

-- apply_task as 20261124200000_sync_promises.sql left it, plus: repeat fields on create and
-- update, the two occurrence changes, and a task's steps following its delete, restore and move.
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
    perform daybook_private.require_list(daybook_private.arg_uuid(p_args, 'list_id'), 'editor');
    if exists (select 1 from public.tasks where id = tid) then
      perform daybook_private.refuse('invalid', 'That task id is already in use', 'id');
    end if;
    new_date := daybook_private.check_date(p_args -> 'due_date');
    new_time := daybook_private.check_time(p_args -> 'due_time');
    if new_time is not null and new_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before setting a time', 'due_time');
    end if;
    new_repeat := daybook_private.check_repeat(p_args -> 'repeat');
    if new_repeat is not null then
      if new_date is null then
        perform daybook_private.refuse('invalid', 'Set a date before repeating', 'repeat');
      end if;
      new_anchor := coalesce(daybook_private.check_day(p_args -> 'repeat_anchor', 'repeat'), new_date);
    end if;
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor)
    values (tid, (p_args ->> 'list_id')::uuid, daybook_private.check_title(p_args -> 'title'),
      daybook_private.check_notes(p_args -> 'notes'), new_date, new_time,
      daybook_private.check_priority(p_args -> 'priority'), daybook_private.check_position(p_args -> 'position'), uid,
      new_repeat, new_anchor);
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

-- step.create · step.update · step.delete · step.restore. Rights come from the step's task's
-- list (editors and owners; viewers `forbidden`; strangers `not_found`); a step of a deleted task
-- is deleted with it, so edits are refused `deleted` until task.restore brings it back.
create function daybook_private.apply_step(p_name text, p_args jsonb) returns void
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

revoke all on function daybook_private.apply_step(text, jsonb) from public, anon, authenticated;

-- apply_list as 20261124300000_bounded_work.sql left it, plus the steps of a list's tasks ------

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

-- The API (create or replace keeps the grants of 20261122000000_schema.sql) ------------------

-- sync_push as 20261124300000_bounded_work.sql left it, plus the new names: step.* go to
-- apply_step, and the lists they touch (a step's list, a new step's task's list) are locked
-- like a task's.
create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb) returns jsonb
language plpgsql security definer set search_path = public, pg_temp set jit = off as $$
declare
  uid uuid := auth.uid();
  c public.sync_clients;
  m jsonb;
  mid bigint;
  prev bigint := null;
  mname text;
  -- the lists this batch may touch, and their versions when this push locked them
  touched uuid[];
  -- every list the batch names, before the caller's own are picked out
  named uuid[];
  locked_at jsonb;
  results jsonb := '[]'::jsonb;
  first_status text;
  first_error jsonb;
  err jsonb;
  e_state text;
  e_msg text;
  e_detail text;
  e_hint text;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
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
    if (m ->> 'name') is null or (m ->> 'name') not in ('list.create', 'list.update', 'list.delete',
        'list.restore', 'task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
        'task.uncomplete_occurrence', 'step.create', 'step.update', 'step.delete', 'step.restore', 'member.invite',
        'member.set_role', 'member.remove', 'list.leave') then
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

  perform daybook_private.ensure_inbox();
  insert into public.sync_clients (client_id, user_id) values (p_client_id, uid)
  on conflict (client_id) do nothing;
  select * into c from public.sync_clients where client_id = p_client_id for update;
  if c.user_id <> uid then
    raise exception using errcode = '42501', message = 'This client id belongs to another user';
  end if;

  -- Take the version counters of every list this batch touches up front, in one order, so
  -- pushes that touch the same lists queue instead of deadlocking. Their versions now tell,
  -- after the loop, which lists this push changed (nobody else can move them meanwhile).
  touched := array(
    select daybook_private.try_uuid(coalesce(x.value -> 'args' ->> 'list_id', x.value -> 'args' ->> 'id'))
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' not like 'task.%' and x.value ->> 'name' not like 'step.%'
    union
    select daybook_private.try_uuid(x.value -> 'args' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.create'
    union
    select daybook_private.try_uuid(x.value -> 'args' -> 'patch' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'task.%')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'task_id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'step.create')
    union
    select s.list_id from public.steps s
      where s.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'step.%'));
  -- Only lists the caller is a member of: naming a stranger's list (an Inbox id is its owner's
  -- user id) must not make its members wait behind this push. Membership is read before any
  -- lock; a list the caller is not on is refused by its mutation without being written.
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
  named := touched;
  touched := array(select t from unnest(named) t where t in (select daybook_private.my_list_ids()));
  select coalesce(jsonb_object_agg(l.list_id, l.version), '{}'::jsonb) into locked_at
  from (select s.list_id, s.version from public.sync_spaces s
        where s.list_id = any(touched) order by s.list_id for update) l;

  for m in select value from jsonb_array_elements(p_mutations) loop
    mid := (m ->> 'id')::bigint;
    mname := m ->> 'name';
    if mid <= c.last_mutation_id then
      -- the first answer again (it may have been lost after this server committed), so the
      -- device learns of a refusal; 'unknown' once the record is pruned, which the pruning rule
      -- makes mean "applied, or a refusal this device has already acknowledged"
      first_status := null;
      first_error := null;
      select s.status, s.error into first_status, first_error from public.sync_mutations s
      where s.client_id = p_client_id and s.mutation_id = mid;
      results := results || (jsonb_build_object('id', mid, 'status', 'duplicate', 'first_status', coalesce(first_status, 'unknown'))
        || case when first_status = 'refused' then jsonb_build_object('error', first_error) else '{}'::jsonb end);
      continue;
    end if;
    err := null;
    begin
      if mname like 'task.%' then
        perform daybook_private.apply_task(mname, m -> 'args');
      elsif mname like 'step.%' then
        perform daybook_private.apply_step(mname, m -> 'args');
      elsif mname like 'member.%' then
        perform daybook_private.apply_member(mname, m -> 'args');
      else
        perform daybook_private.apply_list(mname, m -> 'args');
      end if;
    exception when others then
      get stacked diagnostics e_state = returned_sqlstate, e_msg = message_text,
        e_detail = pg_exception_detail, e_hint = pg_exception_hint;
      -- transient failures abort the whole push so the client retries it unchanged
      if e_state in ('40001', '40P01', '55P03', '57014', '53200', '53300') then
        raise;
      end if;
      if e_state = 'DB001' then
        err := jsonb_build_object('code', e_msg, 'message', e_detail);
        if e_hint <> '' then
          err := err || jsonb_build_object('field', e_hint);
        end if;
      else
        -- the database's own words (table and constraint names) stay in the server's log (#15 item 8)
        raise log 'sync_push: change % of client % failed: % (%)', mid, p_client_id, e_msg, e_state;
        err := jsonb_build_object('code', 'invalid', 'message', 'The server could not apply this change (error ' || e_state || ')');
      end if;
    end;
    insert into public.sync_mutations (client_id, mutation_id, user_id, name, status, error, args)
    values (p_client_id, mid, uid, mname, case when err is null then 'applied' else 'refused' end, err,
      case when err is null then null else m -> 'args' end);
    if err is null then
      results := results || jsonb_build_object('id', mid, 'status', 'applied');
    else
      results := results || jsonb_build_object('id', mid, 'status', 'refused', 'error', err);
    end if;
    c.last_mutation_id := mid;
  end loop;

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

-- sync_pull as 20261124200000_sync_promises.sql left it, plus `steps` (kind 's' in the page's
-- keys, in the list's version order with the tasks; counted in `remaining`).
create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
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
      (select 'l' as kind, l.id as list_id, l.version, l.id as row_id
         from public.lists l where l.id = cur.list_id and l.version > cur.c)
      union all
      (select 'm', m.list_id, m.version, m.user_id from public.list_members m
         where m.list_id = cur.list_id and m.version > cur.c order by m.version limit lim + 1)
      union all
      (select 't', t.list_id, t.version, t.id from public.tasks t
         where t.list_id = cur.list_id and t.version > cur.c order by t.version limit lim + 1)
      union all
      (select 's', s.list_id, s.version, s.id from public.steps s
         where s.list_id = cur.list_id and s.version > cur.c order by s.version limit lim + 1)
      union all
      (select 'd', d.list_id, d.version, d.task_id from public.task_departures d
         where d.list_id = cur.list_id and d.version > cur.c order by d.version limit lim + 1)
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
  more as (
    select (select count(*) from page) > lim as rows,
      has_rc and (select count(*) from refused) > lim as refusals
  )
  select jsonb_build_object(
    'lists', coalesce((select jsonb_agg(to_jsonb(l) order by l.version) from kept k
      join public.lists l on l.id = k.row_id where k.kind = 'l'), '[]'),
    'members', coalesce((select jsonb_agg(to_jsonb(m) order by m.list_id, m.version) from kept k
      join public.list_members m on m.list_id = k.list_id and m.user_id = k.row_id where k.kind = 'm'), '[]'),
    -- deleted_with_list only on tombstones: the device's list.restore must revive the same tasks
    'tasks', coalesce((select jsonb_agg(case when t.deleted_at is null then to_jsonb(t) - 'deleted_with_list' else to_jsonb(t) end
        order by t.list_id, t.version) from kept k
      join public.tasks t on t.id = k.row_id where k.kind = 't'), '[]'),
    -- deleted_with_task only on tombstones, likewise for task.restore and list.restore
    'steps', coalesce((select jsonb_agg(case when s.deleted_at is null then to_jsonb(s) - 'deleted_with_task' else to_jsonb(s) end
        order by s.list_id, s.version) from kept k
      join public.steps s on s.id = k.row_id where k.kind = 's'), '[]'),
    'departed', coalesce((select jsonb_agg(jsonb_build_object('list_id', d.list_id, 'task_id', d.task_id,
        'version', d.version) order by d.list_id, d.version) from kept k
      join public.task_departures d on d.list_id = k.list_id and d.task_id = k.row_id where k.kind = 'd'), '[]'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', coalesce((select max(mutation_id) from refused_kept), rc)),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's)
    'last_mutation_id', coalesce((select s.last_mutation_id from public.sync_clients s where s.client_id = p_client_id), 0),
    'has_more', (select rows or refusals from more),
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when not (select rows from more) then 0
      else (select coalesce(sum(
          (select count(*) from public.lists l where l.id = nxt.list_id and l.version > nxt.c)
        + (select count(*) from public.list_members m where m.list_id = nxt.list_id and m.version > nxt.c)
        + (select count(*) from public.tasks t where t.list_id = nxt.list_id and t.version > nxt.c)
        + (select count(*) from public.steps s where s.list_id = nxt.list_id and s.version > nxt.c)
        + (select count(*) from public.task_departures d where d.list_id = nxt.list_id and d.version > nxt.c)), 0)::bigint
        from nxt) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;
