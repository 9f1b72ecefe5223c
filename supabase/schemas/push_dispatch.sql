-- How sync_push finds its way to each entity. Adding an entity: its own schema file with its
-- apply function, then here its names (mutation_kind), its call (apply_change) and the lists its
-- changes write to (push_lists).

-- The entity a mutation name belongs to, or null for a name sync_push does not know (the whole
-- batch is then refused as malformed). No SET clause, so it is inlined where it is called.
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

-- Applies one change through its entity's apply function; a refusal raises (DB001). Called only
-- from sync_push (security definer, search_path set), whose rights and search_path it keeps: no
-- SET clause of its own, which would cost a configuration save and restore per change.
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

-- Every list a batch may write to, read before anything is locked: the lists its changes name,
-- and the current lists of the tasks and steps they name (a task's steps and reminders live in
-- its list). Ids that are not uuids are left out; their changes are refused when applied.
-- (PL/pgSQL rather than SQL: its plans are kept for the session instead of made at every push.
-- The ids are gathered into variables first and looked up with `= any(variable)`, an index probe
-- each whatever the statistics say: as `in (subquery)` or `= any(array(subquery))` in a `union`,
-- a plan made while a table looked small read all of it for every push.)
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

revoke all on function daybook_private.mutation_kind(text) from public, anon, authenticated;
revoke all on function daybook_private.apply_change(text, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.push_lists(jsonb) from public, anon, authenticated;
