-- Cheaper versions (issue #15 item 1; SPEC §12 "work per request is bounded").
--
-- 1. The version trigger read the row's list id through to_jsonb(new) — the whole row, notes of
--    up to 10,000 characters included — on every insert and update. One trigger function per
--    shape of row now reads the id directly.
-- 2. A statement that rewrites many rows of one list (list.delete, list.restore) can take all
--    its versions at once: daybook_private.take_versions(list, n) moves the list's counter by n
--    under its lock and returns the first; the statement sets each row's version itself and the
--    trigger leaves a version the statement changed alone. Taking versions one row at a time
--    updated the counter row once per row, and each update left a dead row version the next one
--    stepped over: O(n²) (a 10,000-task list took 3.6 s to delete on PostgreSQL 15).
-- Versions in a list still only grow and are taken under the counter row's lock, held until
-- commit, so they commit in order; sync_push still sees which lists a push changed from the
-- counter moving after it locked them.
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

create or replace function daybook_private.take_version_in_list() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  if tg_op = 'UPDATE' and new.version is distinct from old.version then
    return new;
  end if;
  new.version := daybook_private.next_version(new.list_id);
  if tg_op = 'UPDATE' and tg_table_name <> 'task_departures' then
    new.updated_at := now();
  end if;
  return new;
end $$;

drop trigger list_members_version on public.list_members;
create trigger list_members_version before insert or update on public.list_members
  for each row execute function daybook_private.take_version_in_list();
drop trigger tasks_version on public.tasks;
create trigger tasks_version before insert or update on public.tasks
  for each row execute function daybook_private.take_version_in_list();
drop trigger task_departures_version on public.task_departures;
create trigger task_departures_version before insert or update on public.task_departures
  for each row execute function daybook_private.take_version_in_list();

-- Only the schema's own (security definer) functions take versions.
revoke all on function daybook_private.next_version(uuid), daybook_private.take_versions(uuid, bigint),
  daybook_private.take_version_in_list() from public, anon, authenticated;
