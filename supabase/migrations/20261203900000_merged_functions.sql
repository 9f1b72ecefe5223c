-- Functions that more than one of this round's changes redefined, each as its schema file holds
-- it: replayed in name order, the later migration's body would drop the earlier one's change.

create or replace function daybook_private.my_invitations() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text := daybook_private.my_confirmed_email();
begin
  -- in one order always (ids break ties): sync_pull sends the set again whenever its text changes
  return coalesce((select jsonb_agg(x.row order by x.incoming desc, x.created_at, x.id) from (
    select true as incoming, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', true, 'list_name', l.name, 'list_color', l.color,
        'invited_by', coalesce(daybook_private.person_name(i.invited_by), ''), 'invited_by_color', daybook_private.person_color(i.invited_by),
        'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      where (lower(i.email) = my_email or i.invitee = me) and i.status = 'pending' and i.expires_at > now()
        and not exists (select 1 from public.list_members m where m.list_id = i.list_id and m.user_id = me and m.deleted_at is null)
    union all
    select false, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', false, 'expires_at', i.expires_at)
      from public.list_members m
      join public.list_invitations i on i.list_id = m.list_id
      where m.user_id = me and m.role = 'owner' and m.deleted_at is null
        and (i.status = 'declined' or i.expires_at > now())
  ) x), '[]'::jsonb);
end $$;

create or replace function public.invitation_by_token(p_token text)
returns jsonb language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  inv public.list_invitations;
  l public.lists;
begin
  perform daybook_private.check_token_misses();
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    perform daybook_private.record_token_miss();
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into inv from public.list_invitations where token_hash = daybook_private.token_hash(p_token) for update;
  if not found then
    perform daybook_private.record_token_miss();
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into l from public.lists where id = inv.list_id;
  if l.deleted_at is not null then
    return jsonb_build_object('state', 'unknown');
  end if;
  if me is not null and daybook_private.role_on(inv.list_id) is not null then
    return jsonb_build_object('state', 'member', 'list_id', l.id, 'list_name', l.name);
  end if;
  if inv.status = 'declined' then
    return jsonb_build_object('state', 'declined', 'list_name', l.name);
  end if;
  if inv.expires_at <= now() then
    return jsonb_build_object('state', 'expired', 'list_name', l.name);
  end if;
  if me is not null and inv.invitee is distinct from me then
    update public.list_invitations set invitee = me, updated_at = now() where id = inv.id;
  end if;
  return jsonb_build_object('state', 'open', 'list_id', l.id, 'list_name', l.name, 'list_color', l.color,
    'invited_by', coalesce(daybook_private.person_name(inv.invited_by), ''), 'invited_by_color', daybook_private.person_color(inv.invited_by),
    'role', inv.role, 'expires_at', inv.expires_at, 'bound', me is not null);
end $$;

create or replace function public.link_preview(p_token text) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
begin
  if daybook_private.link_missed(p_token) then
    return daybook_private.token_missed('This link is not valid');
  end if;
  k := daybook_private.link_of_token(p_token);
  return (select jsonb_build_object('list_id', l.id, 'list_name', l.name, 'list_color', l.color, 'role', k.role,
      'shared_by', coalesce(daybook_private.person_name(k.created_by), ''), 'shared_by_color', daybook_private.person_color(k.created_by),
      'my_role', daybook_private.role_on(l.id))
    from public.lists l where l.id = k.list_id);
end $$;

create or replace function daybook_private.mutation_kind(p_name text) returns text
language sql immutable as $$
  select case
    when p_name in ('list.create', 'list.update', 'list.delete', 'list.restore', 'list.leave') then 'list'
    when p_name in ('member.invite', 'member.set_role', 'member.remove') then 'member'
    when p_name in ('invitation.accept', 'invitation.decline', 'invitation.cancel') then 'invitation'
    when p_name in ('link.create', 'link.revoke') then 'link'
    when p_name in ('task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
      'task.uncomplete_occurrence') then 'task'
    when p_name in ('step.create', 'step.update', 'step.delete', 'step.restore') then 'step'
    when p_name in ('reminder.set', 'reminder.clear', 'reminder.snooze') then 'reminder'
    when p_name in ('label.create', 'label.update', 'label.delete') then 'label'
    when p_name in ('task_label.add', 'task_label.remove') then 'task_label'
    when p_name in ('filter.create', 'filter.update', 'filter.delete') then 'filter'
    when p_name = 'profile.update' then 'profile'
    when p_name in ('feed.create', 'feed.revoke') then 'feed'
    when p_name in ('comment.create', 'comment.update', 'comment.delete') then 'comment'
    when p_name in ('notification.read', 'notification.read_all', 'list.notify') then 'notification'
  end
$$;

create or replace function daybook_private.apply_change(p_name text, p_args jsonb) returns void
language plpgsql as $$
begin
  case daybook_private.mutation_kind(p_name)
    when 'list' then perform daybook_private.apply_list(p_name, p_args);
    when 'member' then perform daybook_private.apply_member(p_name, p_args);
    when 'invitation' then perform daybook_private.apply_invitation(p_name, p_args);
    when 'link' then perform daybook_private.apply_link(p_name, p_args);
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
    when 'label' then perform daybook_private.apply_label(p_name, p_args);
    when 'task_label' then perform daybook_private.apply_task_label(p_name, p_args);
    when 'filter' then perform daybook_private.apply_filter(p_name, p_args);
    when 'profile' then perform daybook_private.apply_profile(p_name, p_args);
    when 'feed' then perform daybook_private.apply_feed(p_name, p_args);
    when 'comment' then perform daybook_private.apply_comment(p_name, p_args);
    when 'notification' then perform daybook_private.apply_notification(p_name, p_args);
  end case;
end $$;

create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  named uuid[];
  task_ids uuid[];
  step_ids uuid[];
  mine boolean;
  renaming boolean;
  comment_ids uuid[];
begin
  with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select
    coalesce(array_agg(case
      when x.kind in ('list', 'member', 'invitation', 'link') then daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id'))
      when x.name = 'task.create' then daybook_private.try_uuid(x.args ->> 'list_id')
      else daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') end)
      filter (where x.kind in ('list', 'member', 'invitation', 'link') or x.name in ('task.create', 'task.update')), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(case when x.kind = 'task' then x.args ->> 'id' else x.args ->> 'task_id' end))
      filter (where x.kind in ('task', 'reminder', 'task_label') or x.name = 'step.create'), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(x.args ->> 'id')) filter (where x.kind = 'step'), '{}'),
    -- a person's labels and filters live in their Inbox's space, whose id is theirs (and their
    -- feeds are counted under its lock)
    coalesce(bool_or(x.kind in ('label', 'filter', 'feed')), false),
    -- a profile change writes the person's member rows in every list they are on
    coalesce(bool_or(x.kind = 'profile'), false),
    -- a comment lives in its task's list: a new one names its task, the others themselves
    coalesce(array_agg(daybook_private.try_uuid(case when x.name = 'comment.create' then x.args ->> 'task_id' else x.args ->> 'id' end))
      filter (where x.kind = 'comment'), '{}')
  into named, task_ids, step_ids, mine, renaming, comment_ids
  from x;
  -- (each lookup apart, then made distinct: under a `union` the planner may prefer reading a whole
  -- index in list order to probing the ids and sorting what it found)
  return array(select distinct u from unnest(named
    || array(select t.list_id from public.tasks t where t.id = any(task_ids))
    || array(select s.list_id from public.steps s where s.id = any(step_ids))
    || array(select t.list_id from public.tasks t where t.id = any(comment_ids))
    || array(select c.list_id from public.comments c where c.id = any(comment_ids))
    || case when mine then array[auth.uid()] else '{}'::uuid[] end
    || case when renaming then array(select m.list_id from public.list_members m where m.user_id = auth.uid() and m.deleted_at is null) else '{}'::uuid[] end) u);
end $$;

create or replace function daybook_private.pull_shared(p_cursors jsonb) returns jsonb
language plpgsql stable set search_path = public, pg_temp as $$
declare
  k text;
  val jsonb;
  digest bigint;
  sent jsonb := '{}'::jsonb;
  digests jsonb := '{}'::jsonb;
begin
  foreach k in array array['invitations', 'links', 'profile', 'feeds'] loop
    val := case k when 'invitations' then daybook_private.my_invitations() when 'links' then daybook_private.my_links()
      when 'profile' then daybook_private.my_profile() else daybook_private.my_feeds() end;
    if coalesce(jsonb_typeof(p_cursors -> k) = 'number', false) then
      digest := daybook_private.pull_digest(val);
      digests := digests || jsonb_build_object(k, digest);
      continue when (p_cursors ->> k)::numeric = digest;
    end if;
    sent := sent || jsonb_build_object(k, val);
  end loop;
  return sent || jsonb_build_object('cursors', digests);
end $$;

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
  undo_steps uuid[];
  new_duration smallint;
  did jsonb;
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
    if p_name = 'task.uncomplete_occurrence' then
      undo_steps := daybook_private.check_step_ids(p_args -> 'steps');
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
          update public.tasks set done = true, done_at = coalesce(done_at, now()), last_completion = done_by,
            last_completion_did = null where id = tid;
        else
          if nxt > date '2999-12-31' then
            perform daybook_private.refuse('invalid', 'The next occurrence would fall after 2999', 'next');
          end if;
          perform daybook_private.check_moved_deadline(t.deadline, nxt - occ);
          -- the turn moves with the occurrence, so it moves once per occurrence too; the deadline
          -- keeps its distance from the due date; what it did is kept for its Undo, which takes
          -- back exactly that (the steps this server unticked, not those the device knew of)
          new_assignee := daybook_private.turn_after(t.turns, t.assignee, 1);
          undo_steps := case when t.steps_start_over then array(select s.id from public.steps s
            where s.task_id = tid and s.done and s.deleted_at is null order by s.id) else '{}' end;
          update public.tasks set due_date = nxt, deadline = deadline + (nxt - occ), last_completion = done_by,
            assignee = new_assignee,
            last_completion_did = jsonb_build_object('steps', to_jsonb(undo_steps), 'assignee_before', t.assignee, 'assignee_after', new_assignee)
          where id = tid;
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
        update public.tasks set done = false, done_at = null, last_completion = null, last_completion_did = null where id = tid;
      end if;
    elsif nxt is not null and t.due_date = nxt then
      perform daybook_private.check_moved_deadline(t.deadline, occ - nxt);
      -- what the completion did, as this server recorded it (a completion recorded before there
      -- was a record: the steps the change names, the turn handed back)
      did := t.last_completion_did;
      if did is not null then
        undo_steps := array(select jsonb_array_elements_text(did -> 'steps')::uuid);
      end if;
      update public.tasks set due_date = occ, deadline = deadline - (nxt - occ), last_completion = null, last_completion_did = null,
        assignee = daybook_private.assignee_undone(did, turns, assignee) where id = tid;
      -- the steps this completion unticked, ticked again
      perform daybook_private.tick_task_steps(tid, undo_steps);
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
    -- a duration belongs to a time: clearing the time (or the date) clears it too
    new_duration := case when patch ? 'duration_min' then daybook_private.check_duration(patch -> 'duration_min') else t.duration_min end;
    if new_time is null and new_duration is not null then
      if patch ? 'duration_min' then
        perform daybook_private.refuse('invalid', 'Set a time before setting a duration', 'duration_min');
      end if;
      new_duration := null;
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
      duration_min = new_duration,
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

create or replace function daybook_private.forget_person(p_user uuid, p_lists uuid[]) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid;
begin
  foreach lid in array p_lists loop
    perform daybook_private.drop_assignments(lid, p_user);
  end loop;
  update public.tasks set created_by = daybook_private.former_member() where created_by = p_user;
  -- their comments stay in the lists that live on, under "Former member"; a mention of them in
  -- anyone's comment becomes plain text (always shorter than the token, so within the limit)
  update public.comments set author_id = daybook_private.former_member() where author_id = p_user;
  update public.comments set body = regexp_replace(body, '@\[[^]]*\]\(' || p_user::text || '\)', '@Former member', 'g')
  where list_id = any(p_lists) and strpos(body, p_user::text) > 0;
  -- what they did stays in the others' notifications as the former member's, pulled again as changed
  update public.notifications n set actor_id = daybook_private.former_member(),
    payload = n.payload || jsonb_build_object('actor_name', 'Former member'),
    version = daybook_private.take_notification_version(n.recipient)
  where n.actor_id = p_user;
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

create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it. Index
-- lookups only (no sequential scans, no hash or merge joins, in every function it calls too): its
-- plans are kept for the session, and one made while the statistics said a table was small (a
-- scan of a few rows, or a hash of them) would read the whole table on every pull until the next
-- ANALYZE. Every lookup a pull makes is by its index, from a page's worth of keys at most.
set search_path = public, pg_temp set jit = off set enable_seqscan = off set enable_hashjoin = off
set enable_mergejoin = off as $$
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
      union all select * from daybook_private.pull_comments_keys(me, cur.list_id, cur.c, lim + 1)
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
  ),
  -- the caller's invitations and the live links of the lists they own (pull_shared.sql): each whole
  -- unless the device holds it already, its digest among the cursors
  shared as (
    select daybook_private.pull_shared(p_cursors) as s
  ),
  -- the caller's notifications past their own cursor key (apply_notification.sql)
  notes as (
    select daybook_private.pull_notifications(p_cursors, lim) as s
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
    'comments', (select daybook_private.pull_comments_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'c'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)) || (select s -> 'cursors' from shared)
      || coalesce((select s -> 'cursors' from notes), '{}'),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more) or coalesce((select (s #>> '{notifications,more}')::boolean from notes), false),
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
          + daybook_private.pull_comments_count(me, n.lists, n.afters)
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) || (select s - 'cursors' from shared) || (select s - 'cursors' from notes) into result;
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

