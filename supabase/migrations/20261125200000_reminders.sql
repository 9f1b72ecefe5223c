-- Reminders (SPEC §11.4; issue #14), the synced entity. A reminder is one person's, on one
-- task: it syncs to that person's devices only. Earlier migrations stay as deployed.
-- - public.reminders: primary key (task_id, user_id). offset_minutes null is a cleared reminder,
--   a tombstone that still travels in pull; else minutes before the due time (0, 5, 15, 30, 60,
--   1440). snoozed_until / snoozed_occurrence: a snooze is for one occurrence and ends when that
--   occurrence passes (the schedule reads them; the server only stores them).
-- - list_id is kept equal to the task's list: the version space (take_version_in_list) and the
--   visibility rule. A task's move moves its reminders with new versions in the target list,
--   like its steps; the task's departure from the old list covers them.
-- - Completing or deleting a task changes no reminder: the schedule skips done and deleted tasks.
-- Runs on hosted Supabase, PostgreSQL 15 and PGlite: no extensions, no session settings.

create table public.reminders (
  task_id uuid not null references public.tasks (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- the task's list, kept equal to it (a move moves its reminders): the version space and RLS
  list_id uuid not null references public.lists (id) on delete cascade,
  offset_minutes int,
  snoozed_until timestamptz,
  snoozed_occurrence date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 0,
  primary key (task_id, user_id),
  constraint reminders_offset check (offset_minutes in (0, 5, 15, 30, 60, 1440)),
  constraint reminders_snooze check ((snoozed_until is null) = (snoozed_occurrence is null)),
  constraint reminders_snoozed_occurrence_range check (snoozed_occurrence between date '1900-01-01' and date '2999-12-31')
);
-- pull reads the caller's rows of a list past its cursor
create index reminders_user_list_version on public.reminders (user_id, list_id, version);
create index reminders_user on public.reminders (user_id) where offset_minutes is not null;
create trigger reminders_version before insert or update on public.reminders
  for each row execute function daybook_private.take_version_in_list();

-- One's own reminders, in lists one can see: nobody else's, even on a shared task.
alter table public.reminders enable row level security;
create policy reminders_read on public.reminders for select to authenticated
  using (user_id = auth.uid() and list_id in (select daybook_private.my_list_ids()));
revoke all on public.reminders from public, anon, authenticated;
grant select on public.reminders to authenticated;

-- A task's move carries every member's reminder on it into the target list (new versions there,
-- like its steps: move_task_steps); the task's departure from the old list covers them. A trigger,
-- so apply_task need not be restated: at most one row per member of the list.
create function daybook_private.move_task_reminders() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update public.reminders set list_id = new.list_id where task_id = new.id;
  return null;
end $$;
create trigger tasks_move_reminders after update of list_id on public.tasks
  for each row when (old.list_id is distinct from new.list_id)
  execute function daybook_private.move_task_reminders();

-- An instant argument ('until'): ISO 8601 with a zone (Z or ±HH:MM), its date in 1900–2999.
-- Without a zone the server would read it in its own, which a device cannot know.
create function daybook_private.check_instant(p_value jsonb, p_field text) returns timestamptz
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  v text;
  t timestamptz;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end if;
  v := p_value #>> '{}';
  if v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?(Z|[-+]([01][0-9]|2[0-3]):[0-5][0-9])$' then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end if;
  perform daybook_private.check_day(to_jsonb(left(v, 10)), p_field);
  begin
    t := v::timestamptz;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end;
  return t;
end $$;

-- reminder.set {task_id, offset_minutes} · reminder.clear {task_id} · reminder.snooze {task_id,
-- occurrence, until}. Always the caller's own row: anyone who can see the task may act (viewers
-- too), strangers get `not_found`. set needs a live task with a due date and ends any snooze;
-- clear keeps the row (offset null) so it syncs, and is applied on a deleted task too; snoozing
-- a reminder that is not set (cleared meanwhile on another device) is an applied no-op.
create function daybook_private.apply_reminder(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  t public.tasks;
  rem public.reminders;
  is_set boolean;
  off jsonb;
  occ date;
  until_at timestamptz;
begin
  -- the task's row lock orders this against a move of the task (which moves its reminders)
  select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
  if not found or daybook_private.role_on(t.list_id) is null then
    perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
  end if;
  select * into rem from public.reminders where task_id = t.id and user_id = uid for update;
  is_set := found and rem.offset_minutes is not null;

  if p_name = 'reminder.clear' then
    if is_set then
      update public.reminders set offset_minutes = null, snoozed_until = null, snoozed_occurrence = null
      where task_id = t.id and user_id = uid;
    end if;
    return;
  end if;
  if t.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
  end if;

  if p_name = 'reminder.set' then
    off := p_args -> 'offset_minutes';
    if jsonb_typeof(off) is distinct from 'number' or (off #>> '{}') not in ('0', '5', '15', '30', '60', '1440') then
      perform daybook_private.refuse('invalid', 'Pick one of the reminder times', 'offset_minutes');
    end if;
    if t.due_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before adding a reminder', 'due_date');
    end if;
    insert into public.reminders (task_id, user_id, list_id, offset_minutes)
    values (t.id, uid, t.list_id, (off #>> '{}')::int)
    on conflict (task_id, user_id) do update set offset_minutes = excluded.offset_minutes, list_id = excluded.list_id,
      snoozed_until = null, snoozed_occurrence = null;
  elsif p_name = 'reminder.snooze' then
    occ := daybook_private.check_day(p_args -> 'occurrence', 'occurrence');
    if occ is null then
      perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
    end if;
    until_at := daybook_private.check_instant(p_args -> 'until', 'until');
    if is_set then
      update public.reminders set snoozed_until = until_at, snoozed_occurrence = occ
      where task_id = t.id and user_id = uid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.move_task_reminders(), daybook_private.check_instant(jsonb, text),
  daybook_private.apply_reminder(text, jsonb) from public, anon, authenticated;

-- The API (create or replace keeps the grants of 20261122000000_schema.sql) ------------------

-- sync_push as 20261124400000_planner.sql left it, plus the names reminder.* (to apply_reminder),
-- and the list a reminder change touches (its task's) locked like a task's.
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

-- sync_pull as 20261125100000_refusal_pages.sql left it, plus `reminders`: the caller's own rows
-- (kind 'r' in the page's keys, in the list's version order with the tasks; cleared ones too, so
-- a clear reaches the person's other devices; counted in `remaining`). Another member's reminder
-- takes a version in the list too, which this caller's cursor passes without a row.
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
      (select 'l' as kind, l.id as list_id, l.version, l.id as row_id
         from public.lists l where l.id = cur.list_id and l.version > cur.c)
      union all
      (select 'm', m.list_id, m.version, m.user_id from public.list_members m
         where m.list_id = cur.list_id and m.version > cur.c order by m.version limit lim + 1)
      union all
      (select 't', t.list_id, t.version, t.id from public.tasks t
         where t.list_id = cur.list_id and t.version > cur.c order by t.version limit lim + 1)
      union all
      (select 's', s.list_id, s.version, s.id from public.steps s
         where s.list_id = cur.list_id and s.version > cur.c order by s.version limit lim + 1)
      union all
      (select 'r', r.list_id, r.version, r.task_id from public.reminders r
         where r.user_id = me and r.list_id = cur.list_id and r.version > cur.c order by r.version limit lim + 1)
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
    'lists', coalesce((select jsonb_agg(to_jsonb(l) order by l.version) from kept k
      join public.lists l on l.id = k.row_id where k.kind = 'l'), '[]'),
    'members', coalesce((select jsonb_agg(to_jsonb(m) order by m.list_id, m.version) from kept k
      join public.list_members m on m.list_id = k.list_id and m.user_id = k.row_id where k.kind = 'm'), '[]'),
    -- deleted_with_list only on tombstones: the device's list.restore must revive the same tasks
    'tasks', coalesce((select jsonb_agg(case when t.deleted_at is null then to_jsonb(t) - 'deleted_with_list' else to_jsonb(t) end
        order by t.list_id, t.version) from kept k
      join public.tasks t on t.id = k.row_id where k.kind = 't'), '[]'),
    -- deleted_with_task only on tombstones, likewise for task.restore and list.restore
    'steps', coalesce((select jsonb_agg(case when s.deleted_at is null then to_jsonb(s) - 'deleted_with_task' else to_jsonb(s) end
        order by s.list_id, s.version) from kept k
      join public.steps s on s.id = k.row_id where k.kind = 's'), '[]'),
    -- the caller's own, cleared ones too (offset_minutes null), without the user id (the caller's)
    'reminders', coalesce((select jsonb_agg(to_jsonb(r) - 'user_id' - 'created_at' order by r.list_id, r.version) from kept k
      join public.reminders r on r.task_id = k.row_id and r.user_id = me where k.kind = 'r'), '[]'),
    'departed', coalesce((select jsonb_agg(jsonb_build_object('list_id', d.list_id, 'task_id', d.task_id,
        'version', d.version) order by d.list_id, d.version) from kept k
      join public.task_departures d on d.list_id = k.list_id and d.task_id = k.row_id where k.kind = 'd'), '[]'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged as before (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more),
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when not (select rows from more) then 0
      else (select coalesce(sum(
          (select count(*) from public.lists l where l.id = nxt.list_id and l.version > nxt.c)
        + (select count(*) from public.list_members m where m.list_id = nxt.list_id and m.version > nxt.c)
        + (select count(*) from public.tasks t where t.list_id = nxt.list_id and t.version > nxt.c)
        + (select count(*) from public.steps s where s.list_id = nxt.list_id and s.version > nxt.c)
        + (select count(*) from public.reminders r where r.user_id = me and r.list_id = nxt.list_id and r.version > nxt.c)
        + (select count(*) from public.task_departures d where d.list_id = nxt.list_id and d.version > nxt.c)), 0)::bigint
        from nxt) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;
