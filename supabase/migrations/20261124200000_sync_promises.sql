-- Sync promises (issue #12 "Never lose an edit", server items; issue #15 item 4; SPEC §12).
-- Earlier migrations are deployed and stay as they are; this one replaces functions (those of
-- 20261122000000_schema.sql: no later migration redefines them).
-- - sync_pull reads rows, refusals and last_mutation_id in one statement (one snapshot).
-- - A replayed mutation id is answered `duplicate` with the first answer (`first_status`, and
--   the `error` of a refusal); `unknown` once the record is pruned.
-- - Refusals are a stream like a list's rows: their position travels in the pull cursors under
--   `refused` (the refused change's mutation id; ids are sequential per client, and one client's
--   pushes are serialised by its sync_clients row, so they also commit in id order). They are kept
--   until the device's cursor has passed them, never dropped by age or count.
-- - sync_mutations keeps what those answers need (supabase/README.md, "What the server keeps").
-- - Three changes a person would not expect to fail are applied (tests/shared/mutation-cases):
--   removing someone already removed, deleting a task its list's delete took (it becomes deleted
--   on its own, so restoring the list leaves it deleted), leaving a list its owner deleted.
-- Runs on hosted Supabase, PostgreSQL 15 and PGlite: no extensions, no session settings.

-- What the server keeps ------------------------------------------------------------------------

-- An applied change's record answers a replay of its id. A device replays only what it has sent
-- and not yet seen acknowledged by a pull, oldest first, so the records of a client's last 1000
-- mutation ids (five full batches) cover every replay an app makes. Older ones go once at least
-- 100 have left that window (a push of one change then pays nothing 99 times in 100), at most
-- 500 per push (each push adds at most 200, so a backlog drains). Refused records are not
-- touched here: they stay until their device acknowledges them (forget_refusals).
-- `applied_from` is where the next prune starts: applied ids below it are gone. Starting there
-- rather than at the client's first id keeps each prune to the rows it removes — otherwise it
-- would step over every row removed before, which stay in the index until a vacuum (PGlite
-- never runs one), making each push slower the longer its client has been in use.
alter table public.sync_clients add column applied_from bigint not null default 0;

-- Removes the applied records in [p_from, p_last - 1000], oldest first, at most 500; returns where
-- the next prune starts. New records always take ids above p_last, so nothing lands below it.
-- sync_push calls it only when at least 100 ids have left the window.
create function daybook_private.prune_applied(p_client_id uuid, p_from bigint, p_last bigint) returns bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  upto bigint := p_last - 1000;
  n int;
  last_gone bigint;
begin
  if upto < p_from then
    return p_from;
  end if;
  with gone as (
    delete from public.sync_mutations
    where client_id = p_client_id and mutation_id in (
      select s.mutation_id from public.sync_mutations s
      where s.client_id = p_client_id and s.status = 'applied' and s.mutation_id between p_from and upto
      order by s.mutation_id limit 500)
    returning mutation_id)
  select count(*), max(mutation_id) into n, last_gone from gone;
  -- fewer than the limit: every applied record up to `upto` is gone
  return case when n < 500 then upto + 1 else last_gone + 1 end;
end $$;

-- A pull that sends cursor `refused: N` has received every refusal up to N: they are forgotten,
-- at most 1000 per pull (the rest at the next one; none is sent again either way, the page
-- starts past N). Only the caller's own rows; rows another pull of this client is deleting are
-- skipped rather than waited for. A read-only call (an RPC made with GET) forgets nothing.
create function daybook_private.forget_refusals(p_client_id uuid, p_upto bigint) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    return;
  end if;
  delete from public.sync_mutations
  where client_id = p_client_id and mutation_id in (
    select s.mutation_id from public.sync_mutations s
    where s.client_id = p_client_id and s.user_id = auth.uid() and s.status = 'refused' and s.mutation_id <= p_upto
    order by s.mutation_id limit 1000 for update skip locked);
end $$;

-- Mutations (only the three changes above differ from 20261122000000_schema.sql) ---------------

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
    update public.tasks set deleted_at = now(), deleted_with_list = true where list_id = lid and deleted_at is null;
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
      update public.tasks set deleted_at = null, deleted_with_list = false where list_id = lid and deleted_with_list;
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
    update public.list_members set deleted_at = now() where list_id = lid and user_id = uid;
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
    insert into public.list_members (list_id, user_id, email, role)
    values (lid, target, target_email, new_role)
    on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null;
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
  r text;
begin
  if p_name = 'task.create' then
    perform daybook_private.require_list(daybook_private.arg_uuid(p_args, 'list_id'), 'editor');
    if exists (select 1 from public.tasks where id = tid) then
      perform daybook_private.refuse('invalid', 'That task id is already in use', 'id');
    end if;
    new_date := daybook_private.check_date(p_args -> 'due_date');
    new_time := daybook_private.check_time(p_args -> 'due_time');
    if new_time is not null and new_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before setting a time', 'due_time');
    end if;
    insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, position, created_by)
    values (tid, (p_args ->> 'list_id')::uuid, daybook_private.check_title(p_args -> 'title'),
      daybook_private.check_notes(p_args -> 'notes'), new_date, new_time,
      daybook_private.check_priority(p_args -> 'priority'), daybook_private.check_position(p_args -> 'position'), uid);
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
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.tasks set
      list_id = new_list,
      title = case when patch ? 'title' then daybook_private.check_title(patch -> 'title') else title end,
      notes = case when patch ? 'notes' then daybook_private.check_notes(patch -> 'notes') else notes end,
      due_date = new_date,
      due_time = new_time,
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
    end if;
  end if;
end $$;

-- The API (create or replace keeps the grants of 20261122000000_schema.sql) --------------------

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
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
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
        err := jsonb_build_object('code', 'invalid', 'message', 'The server could not apply this change: ' || e_msg);
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
  perform daybook_private.send_pokes(p_client_id, touched, locked_at);
  return jsonb_build_object('last_mutation_id', c.last_mutation_id, 'results', results);
end $$;

-- Security invoker: rows come through RLS. Rows, refusals and last_mutation_id are read by ONE
-- statement, hence one snapshot: a push that commits during a pull is in the answer whole (its
-- effects, its refusals and the last_mutation_id that acknowledges them) or not at all. (Reading
-- last_mutation_id in a later statement, as before, could acknowledge a change whose effect or
-- refusal the page did not carry; hosted PostgREST runs functions in READ COMMITTED, where each
-- statement takes a new snapshot.) Returned cursors never pass a row the snapshot could not see.
-- Refusals are a stream: `p_cursors.refused` is the highest refused mutation id this device has
-- received; a page brings the next ones (at most p_limit, besides the rows), and a request that
-- carries the cursor lets the server forget the refusals up to it.
-- p_count: also answer `remaining`, the rows (of every kind; refusals are not rows) that the
-- following pages will bring. Counted only when asked and more rows wait — an index range per
-- list and table, proportional to the backlog — so routine pulls pay nothing.
create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
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
      (select 'l' as kind, l.id as list_id, l.version, l.id as row_id
         from public.lists l where l.id = cur.list_id and l.version > cur.c)
      union all
      (select 'm', m.list_id, m.version, m.user_id from public.list_members m
         where m.list_id = cur.list_id and m.version > cur.c order by m.version limit lim + 1)
      union all
      (select 't', t.list_id, t.version, t.id from public.tasks t
         where t.list_id = cur.list_id and t.version > cur.c order by t.version limit lim + 1)
      union all
      (select 'd', d.list_id, d.version, d.task_id from public.task_departures d
         where d.list_id = cur.list_id and d.version > cur.c order by d.version limit lim + 1)
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
  more as (
    select (select count(*) from page) > lim as rows,
      has_rc and (select count(*) from refused) > lim as refusals
  )
  select jsonb_build_object(
    'lists', coalesce((select jsonb_agg(to_jsonb(l) order by l.version) from kept k
      join public.lists l on l.id = k.row_id where k.kind = 'l'), '[]'),
    'members', coalesce((select jsonb_agg(to_jsonb(m) order by m.list_id, m.version) from kept k
      join public.list_members m on m.list_id = k.list_id and m.user_id = k.row_id where k.kind = 'm'), '[]'),
    -- deleted_with_list only on tombstones: the device's list.restore must revive the same tasks
    'tasks', coalesce((select jsonb_agg(case when t.deleted_at is null then to_jsonb(t) - 'deleted_with_list' else to_jsonb(t) end
        order by t.list_id, t.version) from kept k
      join public.tasks t on t.id = k.row_id where k.kind = 't'), '[]'),
    'departed', coalesce((select jsonb_agg(jsonb_build_object('list_id', d.list_id, 'task_id', d.task_id,
        'version', d.version) order by d.list_id, d.version) from kept k
      join public.task_departures d on d.list_id = k.list_id and d.task_id = k.row_id where k.kind = 'd'), '[]'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', coalesce((select max(mutation_id) from refused_kept), rc)),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's)
    'last_mutation_id', coalesce((select s.last_mutation_id from public.sync_clients s where s.client_id = p_client_id), 0),
    'has_more', (select rows or refusals from more),
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when not (select rows from more) then 0
      else (select coalesce(sum(
          (select count(*) from public.lists l where l.id = nxt.list_id and l.version > nxt.c)
        + (select count(*) from public.list_members m where m.list_id = nxt.list_id and m.version > nxt.c)
        + (select count(*) from public.tasks t where t.list_id = nxt.list_id and t.version > nxt.c)
        + (select count(*) from public.task_departures d where d.list_id = nxt.list_id and d.version > nxt.c)), 0)::bigint
        from nxt) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;

revoke all on function daybook_private.prune_applied(uuid, bigint, bigint) from public, anon, authenticated;
revoke all on function daybook_private.forget_refusals(uuid, bigint) from public, anon;
grant execute on function daybook_private.forget_refusals(uuid, bigint) to authenticated;
