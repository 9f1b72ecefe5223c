-- Invitations with consent (SPEC §13.1): member.invite of someone not on the list makes a pending
-- invitation (public.list_invitations) instead of a membership, whether or not the e-mail has an
-- account (no_such_user is retired); invitation.accept, invitation.decline and invitation.cancel
-- are new changes; sync_pull brings each person their invitations.

-- Pending invitations (SPEC §13.1): an invitation is not a membership. It names the list, the
-- invited e-mail (an account may not exist for it yet) and the role; the invitee accepts or
-- declines it, the owner cancels it (or dismisses it once declined). Accepted and cancelled
-- invitations are deleted; a declined one stays for the owner to see until dismissed.
-- Nobody reads this table directly: sync_pull brings each person what they may see of it
-- (my_invitations), so an invitee learns the list's name and colour and nothing else of it.
create table public.list_invitations (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references public.lists (id) on delete cascade,
  email text not null,
  role text not null,
  invited_by uuid not null references auth.users (id) on delete cascade,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 days',
  updated_at timestamptz not null default now(),
  constraint list_invitations_role check (role in ('editor', 'viewer')),
  constraint list_invitations_status check (status in ('pending', 'declined'))
);

create unique index list_invitations_list_email on public.list_invitations (list_id, lower(email));

create index list_invitations_email on public.list_invitations (lower(email)) where status = 'pending';

alter table public.list_invitations enable row level security;

revoke all on public.list_invitations from public, anon, authenticated;

-- The caller's side of invitations, for sync_pull: those addressed to their e-mail and still
-- open (incoming: with the list's name and colour and who invited), and those on lists they own
-- (outgoing: pending ones not expired, and declined ones until dismissed). Whole every pull:
-- a person has few, and a device replaces what it holds with it.
create or replace function daybook_private.my_invitations() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text := lower((select u.email from auth.users u where u.id = auth.uid()));
begin
  return coalesce((select jsonb_agg(x.row order by x.incoming desc, x.created_at) from (
    select true as incoming, i.created_at, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', true, 'list_name', l.name, 'list_color', l.color,
        'invited_by', coalesce(u.email, ''), 'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      left join auth.users u on u.id = i.invited_by
      where lower(i.email) = my_email and i.status = 'pending' and i.expires_at > now()
        and not exists (select 1 from public.list_members m where m.list_id = i.list_id and m.user_id = me and m.deleted_at is null)
    union all
    select false, i.created_at, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', false, 'expires_at', i.expires_at)
      from public.list_members m
      join public.list_invitations i on i.list_id = m.list_id
      where m.user_id = me and m.role = 'owner' and m.deleted_at is null
        and (i.status = 'declined' or i.expires_at > now())
  ) x), '[]'::jsonb);
end $$;

revoke all on function daybook_private.my_invitations() from public, anon;
grant execute on function daybook_private.my_invitations() to authenticated;

-- Invitations (SPEC §13.1): member.invite by e-mail makes one (invite, below); the invitee's
-- invitation.accept and invitation.decline and the owner's invitation.cancel name it by its list
-- and, for cancel, its e-mail, so a device can send them before it has pulled the invitation.

-- A pending invitation of `p_email` to the list, replacing an earlier one of the same address
-- (declined, expired or pending: the new role and a fresh 30 days). Whether the address has an
-- account does not change the answer, so inviting tells nobody who uses Daybook.
-- sync_push's lock on the list's version counter serialises invitations to one list, so the
-- counts hold.
create or replace function daybook_private.invite(p_list uuid, p_email text, p_role text) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if (select count(*) from public.list_members where list_id = p_list and deleted_at is null) >= 50 then
    perform daybook_private.refuse('invalid', 'A list holds at most 50 members', 'email');
  end if;
  if (select count(*) from public.list_invitations where list_id = p_list and status = 'pending' and expires_at > now()
      and lower(email) <> lower(p_email)) >= 100 then
    perform daybook_private.refuse('invalid', 'A list holds at most 100 pending invitations', 'email');
  end if;
  perform daybook_private.count_invitation();
  insert into public.list_invitations (list_id, email, role, invited_by) values (p_list, p_email, p_role, auth.uid())
  on conflict (list_id, lower(email)) do update set email = excluded.email, role = excluded.role, invited_by = excluded.invited_by,
    status = 'pending', created_at = now(), expires_at = now() + interval '30 days', updated_at = now();
end $$;

create or replace function daybook_private.apply_invitation(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid := daybook_private.arg_uuid(p_args, 'list_id');
  me uuid := auth.uid();
  my_email text;
  inv public.list_invitations;
  l public.lists;
  m public.list_members;
begin
  if p_name = 'invitation.cancel' then
    perform daybook_private.require_list(lid, 'owner');
    -- cancelling what is gone (accepted, or cancelled on another device) changes nothing
    delete from public.list_invitations
    where list_id = lid and lower(email) = lower(btrim(daybook_private.arg_text(p_args, 'email', 'Email')));
    return;
  end if;
  select u.email into my_email from auth.users u where u.id = me;
  select * into inv from public.list_invitations i
  where i.list_id = lid and lower(i.email) = lower(my_email) for update;
  if p_name = 'invitation.decline' and found and inv.status = 'declined' then
    return; -- declined on another device already
  end if;
  if not found or inv.status <> 'pending' or inv.expires_at <= now() then
    -- accepted already (on another device, or a retry under a new id): nothing more to do
    if p_name = 'invitation.accept' and daybook_private.role_on(lid) is not null then
      return;
    end if;
    perform daybook_private.refuse('not_found', 'This invitation was cancelled or has expired', 'list_id');
  end if;
  select * into l from public.lists where id = lid;
  if l.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted', 'list_id');
  end if;
  if p_name = 'invitation.decline' then
    update public.list_invitations set status = 'declined', updated_at = now() where id = inv.id;
    return;
  end if;
  -- accept: the invitee is not on the list, so sync_push did not lock its version counter; take
  -- it here before counting, as an invitation by the owner would
  perform 1 from public.sync_spaces where list_id = lid for update;
  select * into m from public.list_members where list_id = lid and user_id = me;
  if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
    perform daybook_private.refuse('rate_limited', 'You left this list — you can join it again after 24 hours', 'list_id');
  end if;
  if (select count(*) from public.list_members where list_id = lid and deleted_at is null) >= 50 then
    perform daybook_private.refuse('invalid', 'A list holds at most 50 members', 'list_id');
  end if;
  insert into public.list_members (list_id, user_id, email, role) values (lid, me, my_email, inv.role)
  on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null, left_at = null;
  delete from public.list_invitations where id = inv.id;
end $$;

revoke all on function daybook_private.invite(uuid, text, text) from public, anon, authenticated;
revoke all on function daybook_private.apply_invitation(text, jsonb) from public, anon;

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
  end if;
  -- (removing someone already removed changes nothing and is applied, like deleting twice: a
  -- second device or a retry under a new id must not report a failure for a removal that holds)
end $$;

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
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
  end case;
end $$;

-- Every list a batch may write to, read before anything is locked: the lists its changes name,
-- and the current lists of the tasks and steps they name (a task's steps and reminders live in
-- its list). Ids that are not uuids are left out; their changes are refused when applied.
-- (PL/pgSQL rather than SQL: its plan is kept for the session instead of made at every push)
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
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'reminder')));
end $$;


-- sync_pull(p_client_id, p_cursors, p_limit, p_count): the API contract is in supabase/README.md.
-- Everything is read in one statement, so in one snapshot (PostgREST runs functions in READ
-- COMMITTED, where each statement takes a new one): rows, refusals and last_mutation_id agree.
-- Each kind of row comes through its table's pull functions (pull_<kind>_keys, _rows, _count,
-- defined beside the table), which are stable SQL and so read in this statement's snapshot.
create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
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
          + daybook_private.pull_departed_count(me, n.lists, n.afters)
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;

revoke all on function public.sync_pull(uuid, jsonb, integer, boolean) from public, anon, service_role;
grant execute on function public.sync_pull(uuid, jsonb, integer, boolean) to authenticated;
