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
    perform daybook_private.drop_assignments(lid, uid);
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
