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
