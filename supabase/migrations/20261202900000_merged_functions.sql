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

