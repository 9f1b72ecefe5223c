-- A push's check, linear in its size: the set-wise path's guard ("an edit of a task the batch
-- creates later") per id instead of the batch joined with itself. (push_lists' index probes are in
-- 20261201120000.)

create or replace function daybook_private.push_tasks_setwise(p_client_id uuid, p_mutations jsonb, p_last bigint) returns jsonb
language plpgsql security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  run_name text;
  run jsonb;
  ids uuid[];
  lists uuid[];
  tops bigint[];
begin
  if jsonb_array_length(p_mutations) = 0 or exists (select 1 from jsonb_array_elements(p_mutations) x
      where (x.value ->> 'id')::bigint <= p_last
        or not (x.value ->> 'name' = 'task.create'
          or (x.value ->> 'name' = 'task.update' and jsonb_typeof(x.value -> 'args' -> 'patch') = 'object'
            and (x.value -> 'args' -> 'patch') - array['title', 'notes', 'priority', 'position', 'done'] = '{}'::jsonb))) then
    return null;
  end if;

  -- An edit of a task the batch creates later is refused when the changes go one by one: that
  -- batch goes change by change.
  -- (per id, not the batch joined with itself: that pairs every change with every other)
  if exists (select 1 from (select max(e.ord) filter (where e.value ->> 'name' = 'task.create') as last_create,
        min(e.ord) filter (where e.value ->> 'name' = 'task.update') as first_edit
      from jsonb_array_elements(p_mutations) with ordinality e(value, ord)
      group by e.value -> 'args' ->> 'id') g
      where g.last_create > g.first_edit) then
    return null;
  end if;

  -- All the creations in one statement, then the edits in rounds: every task's first edit in
  -- the batch, then every second one, and so on, each round one statement. Each task's changes
  -- keep the batch's order; different tasks' changes do not touch each other, so the rows end
  -- as the changes one by one would leave them (versions are fresh either way, and the batch
  -- commits as one). A day of offline work alternates creations and edits: taken in the
  -- batch's order that was ~40 statements per batch, no faster than change by change.
  for run_name, run in
    with x as (
      select e.value ->> 'name' as name, e.value -> 'args' as args, e.ord,
        case when e.value ->> 'name' = 'task.create' then 0
          else row_number() over (partition by e.value ->> 'name', e.value -> 'args' ->> 'id' order by e.ord) end as step
      from jsonb_array_elements(p_mutations) with ordinality e(value, ord))
    select min(name), jsonb_agg(args order by ord) from x group by step order by step
  loop
    if run_name = 'task.create' then
      perform daybook_private.require_list(daybook_private.arg_uuid(d.a, 'list_id'), 'editor')
      from (select distinct on (a ->> 'list_id') a from jsonb_array_elements(run) a) d;
      -- (ids as an array: `= any` is an index probe, where `in (subquery)` may scan the table)
      ids := array(select daybook_private.try_uuid(a ->> 'id') from jsonb_array_elements(run) a);
      if exists (select 1 from public.tasks t where t.id = any(ids)) then
        perform daybook_private.refuse('invalid', 'That task id is already in use', 'id');
      end if;
      -- an id twice in the run fails the primary key, and the batch goes change by change;
      -- versions numbered in the run's order after each list's counter, which then moves once
      with bases as (
        select l.list_id, daybook_private.version_base(l.list_id) as base
        from (select distinct (a ->> 'list_id')::uuid as list_id from jsonb_array_elements(run) a) l),
      written as (
        insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor, assignee,
          deadline, steps_start_over, version)
        select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor, r.assignee,
          r.deadline, r.steps_start_over,
          b.base + row_number() over (partition by r.list_id order by a.ord)
        from jsonb_array_elements(run) with ordinality a(value, ord)
          cross join lateral daybook_private.task_create_row(a.value, false) r
          join bases b on b.list_id = r.list_id
        order by a.ord
        returning list_id, version)
      select array_agg(w.list_id), array_agg(w.top) into lists, tops
      from (select list_id, max(version) as top from written group by list_id) w;
      perform daybook_private.versions_taken(u.l, u.t) from unnest(lists, tops) u(l, t);
    else
      -- task.update, one round: each task once
      ids := array(select daybook_private.arg_uuid(a, 'id') from jsonb_array_elements(run) a);
      -- every one a live task, locked, in a list the caller edits
      if (select count(*) from (select t.id from public.tasks t
            where t.id = any(ids) and t.deleted_at is null for update) l) <> cardinality(ids)
         or exists (select 1 from (select distinct t.list_id from public.tasks t where t.id = any(ids)) l
            where coalesce(daybook_private.role_on(l.list_id), 'viewer') = 'viewer') then
        perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'id');
      end if;
      if exists (select 1 from jsonb_array_elements(run) a
          where a -> 'patch' ? 'done' and jsonb_typeof(a -> 'patch' -> 'done') <> 'boolean') then
        perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
      end if;
      -- as apply_task's task.update sets these (the rest it would set to what they are), the
      -- versions numbered as the creations' are
      with targets as (
        select t.id, t.list_id from public.tasks t where t.id = any(ids)),
      src as (
        select g.id, a.value -> 'patch' as patch, a.ord, g.list_id
        from jsonb_array_elements(run) with ordinality a(value, ord) join targets g on g.id = (a.value ->> 'id')::uuid),
      bases as (
        select l.list_id, daybook_private.version_base(l.list_id) as base from (select distinct list_id from src) l),
      written as (
        update public.tasks t set
          title = case when s.patch ? 'title' then daybook_private.check_title(s.patch -> 'title') else t.title end,
          notes = case when s.patch ? 'notes' then daybook_private.check_notes(s.patch -> 'notes') else t.notes end,
          priority = case when s.patch ? 'priority' then daybook_private.check_priority(s.patch -> 'priority') else t.priority end,
          position = case when s.patch ? 'position' then daybook_private.check_position(s.patch -> 'position') else t.position end,
          done = case when s.patch ? 'done' then (s.patch ->> 'done')::boolean else t.done end,
          done_at = case when not s.patch ? 'done' then t.done_at
            when (s.patch ->> 'done')::boolean then coalesce(t.done_at, now()) else null end,
          updated_at = now(),
          version = s.version
        from (select src.id, src.patch, b.base + row_number() over (partition by src.list_id order by src.ord) as version
              from src join bases b on b.list_id = src.list_id) s
        where t.id = any(ids) and t.id = s.id
        returning t.list_id, t.version)
      select array_agg(w.list_id), array_agg(w.top) into lists, tops
      from (select list_id, max(version) as top from written group by list_id) w;
      perform daybook_private.versions_taken(u.l, u.t) from unnest(lists, tops) u(l, t);
    end if;
  end loop;

  insert into public.sync_mutations (client_id, mutation_id, user_id, name, status)
  select p_client_id, (x.value ->> 'id')::bigint, auth.uid(), x.value ->> 'name', 'applied'
  from jsonb_array_elements(p_mutations) x;
  return (select jsonb_agg(jsonb_build_object('id', (x.value ->> 'id')::bigint, 'status', 'applied') order by x.ord)
    from jsonb_array_elements(p_mutations) with ordinality x(value, ord));
end $$;
