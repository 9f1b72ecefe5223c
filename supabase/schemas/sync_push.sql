-- sync_push as 20261125200000_reminders.sql left it, trying the batch set-wise first.
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
  results jsonb;
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

  -- Set-wise first (#16): a batch of new task creations and plain edits is applied a statement
  -- per run of one kind (daybook_private.push_tasks_setwise). Any refusal, or any error, rolls
  -- that attempt back whole and the batch goes change by change below, each in its own
  -- sub-transaction as before, so refusals, their order and their words do not change.
  results := null;
  begin
    results := daybook_private.push_tasks_setwise(p_client_id, p_mutations, c.last_mutation_id);
  exception when others then
    get stacked diagnostics e_state = returned_sqlstate;
    if daybook_private.is_transient(e_state) then
      raise;
    end if;
    results := null;
  end;
  if results is not null then
    c.last_mutation_id := (p_mutations -> -1 ->> 'id')::bigint;
  else
    results := '[]'::jsonb;
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
        if daybook_private.is_transient(e_state) then
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
  end if;

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

revoke all on function public.sync_push(uuid, jsonb) from public, anon, service_role;
grant execute on function public.sync_push(uuid, jsonb) to authenticated;
