-- sync_push(p_client_id, p_mutations): the API contract is in supabase/README.md. The batch is
-- checked whole, the client's row and the lists it may write are locked in one order, then each
-- change goes to its entity's apply function (push_dispatch.sql), each in its own
-- sub-transaction, unless the whole batch can go set-wise (push_setwise.sql).

-- A malformed batch fails whole (22023 → HTTP 400) before anything is read or written.
create or replace function daybook_private.check_push_batch(p_client_id uuid, p_mutations jsonb) returns void
language plpgsql set search_path = public, pg_temp as $$
declare
  m jsonb;
  prev bigint := null;
begin
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'p_client_id is required';
  end if;
  if jsonb_typeof(p_mutations) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_mutations must be an array';
  end if;
  -- a long backlog may send up to 1,000 changes at once (SPEC §15), within the 1 MiB body limit
  if jsonb_array_length(p_mutations) > 1000 then
    raise exception using errcode = '22023', message = 'At most 1000 mutations per push',
      hint = 'Split the batch';
  end if;
  for m in select value from jsonb_array_elements(p_mutations) loop
    if jsonb_typeof(m) <> 'object' or jsonb_typeof(m -> 'id') is distinct from 'number'
       or (m ->> 'id') !~ '^[0-9]{1,15}$' or (m ->> 'id')::bigint < 1 then
      raise exception using errcode = '22023', message = 'Each mutation needs a positive integer id';
    end if;
    if daybook_private.mutation_kind(m ->> 'name') is null then
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
end $$;

-- The answer to a change sent again (its first answer may have been lost after this server
-- committed): the first answer, so the device learns of a refusal; 'unknown' once the record is
-- pruned, which the pruning rule makes mean "applied, or a refusal this device has already
-- acknowledged".
create or replace function daybook_private.push_duplicate(p_client_id uuid, p_id bigint) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  rec public.sync_mutations;
begin
  select * into rec from public.sync_mutations s where s.client_id = p_client_id and s.mutation_id = p_id;
  return jsonb_build_object('id', p_id, 'status', 'duplicate', 'first_status', coalesce(rec.status, 'unknown'))
    || case when rec.status = 'refused' then jsonb_build_object('error', rec.error) else '{}'::jsonb end;
end $$;

-- One new change, applied in its own sub-transaction and recorded; returns its answer. A refusal
-- (DB001, from daybook_private.refuse) keeps its code, message and field; any other error of the
-- change refuses it as `invalid` with its SQLSTATE only (the database's own words, with table and
-- constraint names, go to the server's log); transient failures abort the whole push so the
-- client retries it unchanged. Like apply_change, it runs with sync_push's rights and search_path.
create or replace function daybook_private.push_change(p_client_id uuid, p_id bigint, p_name text, p_args jsonb)
returns jsonb language plpgsql as $$
declare
  err jsonb;
  e_state text;
  e_msg text;
  e_detail text;
  e_hint text;
begin
  begin
    perform daybook_private.apply_change(p_name, p_args);
  exception when others then
    get stacked diagnostics e_state = returned_sqlstate, e_msg = message_text,
      e_detail = pg_exception_detail, e_hint = pg_exception_hint;
    if daybook_private.is_transient(e_state) then
      raise;
    end if;
    if e_state = 'DB001' then
      err := jsonb_build_object('code', e_msg, 'message', e_detail);
      if e_hint <> '' then
        err := err || jsonb_build_object('field', e_hint);
      end if;
    else
      raise log 'sync_push: change % of client % failed: % (%)', p_id, p_client_id, e_msg, e_state;
      err := jsonb_build_object('code', 'invalid', 'message', 'The server could not apply this change (error ' || e_state || ')');
    end if;
  end;
  insert into public.sync_mutations (client_id, mutation_id, user_id, name, status, error, args)
  values (p_client_id, p_id, auth.uid(), p_name, case when err is null then 'applied' else 'refused' end, err,
    case when err is null then null else p_args end);
  if err is null then
    return jsonb_build_object('id', p_id, 'status', 'applied');
  end if;
  return jsonb_build_object('id', p_id, 'status', 'refused', 'error', err);
end $$;

-- No sequential scans, for every apply it calls too: their plans are kept for the session, and one
-- made while the statistics said a table was small would read the whole table for each change.
-- (Hash joins stay: the set-wise path joins a batch's changes with its rows.)
create or replace function public.sync_push(p_client_id uuid, p_mutations jsonb) returns jsonb
language plpgsql security definer set search_path = public, pg_temp set jit = off set enable_seqscan = off as $$
declare
  uid uuid := auth.uid();
  c public.sync_clients;
  m jsonb;
  -- every list the batch names, and those of them the caller is on, which it locks
  named uuid[];
  touched uuid[];
  -- the locked lists' versions when this push locked them
  locked_at jsonb;
  results jsonb;
  e_state text;
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  perform daybook_private.check_push_batch(p_client_id, p_mutations);

  perform daybook_private.ensure_inbox();
  insert into public.sync_clients (client_id, user_id) values (p_client_id, uid)
  on conflict (client_id) do nothing;
  select * into c from public.sync_clients where client_id = p_client_id for update;
  if c.user_id <> uid then
    raise exception using errcode = '42501', message = 'This client id belongs to another user';
  end if;

  -- Take the version counters of every list this batch touches up front, in one order, so
  -- pushes that touch the same lists queue instead of deadlocking. Their versions tell, after
  -- the changes, which lists this push changed (nobody else can move them meanwhile).
  -- Only lists the caller is a member of: naming a stranger's list (an Inbox id is its owner's
  -- user id) must not make its members wait behind this push. Membership is read before any
  -- lock; a list the caller is not on is refused by its mutation without being written.
  -- (FOR UPDATE cannot sit beside an aggregate, hence the subquery)
  named := daybook_private.push_lists(p_mutations);
  touched := array(select t from unnest(named) t where t in (select daybook_private.my_list_ids()));
  select coalesce(jsonb_object_agg(l.list_id, l.version), '{}'::jsonb) into locked_at
  from (select s.list_id, s.version from public.sync_spaces s
        where s.list_id = any(touched) order by s.list_id for update) l;

  -- Set-wise first: any refusal or error rolls that attempt back whole and the batch goes
  -- change by change, so refusals, their order and their words are the same either way.
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
      if (m ->> 'id')::bigint <= c.last_mutation_id then
        results := results || daybook_private.push_duplicate(p_client_id, (m ->> 'id')::bigint);
      else
        results := results || daybook_private.push_change(p_client_id, (m ->> 'id')::bigint, m ->> 'name', m -> 'args');
        c.last_mutation_id := (m ->> 'id')::bigint;
      end if;
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

revoke all on function daybook_private.check_push_batch(uuid, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.push_duplicate(uuid, bigint) from public, anon, authenticated;
revoke all on function daybook_private.push_change(uuid, bigint, text, jsonb) from public, anon, authenticated;
revoke all on function public.sync_push(uuid, jsonb) from public, anon, service_role;
grant execute on function public.sync_push(uuid, jsonb) to authenticated;
