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
