-- Every count limit holds on every path into a live record (SPEC §15).
-- step.restore counted nothing: 100 steps made and deleted, 100 more made, the first 100
-- restored left 200 live steps on a task. A step coming back now counts like a new one, under
-- the task's row lock as step.create.
-- push_subscribe counted, then trimmed to 10, with nothing making two subscribes of one account
-- take turns: two at once on two connections (two server processes) each saw 9 besides its own
-- row and kept 11. Each account's subscribing now takes a transaction-scoped advisory lock.
-- member.invite had no limit: SPEC §13's 50 members a list (the owner among them) now holds for
-- someone new and for someone removed earlier.

create or replace function daybook_private.apply_step(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  sid uuid := daybook_private.arg_uuid(p_args, 'id');
  s public.steps;
  t public.tasks;
  patch jsonb;
  r text;
  new_title text;
  new_position text;
begin
  if p_name = 'step.create' then
    -- the task's row lock serialises creates and restores of its steps, so the count below holds
    select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
    r := case when found then daybook_private.role_on(t.list_id) end;
    if r is null then
      perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
    end if;
    if r = 'viewer' then
      perform daybook_private.refuse('forbidden', 'You can only view this list');
    end if;
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
    end if;
    if exists (select 1 from public.steps where id = sid) then
      perform daybook_private.refuse('invalid', 'That step id is already in use', 'id');
    end if;
    new_title := daybook_private.check_step_title(p_args -> 'title');
    new_position := daybook_private.check_position(p_args -> 'position');
    if (select count(*) from public.steps where task_id = t.id and deleted_at is null) >= 100 then
      perform daybook_private.refuse('invalid', 'A task holds at most 100 steps', 'task_id');
    end if;
    insert into public.steps (id, task_id, list_id, title, position) values (sid, t.id, t.list_id, new_title, new_position);
    return;
  end if;

  select * into s from public.steps where id = sid for update;
  if found then
    select * into t from public.tasks where id = s.task_id;
  end if;
  r := case when t.id is not null then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This step was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'step.update' then
    if s.deleted_at is not null or t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This step was deleted on another device');
    end if;
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.steps set
      title = case when patch ? 'title' then daybook_private.check_step_title(patch -> 'title') else title end,
      done = case when patch ? 'done' then (patch ->> 'done')::boolean else done end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end
    where id = sid;
  elsif p_name = 'step.delete' then
    if s.deleted_at is null then
      update public.steps set deleted_at = now(), deleted_with_task = false where id = sid;
    elsif s.deleted_with_task then
      -- deleted with its task, and now on its own: restoring the task must not bring it back
      update public.steps set deleted_with_task = false where id = sid;
    end if;
  elsif p_name = 'step.restore' then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'Its task was deleted', 'task_id');
    end if;
    if s.deleted_at is not null then
      -- a step coming back counts like a new one (SPEC §15: every path into a live record); the
      -- task's row lock serialises it with creates on the task, as in step.create
      perform 1 from public.tasks where id = t.id for update;
      if (select count(*) from public.steps where task_id = t.id and deleted_at is null) >= 100 then
        perform daybook_private.refuse('invalid', 'A task holds at most 100 steps', 'task_id');
      end if;
      update public.steps set deleted_at = null, deleted_with_task = false where id = sid;
    end if;
  end if;
end $$;

create or replace function public.push_subscribe(p_endpoint text, p_p256dh text, p_auth text, p_time_zone text, p_remind_at text)
returns void language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  v_user uuid := auth.uid();
  v_problem text;
  v_key bytea;
begin
  if v_user is null then
    perform daybook_private.refuse('forbidden', 'Sign in to get reminders on this device');
  end if;
  v_problem := daybook_private.push_endpoint_problem(p_endpoint);
  if v_problem is not null then
    perform daybook_private.refuse('invalid', v_problem, 'endpoint');
  end if;
  v_key := daybook_private.base64url_bytes(p_p256dh);
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    perform daybook_private.refuse('invalid', 'The p256dh key must be an uncompressed P-256 public key in base64url', 'p256dh');
  end if;
  if length(daybook_private.base64url_bytes(p_auth)) is distinct from 16 then
    perform daybook_private.refuse('invalid', 'The auth secret must be 16 bytes in base64url', 'auth');
  end if;
  if p_remind_at is null or p_remind_at !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    perform daybook_private.refuse('invalid', 'Remind at must be a time HH:MM', 'remind_at');
  end if;
  if p_time_zone is null or char_length(p_time_zone) > 64 then
    perform daybook_private.refuse('invalid', 'The time zone must be an IANA zone name', 'time_zone');
  end if;
  begin
    perform now() at time zone p_time_zone;
  exception when invalid_parameter_value then
    perform daybook_private.refuse('invalid', format('Unknown time zone: %s', p_time_zone), 'time_zone');
  end;
  -- each account's subscribing takes turns on a transaction-scoped advisory lock of its own: two
  -- devices subscribing at once (two server processes) would otherwise each count the other's
  -- row as not there yet, and keep 11
  perform pg_advisory_xact_lock(hashtext('daybook_private.push_subscriptions'), hashtext(v_user::text));
  -- the same device (same keys) signed in to another account moves; anyone else who learnt the
  -- endpoint cannot take it (and silence that device)
  if exists (select 1 from public.push_subscriptions
      where endpoint = p_endpoint and user_id <> v_user and (p256dh <> p_p256dh or auth <> p_auth)) then
    perform daybook_private.refuse('forbidden', 'This push endpoint belongs to another account', 'endpoint');
  end if;
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id <> v_user;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at)
  values (v_user, p_endpoint, p_p256dh, p_auth, p_time_zone, p_remind_at::time)
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, time_zone = excluded.time_zone,
        remind_at = excluded.remind_at, updated_at = now();
  -- at most 10 devices a person: the least recently refreshed go
  delete from public.push_subscriptions where id in (
    select id from public.push_subscriptions where user_id = v_user order by updated_at desc, created_at desc, id offset 10);
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
    -- SPEC §13: at most 50 members a list, the owner among them; someone removed earlier counts
    -- as new (a role change of a current member adds no one). sync_push's lock on the list's
    -- version counter serialises invitations to one list, so the count holds.
    if (m.user_id is null or m.deleted_at is not null)
       and (select count(*) from public.list_members where list_id = lid and deleted_at is null) >= 50 then
      perform daybook_private.refuse('invalid', 'A list holds at most 50 members', 'email');
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
