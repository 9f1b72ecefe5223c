-- Daybook schema: lists, members, tasks, sync bookkeeping, RLS and the two sync RPCs.
-- Runs unchanged on hosted Supabase, PostgreSQL 15 and PGlite (PostgreSQL 18): no extensions.
-- The `auth` schema (auth.users, auth.uid()) and realtime.send() are Supabase's; the local
-- server stubs them.

create schema if not exists daybook_private;

-- One counter row per list: a trigger takes the next version under this row's lock, so
-- writers in one list are serialised and versions in a list commit in version order.
create table public.sync_spaces (
  list_id uuid primary key,
  version bigint not null
);

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

create table public.list_members (
  list_id uuid not null references public.lists (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null default '',
  role text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  primary key (list_id, user_id),
  constraint list_members_role check (role in ('owner', 'editor', 'viewer'))
);
create index list_members_user on public.list_members (user_id) where deleted_at is null;
create unique index list_members_one_owner on public.list_members (list_id) where role = 'owner';

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
  constraint tasks_title_len check (char_length(title) between 1 and 500 and title = btrim(title)),
  constraint tasks_notes_len check (char_length(notes) <= 10000),
  constraint tasks_due_date_range check (due_date between date '1900-01-01' and date '2999-12-31'),
  constraint tasks_due_time_format check (due_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint tasks_time_needs_date check (due_time is null or due_date is not null),
  constraint tasks_priority check (priority between 0 and 3),
  constraint tasks_position check (char_length(position) between 1 and 200),
  constraint tasks_done_at check (done or done_at is null)
);
create index tasks_list_version on public.tasks (list_id, version);
create index lists_version on public.lists (id, version);
create index list_members_version on public.list_members (list_id, version);

-- A task moved out of a list leaves this record in the old list's version space.
create table public.task_departures (
  list_id uuid not null references public.lists (id) on delete cascade,
  task_id uuid not null,
  version bigint not null default 0,
  primary key (list_id, task_id)
);
create index task_departures_version on public.task_departures (list_id, version);

create table public.sync_clients (
  client_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  last_mutation_id bigint not null default 0,
  updated_at timestamptz not null default now()
);

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

-- Versioning -------------------------------------------------------------------------------

create function daybook_private.take_version() returns trigger
language plpgsql set search_path = public, pg_temp as $$
declare
  -- lists are their own space; every other table names its list in list_id
  space uuid := coalesce(to_jsonb(new) ->> 'list_id', to_jsonb(new) ->> 'id')::uuid;
begin
  insert into public.sync_spaces as s (list_id, version) values (space, 1)
  on conflict (list_id) do update set version = s.version + 1
  returning s.version into new.version;
  if tg_op = 'UPDATE' and tg_table_name <> 'task_departures' then
    new.updated_at := now();
  end if;
  return new;
end $$;

create trigger lists_version before insert or update on public.lists
  for each row execute function daybook_private.take_version();
create trigger list_members_version before insert or update on public.list_members
  for each row execute function daybook_private.take_version();
create trigger tasks_version before insert or update on public.tasks
  for each row execute function daybook_private.take_version();
create trigger task_departures_version before insert or update on public.task_departures
  for each row execute function daybook_private.take_version();

-- Helpers (security definer: they read membership without recursing through RLS) ----------

create function daybook_private.my_list_ids() returns setof uuid
language sql stable security definer rows 20 set search_path = public, pg_temp as $$
  select list_id from public.list_members where user_id = auth.uid() and deleted_at is null
$$;

create function daybook_private.refuse(p_code text, p_message text, p_field text default null)
returns void language plpgsql as $$
begin
  raise exception using errcode = 'DB001', message = p_code, detail = p_message, hint = coalesce(p_field, '');
end $$;

create function daybook_private.ensure_inbox() returns void
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

-- Binds a client id to its user; another user's client id is refused as a whole.
create function daybook_private.client_last_mutation_id(p_client_id uuid) returns bigint
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

create function daybook_private.role_on(p_list uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select role from public.list_members where list_id = p_list and user_id = auth.uid() and deleted_at is null
$$;

create function daybook_private.try_uuid(p_value text) returns uuid
language sql immutable as $$
  select case when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid end
$$;

-- Validation, mirroring SPEC §5 ----------------------------------------------------------

create function daybook_private.arg_uuid(p_args jsonb, p_key text) returns uuid
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_args -> p_key) is distinct from 'string'
     or (p_args ->> p_key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform daybook_private.refuse('invalid', p_key || ' must be a UUID', p_key);
  end if;
  return (p_args ->> p_key)::uuid;
end $$;

create function daybook_private.arg_text(p_args jsonb, p_key text, p_label text) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_args -> p_key) is distinct from 'string' then
    perform daybook_private.refuse('invalid', p_label || ' must be text', p_key);
  end if;
  return p_args ->> p_key;
end $$;

create function daybook_private.check_title(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Title is required', 'title');
  end if;
  t := btrim(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Title is required', 'title');
  elsif char_length(t) > 500 then
    perform daybook_private.refuse('invalid', 'Title must be at most 500 characters', 'title');
  end if;
  return t;
end $$;

create function daybook_private.check_notes(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return '';
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Notes must be text', 'notes');
  end if;
  if char_length(p_value #>> '{}') > 10000 then
    perform daybook_private.refuse('invalid', 'Notes must be at most 10,000 characters', 'notes');
  end if;
  return p_value #>> '{}';
end $$;

create function daybook_private.check_list_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'List name is required', 'name');
  end if;
  t := btrim(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'List name is required', 'name');
  elsif char_length(t) > 80 then
    perform daybook_private.refuse('invalid', 'List name must be at most 80 characters', 'name');
  end if;
  return t;
end $$;

create function daybook_private.check_color(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'string'
     or (p_value #>> '{}') not in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple') then
    perform daybook_private.refuse('invalid',
      'Color must be one of grey, red, orange, yellow, green, teal, blue, purple', 'color');
  end if;
  return p_value #>> '{}';
end $$;

create function daybook_private.check_position(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'string' or char_length(p_value #>> '{}') not between 1 and 200 then
    perform daybook_private.refuse('invalid', 'Position must be a non-empty string', 'position');
  end if;
  return p_value #>> '{}';
end $$;

create function daybook_private.check_date(p_value jsonb) returns date
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

create function daybook_private.check_time(p_value jsonb) returns text
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

create function daybook_private.check_priority(p_value jsonb) returns smallint
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

-- Role checks ------------------------------------------------------------------------------

-- Returns the list row after checking the caller's role; non-members get not_found so a
-- stranger learns nothing about the list.
create function daybook_private.require_list(p_list uuid, p_min_role text) returns public.lists
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

-- Mutations --------------------------------------------------------------------------------

create function daybook_private.apply_list(p_name text, p_args jsonb) returns void
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
    update public.tasks set deleted_at = now(), deleted_with_list = true where list_id = lid and deleted_at is null;
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
      update public.tasks set deleted_at = null, deleted_with_list = false where list_id = lid and deleted_with_list;
    end if;
  elsif p_name = 'list.leave' then
    l := daybook_private.require_list(lid, 'viewer');
    if l.is_inbox then
      perform daybook_private.refuse('invalid', 'The Inbox can''t be left');
    end if;
    if daybook_private.role_on(lid) = 'owner' then
      perform daybook_private.refuse('invalid', 'The owner can''t leave the list');
    end if;
    update public.list_members set deleted_at = now() where list_id = lid and user_id = uid;
  end if;
end $$;

create function daybook_private.apply_member(p_name text, p_args jsonb) returns void
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
    insert into public.list_members (list_id, user_id, email, role)
    values (lid, target, target_email, new_role)
    on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null;
  elsif not found or m.deleted_at is not null then
    perform daybook_private.refuse('not_found', 'That person is not a member of this list', 'user_id');
  elsif p_name = 'member.set_role' then
    update public.list_members set role = new_role where list_id = lid and user_id = target;
  else
    update public.list_members set deleted_at = now() where list_id = lid and user_id = target;
  end if;
end $$;

create function daybook_private.apply_task(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  tid uuid := daybook_private.arg_uuid(p_args, 'id');
  t public.tasks;
  patch jsonb;
  new_list uuid;
  new_date date;
  new_time text;
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
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by)
    values (tid, (p_args ->> 'list_id')::uuid, daybook_private.check_title(p_args -> 'title'),
      daybook_private.check_notes(p_args -> 'notes'), new_date, new_time,
      daybook_private.check_priority(p_args -> 'priority'), daybook_private.check_position(p_args -> 'position'), uid);
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
    end if;
  elsif p_name = 'task.restore' then
    if (select deleted_at from public.lists where id = t.list_id) is not null then
      perform daybook_private.refuse('deleted', 'Its list was deleted', 'list_id');
    end if;
    if t.deleted_at is not null then
      update public.tasks set deleted_at = null, deleted_with_list = false where id = tid;
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
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.tasks set
      list_id = new_list,
      title = case when patch ? 'title' then daybook_private.check_title(patch -> 'title') else title end,
      notes = case when patch ? 'notes' then daybook_private.check_notes(patch -> 'notes') else notes end,
      due_date = new_date,
      due_time = new_time,
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
    end if;
  end if;
end $$;

-- Live updates: after a push, everyone who should pull is told to, through Supabase Realtime
-- (a broadcast on the private topic user:<id>, delivered after commit; RLS on
-- realtime.messages in the realtime migration lets only that user receive it). A poke carries
-- ids only, never row data, so a lost one costs nothing: the next scheduled pull heals it.
-- Who: the live members of every list whose version counter this push advanced, plus anyone
-- whose membership row it changed (so a removed member hears of the removal, then no more).
create function daybook_private.send_pokes(p_client_id uuid, p_lists uuid[], p_before jsonb) returns void
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

-- The API ----------------------------------------------------------------------------------

create function public.sync_push(p_client_id uuid, p_mutations jsonb) returns jsonb
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
  locked_at jsonb;
  results jsonb := '[]'::jsonb;
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
        'list.restore', 'task.create', 'task.update', 'task.delete', 'task.restore', 'member.invite',
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
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' not like 'task.%'
    union
    select daybook_private.try_uuid(x.value -> 'args' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.create'
    union
    select daybook_private.try_uuid(x.value -> 'args' -> 'patch' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'task.%'));
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
  select coalesce(jsonb_object_agg(l.list_id, l.version), '{}'::jsonb) into locked_at
  from (select s.list_id, s.version from public.sync_spaces s
        where s.list_id = any(touched) order by s.list_id for update) l;

  for m in select value from jsonb_array_elements(p_mutations) loop
    mid := (m ->> 'id')::bigint;
    mname := m ->> 'name';
    if mid <= c.last_mutation_id then
      results := results || jsonb_build_object('id', mid, 'status', 'duplicate');
      continue;
    end if;
    err := null;
    begin
      if mname like 'task.%' then
        perform daybook_private.apply_task(mname, m -> 'args');
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
        err := jsonb_build_object('code', 'invalid', 'message', 'The server could not apply this change: ' || e_msg);
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

  update public.sync_clients set last_mutation_id = c.last_mutation_id, updated_at = now()
  where client_id = p_client_id;
  perform daybook_private.send_pokes(p_client_id, touched, locked_at);
  return jsonb_build_object('last_mutation_id', c.last_mutation_id, 'results', results);
end $$;

-- Security invoker: rows come through RLS. Everything is read by one statement, hence one
-- snapshot, so the returned cursors never pass a row that the snapshot could not see.
-- p_count: also answer `remaining`, the rows still to come past the returned cursors (what a
-- progress bar needs). Counted only when asked and another page waits — an index range per list
-- and table, proportional to the backlog — so routine pulls, and callers that never ask, pay nothing.
create function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
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
  refused as (
    select mutation_id, error, name, args from public.sync_mutations
    where client_id = p_client_id and status = 'refused' and created_at > now() - interval '7 days'
    order by mutation_id desc limit 500
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
    'departed', coalesce((select jsonb_agg(jsonb_build_object('list_id', d.list_id, 'task_id', d.task_id,
        'version', d.version) order by d.list_id, d.version) from kept k
      join public.task_departures d on d.list_id = k.list_id and d.task_id = k.row_id where k.kind = 'd'), '[]'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}'),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id)
      from refused), '[]'),
    'has_more', (select count(*) from page) > lim,
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when (select count(*) from page) <= lim then 0
      else (select coalesce(sum(
          (select count(*) from public.lists l where l.id = nxt.list_id and l.version > nxt.c)
        + (select count(*) from public.list_members m where m.list_id = nxt.list_id and m.version > nxt.c)
        + (select count(*) from public.tasks t where t.list_id = nxt.list_id and t.version > nxt.c)
        + (select count(*) from public.task_departures d where d.list_id = nxt.list_id and d.version > nxt.c)), 0)::bigint
        from nxt) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result || jsonb_build_object('last_mutation_id', daybook_private.client_last_mutation_id(p_client_id));
end $$;

-- Row-level security: members read their lists; nobody writes except through sync_push. ----

alter table public.sync_spaces enable row level security;
alter table public.lists enable row level security;
alter table public.list_members enable row level security;
alter table public.tasks enable row level security;
alter table public.task_departures enable row level security;
alter table public.sync_clients enable row level security;
alter table public.sync_mutations enable row level security;

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

revoke all on public.sync_spaces, public.lists, public.list_members, public.tasks, public.task_departures,
  public.sync_clients, public.sync_mutations from public, anon, authenticated;
grant select on public.lists, public.list_members, public.tasks, public.task_departures,
  public.sync_clients, public.sync_mutations to authenticated;

revoke all on schema daybook_private from public;
grant usage on schema daybook_private to authenticated;
revoke all on all functions in schema daybook_private from public, anon;
grant execute on function daybook_private.my_list_ids(), daybook_private.ensure_inbox(),
  daybook_private.client_last_mutation_id(uuid) to authenticated;

revoke all on function public.sync_push(uuid, jsonb) from public, anon, service_role;
revoke all on function public.sync_pull(uuid, jsonb, int, boolean) from public, anon, service_role;
grant execute on function public.sync_push(uuid, jsonb) to authenticated;
grant execute on function public.sync_pull(uuid, jsonb, int, boolean) to authenticated;
