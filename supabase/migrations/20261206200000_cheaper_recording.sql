-- Recording history and notifications costs the push that carries a change less, with the same
-- entries and notifications as before. A task's entries are found by comparing each changed row
-- in PL/pgSQL and written in one insert, and trimmed only when something can go (a task with an
-- entry numbered past 200, or one older than 180 days); a notification's head version and its
-- actor's name come from PL/pgSQL functions, whose plans are kept for the session where a SQL
-- function is planned again at each call from a new sub-transaction (before PostgreSQL 18).

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

create or replace function daybook_private.take_notification_version(p_user uuid) returns bigint
language plpgsql as $$
declare
  v bigint;
begin
  insert into daybook_private.notification_heads as h (user_id, version) values (p_user, 1)
  on conflict (user_id) do update set version = h.version + 1
  returning version into v;
  return v;
end $$;

create or replace function daybook_private.person_name(p_user uuid) returns text
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (select coalesce(case when p.user_id is not null then p.display_name else daybook_private.meta_name(u.raw_user_meta_data) end,
    split_part(coalesce(u.email, ''), '@', 1))
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = p_user);
end $$;
