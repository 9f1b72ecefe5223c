-- Versions in blocks (issue #15 item 1; SPEC §12 "work per request is bounded"): the version
-- trigger took the next version by updating the list's counter row once per written row. Every
-- such update leaves a dead row version that later updates in the same transaction must step
-- over, so a statement writing n rows of one list cost O(n²): deleting a 20,000-task list took
-- seconds and a batch of deletes and restores minutes, holding the list's lock throughout.
--
-- Now a transaction takes versions from the counter a block at a time (1, 2, 4, … up to 4,096
-- rows per counter update) and hands them out from a transaction-local setting, so a statement
-- costs O(n) counter work. What stays true: versions in a list only grow, and they are taken
-- under the counter row's lock, held until commit, so they commit in order (cursors compare
-- with `>`; a gap left by a block's unused tail is harmless). A rolled-back subtransaction
-- rolls the setting back with the counter, so nothing is handed out twice.
create or replace function daybook_private.next_version(p_space uuid) returns bigint
language plpgsql set search_path = public, pg_temp as $$
declare
  -- 'next:last:size' of this transaction's block for the space ('' when none yet)
  key text := 'daybook.vb_' || replace(p_space::text, '-', '');
  block text := coalesce(current_setting(key, true), '');
  next_v bigint;
  last_v bigint;
  size int := 1;
begin
  if block <> '' then
    next_v := split_part(block, ':', 1)::bigint;
    last_v := split_part(block, ':', 2)::bigint;
    size := split_part(block, ':', 3)::int;
  end if;
  if block = '' or next_v > last_v then
    -- a new block, twice the last one (a one-row write wastes nothing)
    if block <> '' then
      size := least(size * 2, 4096);
    end if;
    insert into public.sync_spaces as s (list_id, version) values (p_space, size)
    on conflict (list_id) do update set version = s.version + size
    returning s.version into last_v;
    next_v := last_v - size + 1;
  end if;
  perform set_config(key, (next_v + 1)::text || ':' || last_v::text || ':' || size::text, true);
  return next_v;
end $$;

-- One trigger function per shape of row, reading the space's id directly: to_jsonb(new) of a
-- whole row (notes of up to 10,000 characters) cost more than everything else per row.
create or replace function daybook_private.take_version() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  new.version := daybook_private.next_version(new.id);
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end $$;

create or replace function daybook_private.take_version_in_list() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
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
