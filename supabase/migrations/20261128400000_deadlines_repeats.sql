-- Deadlines, repeats from the day it's done, and steps that start over (SPEC §14.3): a task's
-- deadline, apart from its due date, moved with the due date when an occurrence is completed; a
-- repeat rule part FROM=DONE whose next date the server computes from the completing device's
-- day (`done_on`); and a per-task choice (on by default) to untick the steps when an occurrence
-- is completed.
alter table public.tasks add column deadline date;
alter table public.tasks add column steps_start_over boolean not null default true;
alter table public.tasks add constraint tasks_deadline_range check (deadline between date '1900-01-01' and date '2999-12-31');

create or replace function daybook_private.check_repeat(p_value jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  body text;
  part text;
  k text;
  v text;
  seen text[] := '{}';
  parts text[] := '{}';
begin
  if p_value is null or p_value = 'null'::jsonb or p_value = '""'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Repeat must be a rule', 'repeat');
  end if;
  body := upper(btrim(p_value #>> '{}'));
  if char_length(body) > 500 then
    perform daybook_private.refuse('invalid', 'The repeat rule is too long', 'repeat');
  end if;
  if body like 'RRULE:%' then
    body := substr(body, 7);
  end if;
  foreach part in array string_to_array(body, ';') loop
    part := btrim(part);
    continue when part = '';
    k := btrim(split_part(part, '=', 1));
    v := btrim(substr(part, strpos(part, '=') + 1));
    if strpos(part, '=') = 0 or k = any(seen) then
      perform daybook_private.refuse('invalid', 'The repeat rule can''t be read', 'repeat');
    end if;
    seen := seen || k;
    if k = 'FREQ' then
      if v not in ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY') then
        perform daybook_private.refuse('invalid', 'Repeats are daily, weekly, monthly or yearly', 'repeat');
      end if;
    elsif k = 'INTERVAL' then
      if v !~ '^[0-9]{1,4}$' or v::int not between 1 and 99 then
        perform daybook_private.refuse('invalid', 'Pick an interval between 1 and 99', 'repeat');
      end if;
    elsif k = 'COUNT' then
      if v !~ '^[0-9]{1,4}$' or v::int not between 1 and 999 then
        perform daybook_private.refuse('invalid', 'Pick a number of times between 1 and 999', 'repeat');
      end if;
    elsif k = 'BYDAY' then
      if v !~ '^([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU)(,([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU))*$' then
        perform daybook_private.refuse('invalid', 'The repeat rule''s weekdays can''t be read', 'repeat');
      end if;
    elsif k = 'BYMONTHDAY' then
      if v !~ '^[+-]?[0-9]{1,2}$' then
        perform daybook_private.refuse('invalid', 'Pick a day of the month between 1 and 31, or the last day', 'repeat');
      end if;
    elsif k = 'UNTIL' then
      if v !~ '^[0-9]{8}(T[0-9]{6}Z?)?$' then
        perform daybook_private.refuse('invalid', 'Pick an end date between 1900 and 2999', 'repeat');
      end if;
    elsif k = 'FROM' then
      -- Daybook's own part (SPEC §14.3 "From the day it's done"), outside RFC 5545
      if v <> 'DONE' then
        perform daybook_private.refuse('invalid', 'FROM takes only DONE', 'repeat');
      end if;
    elsif k = 'WKST' then
      if v not in ('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU') then
        perform daybook_private.refuse('invalid', 'The repeat rule''s week start can''t be read', 'repeat');
      end if;
    else
      perform daybook_private.refuse('invalid', format('Repeat rules with %s aren''t supported', k), 'repeat');
    end if;
    parts := parts || (k || '=' || v);
  end loop;
  if not 'FREQ' = any(seen) then
    perform daybook_private.refuse('invalid', 'The repeat rule has no FREQ', 'repeat');
  end if;
  if 'COUNT' = any(seen) and 'UNTIL' = any(seen) then
    perform daybook_private.refuse('invalid', 'End a repeat after a number of times or on a date, not both', 'repeat');
  end if;
  if 'FROM' = any(seen) and ('COUNT' = any(seen) or 'BYDAY' = any(seen) or 'BYMONTHDAY' = any(seen)) then
    perform daybook_private.refuse('invalid', 'A repeat from the day it’s done takes no weekdays, day of the month or number of times', 'repeat');
  end if;
  return array_to_string(parts, ';');
end $$;

create or replace function daybook_private.untick_task_steps(p_task uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and done and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions((select list_id from public.tasks where id = p_task), n);
  update public.steps s set done = false, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task and done and deleted_at is null) x
  where s.id = x.id;
end $$;

revoke all on function daybook_private.untick_task_steps(uuid) from public, anon, authenticated;

create or replace function daybook_private.next_from_done(p_rule text, p_occurrence date, p_done date) returns date
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  n int := coalesce(substring(p_rule from '(?:^|;)INTERVAL=([0-9]+)')::int, 1);
  f text := substring(p_rule from '(?:^|;)FREQ=([A-Z]+)');
  u text := substring(p_rule from '(?:^|;)UNTIL=([0-9]{8})');
  d date;
begin
  d := case f when 'DAILY' then p_done + n when 'WEEKLY' then p_done + 7 * n
    when 'MONTHLY' then (p_done + make_interval(months => n))::date
    else (p_done + make_interval(years => n))::date end;
  d := greatest(d, p_occurrence + 1);
  if u is not null and d > to_date(u, 'YYYYMMDD') then
    return null;
  end if;
  return d;
end $$;

revoke all on function daybook_private.next_from_done(text, date, date) from public, anon, authenticated;

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
  done_by uuid;
  seen_anchor date;
  done_on date;
  r text;
begin
  if p_name = 'task.create' then
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor,
      deadline, steps_start_over)
    select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor,
      r.deadline, r.steps_start_over
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
    -- the completion's own id, so that its Undo takes back this completion and no other
    if p_args ? 'completion' then
      done_by := daybook_private.arg_uuid(p_args, 'completion');
    end if;
    -- the occurrence the change names decides, not the order of arrival: a task no longer at
    -- it (completed elsewhere, moved, done) is left as it is, and the change is applied
    if p_name = 'task.complete_occurrence' then
      -- the rule `next` was computed from; changes without one are taken as they come
      if p_args ? 'repeat' and jsonb_typeof(p_args -> 'repeat') not in ('string', 'null') then
        perform daybook_private.refuse('invalid', 'Repeat must be a rule', 'repeat');
      end if;
      seen_anchor := daybook_private.check_day(p_args -> 'repeat_anchor', 'repeat_anchor');
      -- the completing device's calendar day, for a repeat from the day it's done: no later than
      -- tomorrow in UTC (today somewhere on Earth)
      done_on := daybook_private.check_day(p_args -> 'done_on', 'done_on');
      if done_on > (now() at time zone 'utc')::date + 1 then
        perform daybook_private.refuse('invalid', 'The day it was done can''t be in the future', 'done_on');
      end if;
      if not t.done and t.due_date = occ then
        -- a `next` from a rule the task no longer has would land on a day its rule never names;
        -- a repeat removed meanwhile completes it like a plain task, as the person asked
        if p_args ? 'repeat' and t.repeat is not null
           and (t.repeat is distinct from p_args ->> 'repeat'
                or (p_args ? 'repeat_anchor' and t.repeat_anchor is distinct from seen_anchor)) then
          perform daybook_private.refuse('stale', 'The repeat was changed on another device — complete it again', 'repeat');
        end if;
        if done_on is not null and t.repeat ~ '(^|;)FROM=DONE(;|$)' then
          nxt := daybook_private.next_from_done(t.repeat, occ, done_on);
        end if;
        if nxt is null or t.repeat is null then
          update public.tasks set done = true, done_at = coalesce(done_at, now()), last_completion = done_by where id = tid;
        else
          -- the deadline keeps its distance from the due date
          update public.tasks set due_date = nxt, deadline = deadline + (nxt - occ), last_completion = done_by where id = tid;
          if t.steps_start_over then
            perform daybook_private.untick_task_steps(tid);
          end if;
        end if;
      end if;
    elsif t.last_completion is distinct from done_by then
      -- another completion moved the task since: this Undo has nothing of its own to take back
      return;
    elsif t.done then
      if nxt is null and t.due_date = occ then
        update public.tasks set done = false, done_at = null, last_completion = null where id = tid;
      end if;
    elsif nxt is not null and t.due_date = nxt then
      update public.tasks set due_date = occ, deadline = deadline - (nxt - occ), last_completion = null where id = tid;
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
    if patch ? 'steps_start_over' and jsonb_typeof(patch -> 'steps_start_over') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'steps_start_over must be true or false', 'steps_start_over');
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
      deadline = case when patch ? 'deadline' then daybook_private.check_day(patch -> 'deadline', 'deadline') else deadline end,
      steps_start_over = case when patch ? 'steps_start_over' then (patch ->> 'steps_start_over')::boolean else steps_start_over end,
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

create or replace function daybook_private.task_create_row(p_args jsonb, p_check boolean) returns public.tasks
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
  r.deadline := daybook_private.check_day(p_args -> 'deadline', 'deadline');
  if p_args ? 'steps_start_over' and jsonb_typeof(p_args -> 'steps_start_over') not in ('boolean', 'null') then
    perform daybook_private.refuse('invalid', 'steps_start_over must be true or false', 'steps_start_over');
  end if;
  r.steps_start_over := coalesce((p_args ->> 'steps_start_over')::boolean, true);
  r.created_by := auth.uid();
  return r;
end $$;

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
        insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor,
          deadline, steps_start_over, version)
        select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor,
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
