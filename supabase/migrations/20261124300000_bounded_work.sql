-- Bounded work (issue #15; SPEC §12 "Work per request is bounded", "Invitations").
-- Earlier migrations stay as deployed; this one replaces apply_list, apply_member and sync_push
-- (as 20261124200000_sync_promises.sql left them) and changes only what is said here.
-- - Deleting or restoring a list takes its tasks' versions in one move (take_versions,
--   20261124110000_version_blocks.sql): time linear in its tasks instead of quadratic.
-- - sync_push locks only lists the caller is a member of, read before any lock, in one order;
--   a stranger's batch naming someone's list no longer makes its members wait.
-- - At most 100 invitations an hour per inviter, then `rate_limited`; someone who left a list
--   is not invited back to it for 24 hours (`rate_limited`).
-- - A change that fails for a reason of the database's own (not a refusal of ours) is refused
--   with its SQLSTATE only; the message, with its table and constraint names, goes to the log.

alter table public.list_members add column left_at timestamptz;

create table daybook_private.invitations (
  inviter uuid not null,
  at timestamptz not null default now()
);
create index invitations_inviter_at on daybook_private.invitations (inviter, at);

-- Counts one invitation by the caller, refusing the 101st within an hour. The caller's older
-- records go as it counts, so the table holds at most an hour of each inviter.
create function daybook_private.count_invitation() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  delete from daybook_private.invitations where inviter = auth.uid() and at <= now() - interval '1 hour';
  if (select count(*) from daybook_private.invitations where inviter = auth.uid()) >= 100 then
    perform daybook_private.refuse('rate_limited', 'Too many invitations — try again later', 'email');
  end if;
  insert into daybook_private.invitations (inviter) values (auth.uid());
end $$;

-- A list's live tasks tombstoned with it, their versions taken in one move.
create function daybook_private.tombstone_list_tasks(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.tasks where list_id = p_list and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.tasks t set deleted_at = now(), deleted_with_list = true, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.tasks where list_id = p_list and deleted_at is null) x
  where t.id = x.id;
end $$;

-- The tasks a list's delete took, brought back with it, their versions taken in one move.
create function daybook_private.revive_list_tasks(p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.tasks where list_id = p_list and deleted_with_list);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.tasks t set deleted_at = null, deleted_with_list = false, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.tasks where list_id = p_list and deleted_with_list) x
  where t.id = x.id;
end $$;

revoke all on function daybook_private.count_invitation(), daybook_private.tombstone_list_tasks(uuid),
  daybook_private.revive_list_tasks(uuid) from public, anon, authenticated;
revoke all on daybook_private.invitations from public, anon, authenticated;

create or replace function daybook_private.apply_list(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  lid uuid := daybook_private.arg_uuid(p_args, case when p_name = 'list.leave' then 'list_id' else 'id' end);
  patch jsonb;
  l public.lists;
  r text;
begin
  if p_name = 'list.create' then
    if exists (select 1 from public.lists where id = lid) or exists (select 1 from auth.users where id = lid) then
      perform daybook_private.refuse('invalid', 'That list id is already in use', 'id');
    end if;
    insert into public.lists (id, owner_id, name, color, position)
    values (lid, uid, daybook_private.check_list_name(p_args -> 'name'),
      daybook_private.check_color(p_args -> 'color'), daybook_private.check_position(p_args -> 'position'));
    insert into public.list_members (list_id, user_id, email, role)
    values (lid, uid, coalesce((select email from auth.users where id = uid), ''), 'owner');
  elsif p_name = 'list.update' then
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    l := daybook_private.require_list(lid, 'owner');
    update public.lists set
      name = case when patch ? 'name' then daybook_private.check_list_name(patch -> 'name') else name end,
      color = case when patch ? 'color' then daybook_private.check_color(patch -> 'color') else color end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end
    where id = lid;
  elsif p_name = 'list.delete' then
    select * into l from public.lists where id = lid;
    if found and l.deleted_at is not null and daybook_private.role_on(lid) = 'owner' then
      return; -- deleting twice is harmless: deletes win
    end if;
    l := daybook_private.require_list(lid, 'owner');
    if l.is_inbox then
      perform daybook_private.refuse('invalid', 'The Inbox can''t be deleted');
    end if;
    update public.lists set deleted_at = now() where id = lid;
    perform daybook_private.tombstone_list_tasks(lid);
  elsif p_name = 'list.restore' then
    select * into l from public.lists where id = lid;
    r := daybook_private.role_on(lid);
    if not found or r is null then
      perform daybook_private.refuse('not_found', 'This list was deleted or unshared', 'id');
    end if;
    if r <> 'owner' then
      perform daybook_private.refuse('forbidden', 'Only the list''s owner can do that');
    end if;
    if l.deleted_at is not null then
      update public.lists set deleted_at = null where id = lid;
      perform daybook_private.revive_list_tasks(lid);
    end if;
  elsif p_name = 'list.leave' then
    -- Not require_list: a list its owner deleted can be left too (refusing it as `deleted`
    -- told the person their change failed, yet what they wanted, not to see it, holds either way).
    select * into l from public.lists where id = lid;
    if l.id is null or daybook_private.role_on(lid) is null then
      perform daybook_private.refuse('not_found', 'This list was deleted or unshared', 'list_id');
    end if;
    if l.is_inbox then
      perform daybook_private.refuse('invalid', 'The Inbox can''t be left');
    end if;
    if daybook_private.role_on(lid) = 'owner' then
      perform daybook_private.refuse('invalid', 'The owner can''t leave the list');
    end if;
    update public.list_members set deleted_at = now(), left_at = now() where list_id = lid and user_id = uid;
  end if;
end $$;

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
    select id, email into target, target_email from auth.users where lower(email) = lower(target_email) limit 1;
    if target is null then
      perform daybook_private.refuse('no_such_user', 'No Daybook account uses that e-mail', 'email');
    end if;
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
    perform daybook_private.count_invitation();
    insert into public.list_members (list_id, user_id, email, role)
    values (lid, target, target_email, new_role)
    on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null, left_at = null;
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
  results jsonb := '[]'::jsonb;
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
        'list.restore', 'task.create', 'task.update', 'task.delete', 'task.restore', 'member.invite',
        'member.set_role', 'member.remove', 'list.leave') then
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
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' not like 'task.%'
    union
    select daybook_private.try_uuid(x.value -> 'args' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.create'
    union
    select daybook_private.try_uuid(x.value -> 'args' -> 'patch' ->> 'list_id')
      from jsonb_array_elements(p_mutations) x where x.value ->> 'name' = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.value -> 'args' ->> 'id')
        from jsonb_array_elements(p_mutations) x where x.value ->> 'name' like 'task.%'));
  -- Only lists the caller is a member of: naming a stranger's list (an Inbox id is its owner's
  -- user id) must not make its members wait behind this push. Membership is read before any
  -- lock; a list the caller is not on is refused by its mutation without being written.
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
  named := touched;
  touched := array(select t from unnest(named) t where t in (select daybook_private.my_list_ids()));
  select coalesce(jsonb_object_agg(l.list_id, l.version), '{}'::jsonb) into locked_at
  from (select s.list_id, s.version from public.sync_spaces s
        where s.list_id = any(touched) order by s.list_id for update) l;

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
      elsif mname like 'member.%' then
        perform daybook_private.apply_member(mname, m -> 'args');
      else
        perform daybook_private.apply_list(mname, m -> 'args');
      end if;
    exception when others then
      get stacked diagnostics e_state = returned_sqlstate, e_msg = message_text,
        e_detail = pg_exception_detail, e_hint = pg_exception_hint;
      -- transient failures abort the whole push so the client retries it unchanged
      if e_state in ('40001', '40P01', '55P03', '57014', '53200', '53300') then
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
