-- Invitations, assignees, labels, filters, deadlines and adaptive pages each replaced some of
-- these functions with their own change only; this puts back the one definition that holds all
-- of them (as in supabase/schemas).

-- from supabase/schemas/apply_member.sql
create or replace function daybook_private.apply_member(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid := daybook_private.arg_uuid(p_args, 'list_id');
  l public.lists;
  target uuid;
  target_email text;
  new_role text;
  m public.list_members;
begin
  l := daybook_private.require_list(lid, 'owner');
  if l.is_inbox then
    perform daybook_private.refuse('invalid', 'The Inbox can''t be shared');
  end if;
  if p_name in ('member.invite', 'member.set_role') then
    new_role := p_args ->> 'role';
    if jsonb_typeof(p_args -> 'role') is distinct from 'string' or new_role not in ('editor', 'viewer') then
      perform daybook_private.refuse('invalid', 'Role must be editor or viewer', 'role');
    end if;
  end if;
  if p_name = 'member.invite' then
    target_email := btrim(daybook_private.arg_text(p_args, 'email', 'Email'));
    if target_email !~ '^[^[:space:]@]+@[^[:space:]@]+$' or char_length(target_email) > 255 then
      perform daybook_private.refuse('invalid', 'Enter an e-mail address', 'email');
    end if;
    -- (no account yet is not refused: the invitation waits for one, SPEC §13.1)
    select id into target from auth.users where lower(email) = lower(target_email) limit 1;
  else
    target := daybook_private.arg_uuid(p_args, 'user_id');
  end if;
  select * into m from public.list_members where list_id = lid and user_id = target;
  if found and m.role = 'owner' then
    perform daybook_private.refuse('invalid', 'The owner''s role can''t be changed');
  end if;
  if p_name = 'member.invite' then
    -- SPEC §12: someone who left is not put back for a day; at most 100 invitations an hour
    if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
      perform daybook_private.refuse('rate_limited', 'They left this list — you can invite them again after 24 hours', 'email');
    end if;
    -- SPEC §13.1: a current member's role changes at once; anyone else gets an invitation
    -- to accept (someone removed earlier too)
    if m.user_id is not null and m.deleted_at is null then
      perform daybook_private.count_invitation();
      update public.list_members set role = new_role where list_id = lid and user_id = target;
    else
      perform daybook_private.invite(lid, target_email, new_role);
    end if;
  elsif m.user_id is null or (m.deleted_at is not null and p_name = 'member.set_role') then
    perform daybook_private.refuse('not_found', 'That person is not a member of this list', 'user_id');
  elsif p_name = 'member.set_role' then
    update public.list_members set role = new_role where list_id = lid and user_id = target;
  elsif m.deleted_at is null then
    update public.list_members set deleted_at = now() where list_id = lid and user_id = target;
    perform daybook_private.drop_assignments(lid, target);
  end if;
  -- (removing someone already removed changes nothing and is applied, like deleting twice: a
  -- second device or a retry under a new id must not report a failure for a removal that holds)
end $$;

-- from supabase/schemas/apply_task.sql
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
  new_assignee uuid;
  new_turns uuid[];
begin
  if p_name = 'task.create' then
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by, repeat, repeat_anchor, assignee,
      deadline, steps_start_over)
    select r.id, r.list_id, r.title, r.notes, r.due_date, r.due_time, r.priority, r.position, r.created_by, r.repeat, r.repeat_anchor, r.assignee,
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
          -- the turn moves with the occurrence, so it moves once per occurrence too; the deadline
          -- keeps its distance from the due date
          update public.tasks set due_date = nxt, deadline = deadline + (nxt - occ), last_completion = done_by,
            assignee = daybook_private.turn_after(turns, assignee, 1) where id = tid;
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
      update public.tasks set due_date = occ, deadline = deadline - (nxt - occ), last_completion = null,
        assignee = daybook_private.turn_after(turns, assignee, -1) where id = tid;
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
    -- who does it: members of the list the task ends in (a move keeps only those); taking turns
    -- hands the task to the first in the order unless its assignee is in it
    new_assignee := case when patch ? 'assignee' then daybook_private.check_assignee(patch -> 'assignee', new_list) else t.assignee end;
    new_turns := case when patch ? 'turns' then daybook_private.check_turns(patch -> 'turns', new_list) else t.turns end;
    if new_list <> t.list_id then
      new_assignee := (daybook_private.members_only(new_list, array[new_assignee]))[1];
      new_turns := nullif(daybook_private.members_only(new_list, new_turns), '{}');
    end if;
    if patch ? 'turns' and new_turns is not null and (new_assignee is null or new_assignee <> all(new_turns)) then
      new_assignee := new_turns[1];
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
      assignee = new_assignee,
      turns = new_turns,
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

-- from supabase/schemas/apply_task.sql
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
  r.assignee := daybook_private.check_assignee(p_args -> 'assignee', r.list_id);
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

-- from supabase/schemas/push_setwise.sql
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

-- from supabase/schemas/push_dispatch.sql
create or replace function daybook_private.mutation_kind(p_name text) returns text
language sql immutable as $$
  select case
    when p_name in ('list.create', 'list.update', 'list.delete', 'list.restore', 'list.leave') then 'list'
    when p_name in ('member.invite', 'member.set_role', 'member.remove') then 'member'
    when p_name in ('invitation.accept', 'invitation.decline', 'invitation.cancel') then 'invitation'
    when p_name in ('task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
      'task.uncomplete_occurrence') then 'task'
    when p_name in ('step.create', 'step.update', 'step.delete', 'step.restore') then 'step'
    when p_name in ('reminder.set', 'reminder.clear', 'reminder.snooze') then 'reminder'
    when p_name in ('label.create', 'label.update', 'label.delete') then 'label'
    when p_name in ('task_label.add', 'task_label.remove') then 'task_label'
    when p_name in ('filter.create', 'filter.update', 'filter.delete') then 'filter'
  end
$$;

-- from supabase/schemas/push_dispatch.sql
create or replace function daybook_private.apply_change(p_name text, p_args jsonb) returns void
language plpgsql as $$
begin
  case daybook_private.mutation_kind(p_name)
    when 'list' then perform daybook_private.apply_list(p_name, p_args);
    when 'member' then perform daybook_private.apply_member(p_name, p_args);
    when 'invitation' then perform daybook_private.apply_invitation(p_name, p_args);
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
    when 'label' then perform daybook_private.apply_label(p_name, p_args);
    when 'task_label' then perform daybook_private.apply_task_label(p_name, p_args);
    when 'filter' then perform daybook_private.apply_filter(p_name, p_args);
  end case;
end $$;

-- from supabase/schemas/push_dispatch.sql
create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select array(
    select daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id')) from x
      where x.kind in ('list', 'member', 'invitation')
    union
    select daybook_private.try_uuid(x.args ->> 'list_id') from x where x.name = 'task.create'
    union
    select daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') from x where x.name = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'id') from x where x.kind = 'task')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.name = 'step.create')
    union
    select s.list_id from public.steps s
      where s.id in (select daybook_private.try_uuid(x.args ->> 'id') from x where x.kind = 'step')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'reminder')
    -- a person's labels and filters live in their Inbox's space, whose id is theirs
    union
    select auth.uid() from x where x.kind in ('label', 'filter')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'task_label')));
end $$;

-- from supabase/schemas/sync_pull.sql
create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  -- a first sync or a long backlog may ask for up to 5,000 rows; a page also stays within
  -- max_bytes of JSON (SPEC §15), cut earlier when it would not
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  max_bytes constant int := 2 * 1024 * 1024;
  bounded jsonb;
  -- reminders are per person: only the caller's travel
  me uuid := auth.uid();
  -- Without the key (a device from before the refusal stream, or its first pull) refusals start
  -- from the oldest kept, but do not hold has_more: a device that drops the key between pages
  -- would otherwise be sent the same refusals again and again, told each time that more wait.
  has_rc boolean := coalesce(jsonb_typeof(p_cursors -> 'refused') = 'number', false);
  rc bigint := case when jsonb_typeof(p_cursors -> 'refused') = 'number'
    then greatest(floor((p_cursors ->> 'refused')::numeric), 0)::bigint else 0 end;
  result jsonb;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'p_client_id is required';
  end if;
  if p_cursors is not null and jsonb_typeof(p_cursors) <> 'object' then
    raise exception using errcode = '22023', message = 'p_cursors must be an object of list id to version';
  end if;
  perform daybook_private.ensure_inbox();
  -- Binds the client id to its user (42501 for another user's). Its value is not used: the
  -- answer's last_mutation_id is read by the page statement, from the page's snapshot.
  perform daybook_private.client_last_mutation_id(p_client_id);
  -- (a probe first: most pulls have nothing to forget, and then skip the security definer call)
  if rc > 0 and exists (select 1 from public.sync_mutations
      where client_id = p_client_id and status = 'refused' and mutation_id <= rc) then
    perform daybook_private.forget_refusals(p_client_id, rc);
  end if;

  -- Each pass is one statement, so one snapshot. A page over max_bytes is cut after the rows that
  -- fit; one where no row fits beside its refusals is made again with fewer of them.
  loop
  with vis as (
    select id as list_id from daybook_private.my_list_ids() as id
  ),
  cur as (
    select v.list_id,
      case when jsonb_typeof(p_cursors -> v.list_id::text) = 'number'
        then floor((p_cursors ->> v.list_id::text)::numeric)::bigint else 0 end as c
    from vis v
  ),
  -- keys first (index order, at most a page per list and table), whole rows only for the page
  keys as (
    select k.* from cur cross join lateral (
      select * from daybook_private.pull_lists_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_members_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_tasks_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_steps_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_reminders_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_labels_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_task_labels_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_filters_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_departed_keys(me, cur.list_id, cur.c, lim + 1)
    ) k
  ),
  page as (
    select * from keys order by list_id, version limit lim + 1
  ),
  kept as (
    select * from page order by list_id, version limit lim
  ),
  -- each list's cursor after this page
  nxt as (
    select cur.list_id, greatest(cur.c, coalesce((select max(k.version) from kept k where k.list_id = cur.list_id), 0)) as c
    from cur
  ),
  -- this client's refusals past its cursor, oldest first: a page's worth, and one to tell if more wait
  refused as (
    select mutation_id, error, name, args from public.sync_mutations
    where client_id = p_client_id and status = 'refused' and mutation_id > rc
    order by mutation_id limit lim + 1
  ),
  refused_kept as (
    select * from refused order by mutation_id limit lim
  ),
  -- the acknowledgment, and where the refusal stream is complete up to: below the first refusal
  -- this page does not carry (the one past the page's worth, if any), and never past the
  -- client's last mutation id (no refusal can take an id at or below it later)
  ack as (
    select coalesce((select s.last_mutation_id from public.sync_clients s where s.client_id = p_client_id), 0) as last,
      (select r.mutation_id from refused r order by r.mutation_id offset lim limit 1) as first_missing
  ),
  complete as (
    select ack.last, least(ack.last, ack.first_missing - 1) as upto from ack
  ),
  more as (
    select (select count(*) from page) > lim as rows,
      has_rc and (select count(*) from refused) > lim as refusals
  )
  select jsonb_build_object(
    'lists', (select daybook_private.pull_lists_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'l'),
    'members', (select daybook_private.pull_members_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'm'),
    'tasks', (select daybook_private.pull_tasks_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 't'),
    'steps', (select daybook_private.pull_steps_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 's'),
    'reminders', (select daybook_private.pull_reminders_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'r'),
    'labels', (select daybook_private.pull_labels_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'b'),
    'task_labels', (select daybook_private.pull_task_labels_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'g'),
    'filters', (select daybook_private.pull_filters_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'f'),
    'departed', (select daybook_private.pull_departed_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'd'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more),
    -- the caller's invitations, whole (list_invitations.sql): an invitee's come this way only
    'invitations', daybook_private.my_invitations(),
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when not (select rows from more) then 0
      else (select daybook_private.pull_lists_count(me, n.lists, n.afters)
          + daybook_private.pull_members_count(me, n.lists, n.afters)
          + daybook_private.pull_tasks_count(me, n.lists, n.afters)
          + daybook_private.pull_steps_count(me, n.lists, n.afters)
          + daybook_private.pull_reminders_count(me, n.lists, n.afters)
          + daybook_private.pull_labels_count(me, n.lists, n.afters)
          + daybook_private.pull_task_labels_count(me, n.lists, n.afters)
          + daybook_private.pull_filters_count(me, n.lists, n.afters)
          + daybook_private.pull_departed_count(me, n.lists, n.afters)
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) into result;
  exit when lim = 1;
  bounded := daybook_private.pull_page_within(result, p_cursors, max_bytes);
  exit when bounded is not null;
  lim := greatest(1, lim / 4);
  end loop;
  result := coalesce(bounded, result);

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;
