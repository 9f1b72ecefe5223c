-- One person's label on one task (SPEC §14.1): like a reminder, a per-person record in the task's
-- list (its version space, kept equal to the task's list: a move moves it), so a viewer may label
-- for themselves and nobody else sees it. One row per label, so two devices adding different
-- labels keep both. A removed label keeps its row (deleted_at set), so the removal syncs.
-- `id` names the row for pull's keys, which are one uuid a row.
create table public.task_labels (
  task_id uuid not null references public.tasks (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label_id uuid not null references public.labels (id) on delete cascade,
  list_id uuid not null references public.lists (id) on delete cascade,
  id uuid not null default gen_random_uuid() unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  primary key (task_id, user_id, label_id)
);

create index task_labels_user_list_version on public.task_labels (user_id, list_id, version);

create trigger task_labels_version before insert or update on public.task_labels
  for each row execute function daybook_private.take_version_in_list();

alter table public.task_labels enable row level security;

-- A task's move carries every member's labels on it into the target list, as it does reminders.
create or replace function daybook_private.move_task_labels() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update public.task_labels set list_id = new.list_id where task_id = new.id;
  return null;
end $$;

create trigger tasks_move_labels after update of list_id on public.tasks
  for each row when (old.list_id is distinct from new.list_id)
  execute function daybook_private.move_task_labels();

revoke all on public.task_labels from public, anon, authenticated;
grant select on public.task_labels to authenticated;
revoke all on function daybook_private.move_task_labels() from public, anon, authenticated;

-- What sync_pull brings of this table (kind 'g'): the caller's own rows past a list's cursor,
-- removed ones too, without the user id (the caller's).
create or replace function daybook_private.pull_task_labels_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'g'::text, g.list_id, g.version, g.id from public.task_labels g
    where g.user_id = p_me and g.list_id = p_list and g.version > p_after order by g.version limit p_limit
$$;
create or replace function daybook_private.pull_task_labels_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(g) - 'user_id' - 'id' - 'created_at' order by g.list_id, g.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.task_labels g on g.id = k.row_id and g.user_id = p_me);
end $$;
create or replace function daybook_private.pull_task_labels_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.task_labels g on g.user_id = p_me and g.list_id = c.list_id and g.version > c.after);
end $$;
revoke all on function daybook_private.pull_task_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_task_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_task_labels_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_task_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_task_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_task_labels_count(uuid, uuid[], bigint[]) to authenticated;
