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
