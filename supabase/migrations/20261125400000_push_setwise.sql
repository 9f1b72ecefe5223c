-- sync_push applies a batch set-wise when it can (issue #16: "Apply a batch set-wise and fall
-- back to per-change sub-transactions only when the batch holds a refusal").
--
-- Measured inside the database (PostgreSQL 15, 200 task.create per transaction, medians): the
-- per-change path took ~60 ms — 20 ms applying, 28 ms the 200 sub-transactions, 11 ms recording
-- one row and one answer at a time — where one INSERT … SELECT with the same checks takes ~7 ms.
--
-- A batch of only new task.create and plain task.update changes (a patch of title, notes,
-- priority, position and/or done: the ones that cannot move a task, its date or its repeat) is
-- tried first as one sub-transaction: the creations are one statement and the edits one per
-- round (a task edited twice in the batch takes two), the lists are checked once each, the
-- records and the answer are written once. Any refusal or error rolls
-- that attempt back whole (rows, versions, records) and the batch goes change by change as
-- before, so what is refused, in which order and with which words does not change. A
-- statement's versions are taken in one move per list (as a list's delete takes its tasks'), under the list
-- counters sync_push locked first, so version order is still commit order and the lock order is
-- unchanged.
--
-- One implementation of a creation's rules: task_create_row validates a task.create's args in
-- apply_task's order and returns the row; apply_task's task.create (the per-change path) and
-- the set-wise INSERT both write what it returns. The set-wise task.update uses the same check
-- functions as apply_task's; the shared mutation table (one change per push, both kinds of
-- PostgreSQL) runs every applied case through this path and every refused one through both.

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

-- The failures that abort a whole push so its client retries it unchanged (serialization,
-- deadlock, lock timeout, cancellation, out of memory / connections): one list for both of
-- sync_push's handlers, the set-wise attempt's and each change's.
create function daybook_private.is_transient(p_state text) returns boolean
language sql immutable as $$
  select p_state in ('40001', '40P01', '55P03', '57014', '53200', '53300')
$$;

-- A task.create's new row, validated (list and id checks only with p_check: the set-wise path
-- checks each list once and the ids in one probe). Raises the refusal apply_task would.
create function daybook_private.task_create_row(p_args jsonb, p_check boolean) returns public.tasks
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  r public.tasks;
begin
  r.id := daybook_private.arg_uuid(p_args, 'id');
  if p_check then
    perform daybook_private.require_list(daybook_private.arg_uuid(p_args, 'list_id'), 'editor');
    if exists (select 1 from public.tasks where id = r.id) then
      perform daybook_private.refuse('invalid', 'That task id is already in use', 'id');
    end if;
  end if;
  r.due_date := daybook_private.check_date(p_args -> 'due_date');
  r.due_time := daybook_private.check_time(p_args -> 'due_time');
  if r.due_time is not null and r.due_date is null then
    perform daybook_private.refuse('invalid', 'Set a date before setting a time', 'due_time');
  end if;
  r.repeat := daybook_private.check_repeat(p_args -> 'repeat');
  if r.repeat is not null then
    if r.due_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before repeating', 'repeat');
    end if;
    r.repeat_anchor := coalesce(daybook_private.check_day(p_args -> 'repeat_anchor', 'repeat'), r.due_date);
  end if;
  r.list_id := (p_args ->> 'list_id')::uuid;
  r.title := daybook_private.check_title(p_args -> 'title');
  r.notes := daybook_private.check_notes(p_args -> 'notes');
  r.priority := daybook_private.check_priority(p_args -> 'priority');
  r.position := daybook_private.check_position(p_args -> 'position');
  r.created_by := auth.uid();
  return r;
end $$;

-- The batch applied set-wise, its records written and its answer returned; null when the batch
-- is not of the kind this path takes (then nothing was done). Raises on any refusal: sync_push
-- then rolls this back and applies the batch change by change. p_last: the client's last
-- mutation id (a resent change is answered from its record, by the per-change path).
-- enable_seqscan off: PL/pgSQL keeps a statement's plan for the session, and a plan made while
-- the tasks table was small scans it whole for `id = any(ids)` ever after (seen on PostgreSQL 15
-- in the 10,000-edit bench: a push's cost grew with every 10,000 tasks stored). PGlite never
-- analyzes, and its one session lives as long as the server. Every lookup here has its index.
create function daybook_private.push_tasks_setwise(p_client_id uuid, p_mutations jsonb, p_last bigint) returns jsonb
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
  if exists (select 1 from jsonb_array_elements(p_mutations) with ordinality u(value, ord)
      join jsonb_array_elements(p_mutations) with ordinality c(value, ord)
        on c.value ->> 'name' = 'task.create' and c.value -> 'args' ->> 'id' = u.value -> 'args' ->> 'id'
      where u.value ->> 'name' = 'task.update' and c.ord > u.ord) then
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
        insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor, version)
        select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor,
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

revoke all on function daybook_private.is_transient(text), daybook_private.task_create_row(jsonb, boolean),
  daybook_private.push_tasks_setwise(uuid, jsonb, bigint) from public, anon, authenticated;

-- apply_task as 20261124400000_planner.sql left it, its task.create written from task_create_row.
create or replace function daybook_private.apply_task(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  tid uuid := daybook_private.arg_uuid(p_args, 'id');
  t public.tasks;
  patch jsonb;
  new_list uuid;
  new_date date;
  new_time text;
  new_repeat text;
  new_anchor date;
  occ date;
  nxt date;
  r text;
begin
  if p_name = 'task.create' then
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor)
    select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor
    from daybook_private.task_create_row(p_args, true) r;
    return;
  end if;

  select * into t from public.tasks where id = tid for update;
  r := case when found then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'task.delete' then
    if t.deleted_at is null then
      update public.tasks set deleted_at = now(), deleted_with_list = false where id = tid;
      perform daybook_private.tombstone_task_steps(tid, t.list_id);
    elsif t.deleted_with_list then
      -- deleted with its list, and now by this person too: restoring the list must not bring
      -- back a task they deleted (the new version carries the flag to every device)
      update public.tasks set deleted_with_list = false where id = tid;
    end if;
  elsif p_name = 'task.restore' then
    if (select deleted_at from public.lists where id = t.list_id) is not null then
      perform daybook_private.refuse('deleted', 'Its list was deleted', 'list_id');
    end if;
    if t.deleted_at is not null then
      update public.tasks set deleted_at = null, deleted_with_list = false where id = tid;
      perform daybook_private.revive_task_steps(tid, t.list_id);
    end if;
  elsif p_name in ('task.complete_occurrence', 'task.uncomplete_occurrence') then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device');
    end if;
    occ := daybook_private.check_day(p_args -> 'occurrence', 'occurrence');
    if occ is null then
      perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
    end if;
    nxt := daybook_private.check_day(p_args -> 'next', 'next');
    if nxt <= occ then
      perform daybook_private.refuse('invalid', 'The next occurrence must come after the one completed', 'next');
    end if;
    -- the occurrence the change names decides, not the order of arrival: a task no longer at
    -- it (completed elsewhere, moved, done) is left as it is, and the change is applied
    if p_name = 'task.complete_occurrence' then
      if not t.done and t.due_date = occ then
        if nxt is null or t.repeat is null then
          update public.tasks set done = true, done_at = coalesce(done_at, now()) where id = tid;
        else
          update public.tasks set due_date = nxt where id = tid;
        end if;
      end if;
    elsif t.done then
      if nxt is null and t.due_date = occ then
        update public.tasks set done = false, done_at = null where id = tid;
      end if;
    elsif nxt is not null and t.due_date = nxt then
      update public.tasks set due_date = occ where id = tid;
    end if;
  elsif p_name = 'task.update' then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device');
    end if;
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    new_list := t.list_id;
    if patch ? 'list_id' then
      new_list := daybook_private.arg_uuid(patch, 'list_id');
      if new_list <> t.list_id then
        perform daybook_private.require_list(new_list, 'editor');
      end if;
    end if;
    new_date := case when patch ? 'due_date' then daybook_private.check_date(patch -> 'due_date') else t.due_date end;
    new_time := case when patch ? 'due_time' then daybook_private.check_time(patch -> 'due_time')
      when new_date is null then null else t.due_time end;
    if new_time is not null and new_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before setting a time', 'due_time');
    end if;
    -- a repeat needs a date: clearing the date clears it; a repeat set without an anchor starts
    -- at the (resulting) due date
    if patch ? 'repeat' or patch ? 'repeat_anchor' then
      new_repeat := case when patch ? 'repeat' then daybook_private.check_repeat(patch -> 'repeat') else t.repeat end;
      if new_repeat is not null then
        if new_date is null then
          perform daybook_private.refuse('invalid', 'Set a date before repeating', 'repeat');
        end if;
        new_anchor := coalesce(daybook_private.check_day(patch -> 'repeat_anchor', 'repeat'), new_date);
      end if;
    elsif new_date is not null then
      new_repeat := t.repeat;
      new_anchor := t.repeat_anchor;
    end if;
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.tasks set
      list_id = new_list,
      title = case when patch ? 'title' then daybook_private.check_title(patch -> 'title') else title end,
      notes = case when patch ? 'notes' then daybook_private.check_notes(patch -> 'notes') else notes end,
      due_date = new_date,
      due_time = new_time,
      repeat = new_repeat,
      repeat_anchor = new_anchor,
      priority = case when patch ? 'priority' then daybook_private.check_priority(patch -> 'priority') else priority end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end,
      done = case when patch ? 'done' then (patch ->> 'done')::boolean else done end,
      done_at = case when not patch ? 'done' then done_at
        when (patch ->> 'done')::boolean then coalesce(done_at, now()) else null end
    where id = tid;
    if new_list <> t.list_id then
      insert into public.task_departures (list_id, task_id) values (t.list_id, tid)
      on conflict (list_id, task_id) do update set version = 0;
      -- a task that comes back supersedes its old departure from the target list
      delete from public.task_departures where list_id = new_list and task_id = tid;
      -- its steps follow it; the departure covers them for members of the old list only
      perform daybook_private.move_task_steps(tid, new_list);
    end if;
  end if;
end $$;

-- sync_push as 20261125200000_reminders.sql left it, trying the batch set-wise first.
create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb) returns jsonb
language plpgsql security definer set search_path = public, pg_temp set jit = off as $$
declare
  uid uuid := auth.uid();
  c public.sync_clients;
  m jsonb;
  mid bigint;
  prev bigint := null;
  mname text;
  -- the lists this batch may touch, and their versions when this push locked them
  touched uuid[];
  -- every list the batch names, before the caller's own are picked out
  named uuid[];
  locked_at jsonb;
  results jsonb;
  first_status text;
  first_error jsonb;
  err jsonb;
  e_state text;
  e_msg text;
  e_detail text;
  e_hint text;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'p_client_id is required';
  end if;
  if jsonb_typeof(p_mutations) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_mutations must be an array';
  end if;
  if jsonb_array_length(p_mutations) > 200 then
    raise exception using errcode = '22023', message = 'At most 200 mutations per push',
      hint = 'Split the batch';
  end if;
  for m in select value from jsonb_array_elements(p_mutations) loop
    if jsonb_typeof(m) <> 'object' or jsonb_typeof(m -> 'id') is distinct from 'number'
       or (m ->> 'id') !~ '^[0-9]{1,15}$' or (m ->> 'id')::bigint < 1 then
      raise exception using errcode = '22023', message = 'Each mutation needs a positive integer id';
    end if;
    if (m ->> 'name') is null or (m ->> 'name') not in ('list.create', 'list.update', 'list.delete',
        'list.restore', 'task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
        'task.uncomplete_occurrence', 'step.create', 'step.update', 'step.delete', 'step.restore', 'reminder.set',
        'reminder.clear', 'reminder.snooze', 'member.invite', 'member.set_role', 'member.remove', 'list.leave') then
      raise exception using errcode = '22023', message = format('Unknown mutation name %s', m -> 'name');
    end if;
    if jsonb_typeof(m -> 'args') is distinct from 'object' then
      raise exception using errcode = '22023', message = format('Mutation %s: args must be an object', m ->> 'id');
    end if;
    if prev is not null and (m ->> 'id')::bigint <= prev then
      raise exception using errcode = '22023', message = 'Mutation ids must increase within a push';
    end if;
    prev := (m ->> 'id')::bigint;
  end loop;

  perform daybook_private.ensure_inbox();
  insert into public.sync_clients (client_id, user_id) values (p_client_id, uid)
  on conflict (client_id) do nothing;
  select * into c from public.sync_clients where client_id = p_client_id for update;
  if c.user_id <> uid then
    raise exception using errcode = '42501', message = 'This client id belongs to another user';
  end if;

  -- Take the version counters of every list this batch touches up front, in one order, so
  -- pushes that touch the same lists queue instead of deadlocking. Their versions now tell,
  -- after the loop, which lists this push changed (nobody else can move them meanwhile).
  touched := array(
    select daybook_private.try_uuid(coalesce(x.value -> 'args' ->> 'list_id', x.value -> 'args' ->> 'id'))
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' not like 'task.%' and x.value ->> 'name' not like 'step.%'
        and x.value ->> 'name' not like 'reminder.%'
    union
    select daybook_private.try_uuid(x.value -> 'args' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.create'
    union
    select daybook_private.try_uuid(x.value -> 'args' -> 'patch' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'task.%')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'task_id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'step.create')
    union
    select s.list_id from public.steps s
      where s.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'step.%')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'task_id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'reminder.%'));
  -- Only lists the caller is a member of: naming a stranger's list (an Inbox id is its owner's
  -- user id) must not make its members wait behind this push. Membership is read before any
  -- lock; a list the caller is not on is refused by its mutation without being written.
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
  named := touched;
  touched := array(select t from unnest(named) t where t in (select daybook_private.my_list_ids()));
  select coalesce(jsonb_object_agg(l.list_id, l.version), '{}'::jsonb) into locked_at
  from (select s.list_id, s.version from public.sync_spaces s
        where s.list_id = any(touched) order by s.list_id for update) l;

  -- Set-wise first (#16): a batch of new task creations and plain edits is applied a statement
  -- per run of one kind (daybook_private.push_tasks_setwise). Any refusal, or any error, rolls
  -- that attempt back whole and the batch goes change by change below, each in its own
  -- sub-transaction as before, so refusals, their order and their words do not change.
  results := null;
  begin
    results := daybook_private.push_tasks_setwise(p_client_id, p_mutations, c.last_mutation_id);
  exception when others then
    get stacked diagnostics e_state = returned_sqlstate;
    if daybook_private.is_transient(e_state) then
      raise;
    end if;
    results := null;
  end;
  if results is not null then
    c.last_mutation_id := (p_mutations -> -1 ->> 'id')::bigint;
  else
    results := '[]'::jsonb;
    for m in select value from jsonb_array_elements(p_mutations) loop
      mid := (m ->> 'id')::bigint;
      mname := m ->> 'name';
      if mid <= c.last_mutation_id then
        -- the first answer again (it may have been lost after this server committed), so the
        -- device learns of a refusal; 'unknown' once the record is pruned, which the pruning rule
        -- makes mean "applied, or a refusal this device has already acknowledged"
        first_status := null;
        first_error := null;
        select s.status, s.error into first_status, first_error from public.sync_mutations s
        where s.client_id = p_client_id and s.mutation_id = mid;
        results := results || (jsonb_build_object('id', mid, 'status', 'duplicate', 'first_status', coalesce(first_status, 'unknown'))
          || case when first_status = 'refused' then jsonb_build_object('error', first_error) else '{}'::jsonb end);
        continue;
      end if;
      err := null;
      begin
        if mname like 'task.%' then
          perform daybook_private.apply_task(mname, m -> 'args');
        elsif mname like 'step.%' then
          perform daybook_private.apply_step(mname, m -> 'args');
        elsif mname like 'reminder.%' then
          perform daybook_private.apply_reminder(mname, m -> 'args');
        elsif mname like 'member.%' then
          perform daybook_private.apply_member(mname, m -> 'args');
        else
          perform daybook_private.apply_list(mname, m -> 'args');
        end if;
      exception when others then
        get stacked diagnostics e_state = returned_sqlstate, e_msg = message_text,
          e_detail = pg_exception_detail, e_hint = pg_exception_hint;
        -- transient failures abort the whole push so the client retries it unchanged
        if daybook_private.is_transient(e_state) then
          raise;
        end if;
        if e_state = 'DB001' then
          err := jsonb_build_object('code', e_msg, 'message', e_detail);
          if e_hint <> '' then
            err := err || jsonb_build_object('field', e_hint);
          end if;
        else
          -- the database's own words (table and constraint names) stay in the server's log (#15 item 8)
          raise log 'sync_push: change % of client % failed: % (%)', mid, p_client_id, e_msg, e_state;
          err := jsonb_build_object('code', 'invalid', 'message', 'The server could not apply this change (error ' || e_state || ')');
        end if;
      end;
      insert into public.sync_mutations (client_id, mutation_id, user_id, name, status, error, args)
      values (p_client_id, mid, uid, mname, case when err is null then 'applied' else 'refused' end, err,
        case when err is null then null else m -> 'args' end);
      if err is null then
        results := results || jsonb_build_object('id', mid, 'status', 'applied');
      else
        results := results || jsonb_build_object('id', mid, 'status', 'refused', 'error', err);
      end if;
      c.last_mutation_id := mid;
    end loop;
  end if;

  -- ids [applied_from, last - 1000] have left the window: prune once there are 100 of them
  if (c.last_mutation_id - 1000) - c.applied_from + 1 >= 100 then
    c.applied_from := daybook_private.prune_applied(p_client_id, c.applied_from, c.last_mutation_id);
  end if;
  update public.sync_clients set last_mutation_id = c.last_mutation_id, applied_from = c.applied_from, updated_at = now()
  where client_id = p_client_id;
  -- pokes for the lists locked above, and lists this push made (named, and the caller is on them now)
  perform daybook_private.send_pokes(p_client_id,
    array(select t from unnest(named) t where locked_at ? t::text or t in (select daybook_private.my_list_ids())), locked_at);
  return jsonb_build_object('last_mutation_id', c.last_mutation_id, 'results', results);
end $$;
