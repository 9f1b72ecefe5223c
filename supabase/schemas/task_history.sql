-- History (SPEC §17): who changed what of a task, and who joined and left a list. Written by
-- triggers on tasks and list_members, so every path that changes a row (each apply, the set-wise
-- push, imports, moves, restores, completions, turns, the reminder sender) records in the same
-- transaction, and a refused change, rolled back, records nothing. Read only through
-- task_history and list_activity (no grants, no policies: nothing reaches a non-member).
-- Bounded: at most 200 entries a task and 180 days, trimmed by the trigger as it writes (and
-- what idle tasks keep past 180 days by prune_retained, retention.sql, on a schedule).
create table daybook_private.task_history (
  -- the paging key: newest first is id descending (no primary key: the two indexes below find
  -- every entry, and one index fewer is what each change pays)
  id bigserial not null,
  -- null for a list's own entries (a member joining or leaving). No foreign keys: an entry is
  -- written by its task's own change, whose row (and list) exist then, and a check of each key
  -- cost every change more than the entry's insert itself; the entries go with their task or
  -- list by forget_history below, as an on-delete cascade would take them.
  task_id uuid,
  -- the task's list when it changed (a move: the list it went to)
  list_id uuid not null,
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

-- What prune_retained (retention.sql) finds idle tasks' old entries by, oldest first. A btree:
-- a BRIN range's summary only ever widens, and the trims free space all over the table that new
-- entries then take, so every range would soon read as holding old entries.
create index task_history_at on daybook_private.task_history (at);

revoke all on daybook_private.task_history from public, anon, authenticated;
revoke all on sequence daybook_private.task_history_id_seq from public, anon, authenticated;

-- Set by forget_person for the rest of its transaction: whatever names that person afterwards (their
-- member row's removal) is written as the former member.
create or replace function daybook_private.history_actor(p_user uuid) returns uuid
language sql stable as $$
  select case when p_user::text = current_setting('daybook.forgotten', true) then daybook_private.former_member() else p_user end
$$;

-- Statement-level, over the statement's changed rows at once: a set-wise push of 200 edits writes
-- its entries in one insert, not 200. The rows are compared in PL/pgSQL rather than by one query
-- of a join, a window and a subquery a row: most statements are one change's one row (the
-- per-change path), and starting that query's plan was most of what recording cost them.
-- Trimming runs only when it can delete something (see below).
create or replace function daybook_private.record_task_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  -- a variable, so that history_actor is inlined (a call with auth.uid() as its argument is not,
  -- and PostgreSQL before 18 plans a SQL function afresh at each call)
  who uuid := auth.uid();
  r record;
  top int;
  highest int := 0;
  aged boolean := false;
  ids uuid[] := '{}';
  lists uuid[] := '{}';
  kinds text[] := '{}';
  befores jsonb[] := '{}';
  afters jsonb[] := '{}';
  seqs int[] := '{}';
  had int;
begin
  who := daybook_private.history_actor(who);
  if tg_op = 'INSERT' then
    insert into daybook_private.task_history (task_id, list_id, actor_id, kind, after, seq)
    select n.id, n.list_id, who, 'created', jsonb_build_object('title', n.title), 1 from new_rows n;
    return null;
  end if;
  for r in select n.id, n.list_id, n.created_at, o.title as o_title, n.title, o.notes as o_notes, n.notes,
      o.due_date as o_due_date, n.due_date, o.due_time as o_due_time, n.due_time, o.deadline as o_deadline, n.deadline,
      o.priority as o_priority, n.priority, o.list_id as o_list_id, o.assignee as o_assignee, n.assignee,
      o.done as o_done, n.done, o.deleted_at as o_deleted_at, n.deleted_at
    from old_rows o join new_rows n on n.id = o.id
  loop
    had := cardinality(kinds);
    if r.o_title is distinct from r.title then
      kinds := kinds || 'title'::text; befores := befores || to_jsonb(r.o_title); afters := afters || to_jsonb(r.title);
    end if;
    if r.o_notes is distinct from r.notes then
      kinds := kinds || 'notes'::text; befores := befores || to_jsonb(r.o_notes); afters := afters || to_jsonb(r.notes);
    end if;
    if r.o_due_date is distinct from r.due_date or r.o_due_time is distinct from r.due_time then
      kinds := kinds || 'due'::text;
      befores := befores || jsonb_build_object('date', r.o_due_date, 'time', r.o_due_time);
      afters := afters || jsonb_build_object('date', r.due_date, 'time', r.due_time);
    end if;
    if r.o_deadline is distinct from r.deadline then
      kinds := kinds || 'deadline'::text; befores := befores || to_jsonb(r.o_deadline); afters := afters || to_jsonb(r.deadline);
    end if;
    if r.o_priority is distinct from r.priority then
      kinds := kinds || 'priority'::text; befores := befores || to_jsonb(r.o_priority); afters := afters || to_jsonb(r.priority);
    end if;
    if r.o_list_id is distinct from r.list_id then
      kinds := kinds || 'list'::text; befores := befores || to_jsonb(r.o_list_id); afters := afters || to_jsonb(r.list_id);
    end if;
    if r.o_assignee is distinct from r.assignee then
      kinds := kinds || 'assignee'::text; befores := befores || to_jsonb(r.o_assignee); afters := afters || to_jsonb(r.assignee);
    end if;
    if not r.o_done and r.done then
      kinds := kinds || 'done'::text; befores := befores || null::jsonb; afters := afters || null::jsonb;
    end if;
    if r.o_done and not r.done then
      kinds := kinds || 'reopened'::text; befores := befores || null::jsonb; afters := afters || null::jsonb;
    end if;
    if r.o_deleted_at is null and r.deleted_at is not null then
      kinds := kinds || 'deleted'::text; befores := befores || null::jsonb; afters := afters || null::jsonb;
    end if;
    if r.o_deleted_at is not null and r.deleted_at is null then
      kinds := kinds || 'restored'::text; befores := befores || null::jsonb; afters := afters || null::jsonb;
    end if;
    -- entries are numbered on from the task's newest
    if cardinality(kinds) > had then
      top := coalesce((select x.seq from daybook_private.task_history x where x.task_id = r.id order by x.id desc limit 1), 0);
      for i in 1 .. cardinality(kinds) - had loop
        ids := ids || r.id; lists := lists || r.list_id; seqs := seqs || (top + i);
      end loop;
      highest := greatest(highest, top + cardinality(kinds) - had);
    end if;
    -- no entry is older than its task (each is written at or after the task's creation, whose
    -- now() the 'created' entry shares), so only a task older than 180 days can hold one that old
    aged := aged or r.created_at < now() - interval '180 days';
  end loop;
  if cardinality(kinds) = 0 then
    return null;
  end if;
  insert into daybook_private.task_history (task_id, list_id, actor_id, kind, before, after, seq)
  select u.t, u.l, who, u.k, u.b, u.a, u.s from unnest(ids, lists, kinds, befores, afters, seqs) u(t, l, k, b, a, s);
  -- Each task's entries past its newest 200, and those older than 180 days: one entry read at
  -- each end of a task's range, and a delete only where its oldest must go. Past 200 needs an
  -- entry numbered over 200 now, past 180 days a task that old: neither, and nothing can go.
  if highest > 200 or aged then
    delete from daybook_private.task_history h
    using (select n.id, t.seq - 200 as cut from new_rows n
      cross join lateral (select x.seq from daybook_private.task_history x where x.task_id = n.id order by x.id desc limit 1) t
      cross join lateral (select x.seq, x.at from daybook_private.task_history x where x.task_id = n.id order by x.id limit 1) o
      where o.seq <= t.seq - 200 or o.at < now() - interval '180 days') c
    where h.task_id = c.id and (h.seq <= c.cut or h.at < now() - interval '180 days');
  end if;
  return null;
end $$;

create trigger tasks_history_created after insert on public.tasks
  referencing new table as new_rows
  for each statement execute function daybook_private.record_task_history();

create trigger tasks_history_changed after update on public.tasks
  referencing old table as old_rows new table as new_rows
  for each statement execute function daybook_private.record_task_history();

-- A deleted task's entries, and a deleted list's (its own, and its tasks' written while there):
-- what an on-delete cascade of the two keys would delete.
create or replace function daybook_private.forget_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if tg_table_name = 'tasks' then
    delete from daybook_private.task_history h where h.task_id in (select o.id from old_rows o);
  else
    delete from daybook_private.task_history h where h.list_id in (select o.id from old_rows o);
  end if;
  return null;
end $$;

create trigger tasks_history_forget after delete on public.tasks
  referencing old table as old_rows
  for each statement execute function daybook_private.forget_history();

create trigger lists_history_forget after delete on public.lists
  referencing old table as old_rows
  for each statement execute function daybook_private.forget_history();

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

revoke all on function daybook_private.history_actor(uuid), daybook_private.record_task_history(), daybook_private.forget_history(),
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
