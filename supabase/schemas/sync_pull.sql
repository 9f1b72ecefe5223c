-- sync_pull(p_client_id, p_cursors, p_limit, p_count): the API contract is in supabase/README.md.
-- Everything is read in one statement, so in one snapshot (PostgREST runs functions in READ
-- COMMITTED, where each statement takes a new one): rows, refusals and last_mutation_id agree.
-- Each kind of row comes through its table's pull functions (pull_<kind>_keys, _rows, _count,
-- defined beside the table), which are stable SQL and so read in this statement's snapshot.

-- A page whose JSON passes p_max_bytes, cut after the rows that fit (in the page's own order: list,
-- then version; at least one row) with has_more: exactly the page a smaller p_limit would have
-- given, so each list's cursor ends at its last row kept and the next page goes on from there.
-- Rows are the array elements that carry a version and their list (`id` for a list's own row);
-- refusals, visible_lists, cursors, invitations and links are sent whole. `remaining` counts the
-- rows cut too. Null when not even one row fits beside them (refusals carry whole changes).
create or replace function daybook_private.pull_page_within(p_page jsonb, p_cursors jsonb, p_max_bytes int)
returns jsonb language plpgsql immutable set search_path = public, pg_temp as $$
declare
  total int := octet_length(p_page::text);
  edge_list uuid;
  edge_version bigint;
  cut bigint;
  fits boolean;
  result jsonb := p_page;
  k text;
begin
  if total <= p_max_bytes then
    return p_page;
  end if;
  with rows as (
    select case when a.key = 'lists' then e.value ->> 'id' else e.value ->> 'list_id' end::uuid as list_id,
      (e.value ->> 'version')::bigint as version, octet_length(e.value::text) + 2 as bytes
    from jsonb_each(p_page) a cross join lateral jsonb_array_elements(case when jsonb_typeof(a.value) = 'array' then a.value else '[]' end) e
    where jsonb_typeof(e.value) = 'object' and e.value ? 'version'
      and (e.value ? 'list_id' or a.key = 'lists')
  ),
  run as (
    select list_id, version, sum(bytes) over (order by list_id, version rows unbounded preceding) as upto,
      row_number() over (order by list_id, version) as n
    from rows
  ),
  budget as (
    select p_max_bytes - (total - coalesce((select sum(bytes) from rows), 0)) as b
  )
  select r.list_id, r.version, (select count(*) from run) - r.n, r.upto <= budget.b into edge_list, edge_version, cut, fits
  from run r, budget
  where r.n = 1 or r.upto <= budget.b
  order by r.n desc limit 1;
  if not coalesce(fits, false) then
    return null;
  end if;
  if cut = 0 then
    return p_page;
  end if;
  for k in select a.key from jsonb_each(p_page) a where jsonb_typeof(a.value) = 'array' loop
    result := jsonb_set(result, array[k], coalesce((
      select jsonb_agg(e.value order by e.ordinality) from jsonb_array_elements(p_page -> k) with ordinality e
      where not (jsonb_typeof(e.value) = 'object' and e.value ? 'version' and (e.value ? 'list_id' or k = 'lists'))
        or (case when k = 'lists' then e.value ->> 'id' else e.value ->> 'list_id' end::uuid, (e.value ->> 'version')::bigint)
          <= (edge_list, edge_version)), '[]'));
  end loop;
  -- lists past the edge keep the cursor they were asked with; the edge's list ends at its last row kept
  result := jsonb_set(result, '{cursors}', (result -> 'cursors') || coalesce((
    select jsonb_object_agg(v.id, case when v.id::uuid = edge_list then edge_version
      when jsonb_typeof(p_cursors -> v.id) = 'number' then floor((p_cursors ->> v.id)::numeric)::bigint else 0 end)
    from jsonb_array_elements_text(p_page -> 'visible_lists') v(id) where v.id::uuid >= edge_list), '{}'));
  result := jsonb_set(result, '{has_more}', 'true');
  if jsonb_typeof(result -> 'remaining') = 'number' then
    result := jsonb_set(result, '{remaining}', to_jsonb((result ->> 'remaining')::bigint + cut));
  end if;
  return result;
end $$;
revoke all on function daybook_private.pull_page_within(jsonb, jsonb, int) from public, anon;
grant execute on function daybook_private.pull_page_within(jsonb, jsonb, int) to authenticated;

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
      union all select * from daybook_private.pull_member_sets_keys(me, cur.list_id, cur.c, lim + 1)
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
    'member_sets', (select daybook_private.pull_member_sets_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'e'),
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
          + daybook_private.pull_member_sets_count(me, n.lists, n.afters)
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

revoke all on function public.sync_pull(uuid, jsonb, integer, boolean) from public, anon, service_role;
grant execute on function public.sync_pull(uuid, jsonb, integer, boolean) to authenticated;
