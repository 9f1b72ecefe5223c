-- Comments on a task (SPEC §17): one row each, in the task's list (kept equal to it: a move moves
-- them), so they travel with the list's cursor and its members read them. The body is plain text;
-- a mention is the token `@[name](user id)` inside it (comment_mentions reads them).
create table public.comments (
  id uuid primary key,
  task_id uuid not null references public.tasks (id) on delete cascade,
  list_id uuid not null references public.lists (id) on delete cascade,
  author_id uuid not null,
  body text not null,
  created_at timestamptz not null default now(),
  -- when its author last changed the body; null for a comment never edited
  edited_at timestamptz,
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- set when its task's delete (or its list's, through the task) tombstoned it: the task's
  -- restore brings back exactly these
  deleted_with_task boolean not null default false,
  version bigint not null default 0,
  constraint comments_body_len check (char_length(body) between 1 and 2000)
);

create index comments_list_version on public.comments (list_id, version);

create index comments_task on public.comments (task_id) where deleted_at is null;

create index comments_task_all on public.comments (task_id);

create trigger comments_version before insert or update on public.comments
  for each row execute function daybook_private.take_version_in_list();

alter table public.comments enable row level security;

revoke all on public.comments from public, anon, authenticated;
grant select on public.comments to authenticated;

-- What sync_pull brings of this table (kind 'c'), as for steps: deleted_with_task only on
-- tombstones (the device's task.restore revives the same comments).
create or replace function daybook_private.pull_comments_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'c'::text, c.list_id, c.version, c.id from public.comments c
    where c.list_id = p_list and c.version > p_after order by c.version limit p_limit
$$;
create or replace function daybook_private.pull_comments_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(case when c.deleted_at is null then to_jsonb(c) - 'deleted_with_task' else to_jsonb(c) end order by c.list_id, c.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.comments c on c.id = k.row_id);
end $$;
create or replace function daybook_private.pull_comments_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.comments m on m.list_id = c.list_id and m.version > c.after);
end $$;
revoke all on function daybook_private.pull_comments_keys(uuid, uuid, bigint, int), daybook_private.pull_comments_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_comments_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_comments_keys(uuid, uuid, bigint, int), daybook_private.pull_comments_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_comments_count(uuid, uuid[], bigint[]) to authenticated;

-- A task's move carries its comments (tombstones too) into the target list, new versions there;
-- the task's departure from the old list covers them. Triggers, so that every path that moves,
-- deletes or restores a task (task.update, task.delete, task.restore, list.delete, list.restore)
-- carries its comments without restating those functions.
create or replace function daybook_private.move_task_comments() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.comments where task_id = new.id);
  first_v bigint;
begin
  if n > 0 then
    first_v := daybook_private.take_versions(new.list_id, n);
    update public.comments c set list_id = new.list_id, updated_at = now(), version = first_v + x.rn - 1
    from (select id, row_number() over (order by id) as rn from public.comments where task_id = new.id) x
    where c.id = x.id;
  end if;
  return null;
end $$;

create trigger tasks_move_comments after update of list_id on public.tasks
  for each row when (old.list_id is distinct from new.list_id)
  execute function daybook_private.move_task_comments();

-- A task's delete tombstones its live comments (marked deleted_with_task); its restore brings back
-- exactly those. One version block each, as for steps.
create or replace function daybook_private.follow_task_delete_comments() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint;
  first_v bigint;
begin
  if new.deleted_at is not null then
    n := (select count(*) from public.comments where task_id = new.id and deleted_at is null);
    if n > 0 then
      first_v := daybook_private.take_versions(new.list_id, n);
      update public.comments c set deleted_at = now(), deleted_with_task = true, updated_at = now(), version = first_v + x.rn - 1
      from (select id, row_number() over (order by id) as rn from public.comments where task_id = new.id and deleted_at is null) x
      where c.id = x.id;
    end if;
  else
    n := (select count(*) from public.comments where task_id = new.id and deleted_with_task);
    if n > 0 then
      first_v := daybook_private.take_versions(new.list_id, n);
      update public.comments c set deleted_at = null, deleted_with_task = false, updated_at = now(), version = first_v + x.rn - 1
      from (select id, row_number() over (order by id) as rn from public.comments where task_id = new.id and deleted_with_task) x
      where c.id = x.id;
    end if;
  end if;
  return null;
end $$;

-- A list's delete and restore number their tasks' versions from one base (version_base) and leave
-- the comments of the tasks they take as they are (the tasks hide them, and come back together).
create trigger tasks_delete_comments after update of deleted_at on public.tasks
  for each row when ((old.deleted_at is null) <> (new.deleted_at is null) and not old.deleted_with_list and not new.deleted_with_list)
  execute function daybook_private.follow_task_delete_comments();

revoke all on function daybook_private.move_task_comments() from public, anon, authenticated;
revoke all on function daybook_private.follow_task_delete_comments() from public, anon, authenticated;
