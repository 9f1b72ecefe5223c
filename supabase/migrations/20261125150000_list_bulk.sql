-- A list's delete and restore in one pass over its rows (issue #15 item 1; SPEC §12 "Work per
-- request is bounded"). Restates only the four bulk functions a list's delete and restore call
-- (tombstone_list_tasks and revive_list_tasks of 20261124300000_bounded_work.sql,
-- tombstone_list_steps and revive_list_steps of 20261124400000_planner.sql); nothing else.
--
-- They counted the rows first (take_versions needs the count), then numbered the same rows,
-- sorted by id, and joined them back by primary key: three visits per row. Now each takes the
-- list's counter row lock first (version_base), numbers the rows as one statement finds them
-- (any order will do: each row needs a distinct fresh version, not a particular one), and moves
-- the counter to the highest version the UPDATE wrote. The lock is taken before the rows are
-- written, as take_versions did, so versions in the list are still taken under it and commit in
-- order.

-- The list's current version, its counter row locked until commit. Every list has its row
-- (the list's own version is taken from it); a missing one is made at 0.
create function daybook_private.version_base(p_space uuid) returns bigint
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
create function daybook_private.versions_taken(p_space uuid, p_top bigint) returns void
language sql set search_path = public, pg_temp as $$
  update public.sync_spaces set version = p_top where list_id = p_space and p_top is not null
$$;

revoke all on function daybook_private.version_base(uuid), daybook_private.versions_taken(uuid, bigint)
  from public, anon, authenticated;

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
