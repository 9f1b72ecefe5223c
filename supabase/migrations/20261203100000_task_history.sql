-- History (SPEC §17): the history table, the triggers on tasks and list_members that record every
-- change in its transaction, the RPCs task_history and list_activity, and forget_person learning to
-- hand a deleted account's entries to the former member.
-- Written by triggers on tasks and list_members; read only through task_history and list_activity.
create table daybook_private.task_history (
  -- the paging key: newest first is id descending (no primary key: the two indexes below find
  -- every entry, and one index fewer is what each change pays)
  id bigserial not null,
  -- null for a list's own entries (a member joining or leaving)
  task_id uuid references public.tasks (id) on delete cascade,
  -- the task's list when it changed (a move: the list it went to)
  list_id uuid not null references public.lists (id) on delete cascade,
  -- auth.uid() of the change; null for the server's own paths (the reminder sender)
  actor_id uuid,
  at timestamptz not null default now(),
  -- created, title, notes, due, deadline, priority, list, assignee, done, reopened, deleted,
  -- restored; joined, left
  kind text not null,
  before jsonb,
  after jsonb,
  -- the entry's number in its task's history (1: created), so trimming to the newest 200 reads
  -- one entry at each end of the task's range rather than counting them; 0 for a list's own
  seq int not null default 0
);

create index task_history_task on daybook_private.task_history (task_id, id) where task_id is not null;

create index task_history_list on daybook_private.task_history (list_id, id);

revoke all on daybook_private.task_history from public, anon, authenticated;
revoke all on sequence daybook_private.task_history_id_seq from public, anon, authenticated;

-- Set by forget_person for the rest of its transaction: whatever names that person afterwards (their
-- member row's removal) is written as the former member.
create or replace function daybook_private.history_actor(p_user uuid) returns uuid
language sql stable as $$
  select case when p_user::text = current_setting('daybook.forgotten', true) then daybook_private.former_member() else p_user end
$$;

create or replace function daybook_private.record_task_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  who uuid := daybook_private.history_actor(auth.uid());
begin
  if tg_op = 'INSERT' then
    insert into daybook_private.task_history (task_id, list_id, actor_id, kind, after, seq)
    select n.id, n.list_id, who, 'created', jsonb_build_object('title', n.title), 1 from new_rows n;
    return null;
  end if;
  insert into daybook_private.task_history (task_id, list_id, actor_id, kind, before, after, seq)
  select n.id, n.list_id, who, c.kind, c.b, c.a, coalesce((select x.seq from daybook_private.task_history x
      where x.task_id = n.id order by x.id desc limit 1), 0) + row_number() over (partition by n.id)
  from old_rows o join new_rows n on n.id = o.id
  cross join lateral (values
    (o.title is distinct from n.title, 'title', to_jsonb(o.title), to_jsonb(n.title)),
    (o.notes is distinct from n.notes, 'notes', to_jsonb(o.notes), to_jsonb(n.notes)),
    (o.due_date is distinct from n.due_date or o.due_time is distinct from n.due_time, 'due',
      jsonb_build_object('date', o.due_date, 'time', o.due_time), jsonb_build_object('date', n.due_date, 'time', n.due_time)),
    (o.deadline is distinct from n.deadline, 'deadline', to_jsonb(o.deadline), to_jsonb(n.deadline)),
    (o.priority is distinct from n.priority, 'priority', to_jsonb(o.priority), to_jsonb(n.priority)),
    (o.list_id is distinct from n.list_id, 'list', to_jsonb(o.list_id), to_jsonb(n.list_id)),
    (o.assignee is distinct from n.assignee, 'assignee', to_jsonb(o.assignee), to_jsonb(n.assignee)),
    (not o.done and n.done, 'done', null, null),
    (o.done and not n.done, 'reopened', null, null),
    (o.deleted_at is null and n.deleted_at is not null, 'deleted', null, null),
    (o.deleted_at is not null and n.deleted_at is null, 'restored', null, null)
  ) as c (changed, kind, b, a) where c.changed;
  if not found then
    return null;
  end if;
  -- Each changed task's entries past its newest 200, and those older than 180 days: one entry read
  -- at each end of a task's range, and a delete only where its oldest must go.
  delete from daybook_private.task_history h
  using (select n.id, t.seq - 200 as cut from new_rows n
    cross join lateral (select x.seq from daybook_private.task_history x where x.task_id = n.id order by x.id desc limit 1) t
    cross join lateral (select x.seq, x.at from daybook_private.task_history x where x.task_id = n.id order by x.id limit 1) o
    where o.seq <= t.seq - 200 or o.at < now() - interval '180 days') c
  where h.task_id = c.id and (h.seq <= c.cut or h.at < now() - interval '180 days');
  return null;
end $$;

create trigger tasks_history_created after insert on public.tasks
  referencing new table as new_rows
  for each statement execute function daybook_private.record_task_history();

create trigger tasks_history_changed after update on public.tasks
  referencing old table as old_rows new table as new_rows
  for each statement execute function daybook_private.record_task_history();

create or replace function daybook_private.record_member_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  k text;
begin
  if tg_op = 'INSERT' then
    if new.deleted_at is not null then return null; end if;
    k := 'joined';
  elsif old.deleted_at is not null and new.deleted_at is null then
    k := 'joined';
  elsif old.deleted_at is null and new.deleted_at is not null then
    k := 'left';
  else
    return null;
  end if;
  insert into daybook_private.task_history (list_id, actor_id, kind, after)
  values (new.list_id, daybook_private.history_actor(auth.uid()), k,
    jsonb_build_object('user', daybook_private.history_actor(new.user_id), 'role', new.role));
  delete from daybook_private.task_history h where h.list_id = new.list_id and h.task_id is null
    and h.at < now() - interval '180 days';
  return null;
end $$;

create trigger list_members_history after insert or update of deleted_at on public.list_members
  for each row execute function daybook_private.record_member_history();

revoke all on function daybook_private.history_actor(uuid), daybook_private.record_task_history(),
  daybook_private.record_member_history() from public, anon, authenticated;

-- The entries of one page, newest first, with who made each: name and colour as the
-- members see them, a null name for the former member or the server.
create or replace function daybook_private.history_entries(p_rows daybook_private.task_history[])
returns table (id bigint, task_id uuid, task_title text, at timestamptz, actor_id uuid, actor_name text,
  actor_color text, kind text, before jsonb, after jsonb, subject_name text)
language sql stable security definer set search_path = public, pg_temp as $$
  select h.id, h.task_id, t.title, h.at, h.actor_id,
    case when h.actor_id is null or h.actor_id = daybook_private.former_member() then null else daybook_private.person_name(h.actor_id) end,
    case when h.actor_id is null then null else daybook_private.person_color(h.actor_id) end,
    h.kind, h.before, h.after,
    case when h.after ? 'user' and (h.after->>'user')::uuid <> daybook_private.former_member()
      then daybook_private.person_name((h.after->>'user')::uuid) end
  from unnest(p_rows) h left join public.tasks t on t.id = h.task_id
  order by h.id desc
$$;

-- A task's history, 50 entries a page, newest first: for live members of the list it is in now.
create or replace function public.task_history(p_task_id uuid, p_before bigint default null)
returns table (id bigint, task_id uuid, task_title text, at timestamptz, actor_id uuid, actor_name text,
  actor_color text, kind text, before jsonb, after jsonb, subject_name text)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  if not exists (select 1 from public.tasks t join public.list_members m on m.list_id = t.list_id
      where t.id = p_task_id and m.user_id = auth.uid() and m.deleted_at is null) then
    raise exception using errcode = '42501', message = 'not_found';
  end if;
  return query select * from daybook_private.history_entries(array(
    select x from daybook_private.task_history x
    where x.task_id = p_task_id and x.id < coalesce(p_before, 9223372036854775807)
      and x.at > now() - interval '180 days'
    order by x.id desc limit 50));
end $$;

-- A list's activity: its tasks' entries and its members joining and leaving, as task_history.
create or replace function public.list_activity(p_list_id uuid, p_before bigint default null)
returns table (id bigint, task_id uuid, task_title text, at timestamptz, actor_id uuid, actor_name text,
  actor_color text, kind text, before jsonb, after jsonb, subject_name text)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  if not exists (select 1 from public.list_members m
      where m.list_id = p_list_id and m.user_id = auth.uid() and m.deleted_at is null) then
    raise exception using errcode = '42501', message = 'not_found';
  end if;
  return query select * from daybook_private.history_entries(array(
    select x from daybook_private.task_history x
    where x.list_id = p_list_id and x.id < coalesce(p_before, 9223372036854775807)
      and x.at > now() - interval '180 days'
    order by x.id desc limit 50));
end $$;

revoke all on function daybook_private.history_entries(daybook_private.task_history[]) from public, anon, authenticated;
revoke all on function public.task_history(uuid, bigint), public.list_activity(uuid, bigint) from public, anon;
grant execute on function public.task_history(uuid, bigint), public.list_activity(uuid, bigint) to authenticated;

-- Takes p_user out of every row that outlives them: assignments and turn orders in p_lists (the
-- lists they were on; an assignee is always a live member, so no other list has any), and the
-- tasks they added, wherever those went since. The one place where whatever else names a person in
-- a shared list (comments, history entries) is handed to the former member.
create or replace function daybook_private.forget_person(p_user uuid, p_lists uuid[]) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid;
begin
  foreach lid in array p_lists loop
    perform daybook_private.drop_assignments(lid, p_user);
  end loop;
  update public.tasks set created_by = daybook_private.former_member() where created_by = p_user;
  -- History keeps what they did, as the former member's, in every list they were ever on (p_lists
  -- too: those passed on have lost their member row already); what the rest of the deletion
  -- writes of them is recorded so too (history_actor).
  perform set_config('daybook.forgotten', p_user::text, true);
  update daybook_private.task_history h set actor_id = daybook_private.history_actor(h.actor_id),
    before = replace(h.before::text, p_user::text, daybook_private.former_member()::text)::jsonb,
    after = replace(h.after::text, p_user::text, daybook_private.former_member()::text)::jsonb
  where (h.list_id = any (p_lists) or h.list_id in (select m.list_id from public.list_members m where m.user_id = p_user))
    and (h.actor_id = p_user or (h.kind in ('assignee', 'joined', 'left')
      and strpos(coalesce(h.before::text, '') || coalesce(h.after::text, ''), p_user::text) > 0));
end $$;
