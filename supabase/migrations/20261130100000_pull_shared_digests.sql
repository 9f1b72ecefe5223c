-- A pull sends invitations and share links only when the device does not hold them already: each
-- set's digest travels among the cursors (pull_shared), and my_invitations keeps one order.

create or replace function daybook_private.my_invitations() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text := lower((select u.email from auth.users u where u.id = auth.uid()));
begin
  -- in one order always (ids break ties): sync_pull sends the set again whenever its text changes
  return coalesce((select jsonb_agg(x.row order by x.incoming desc, x.created_at, x.id) from (
    select true as incoming, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', true, 'list_name', l.name, 'list_color', l.color,
        'invited_by', coalesce(u.email, ''), 'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      left join auth.users u on u.id = i.invited_by
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

revoke all on function daybook_private.my_invitations() from public, anon;
grant execute on function daybook_private.my_invitations() to authenticated;

-- 52 bits of the md5 of the value's text, plus one (never 0, which stands for "none held"): an
-- integer a JSON number carries exactly to JavaScript and back. md5 is core PostgreSQL (no pgcrypto).
create or replace function daybook_private.pull_digest(p_value jsonb) returns bigint
language sql immutable set search_path = public, pg_temp as $$
  select ('x' || substr(md5(p_value::text), 1, 13))::bit(52)::bigint + 1
$$;
revoke all on function daybook_private.pull_digest(jsonb) from public, anon;
grant execute on function daybook_private.pull_digest(jsonb) to authenticated;

-- {cursors: {invitations?, links?}, invitations?, links?} for sync_pull to merge into its page.
-- Stable, so its queries read in the snapshot of the pull's statement that calls it.
create or replace function daybook_private.pull_shared(p_cursors jsonb) returns jsonb
language plpgsql stable set search_path = public, pg_temp as $$
declare
  k text;
  val jsonb;
  digest bigint;
  sent jsonb := '{}'::jsonb;
  digests jsonb := '{}'::jsonb;
begin
  foreach k in array array['invitations', 'links'] loop
    val := case k when 'invitations' then daybook_private.my_invitations() else daybook_private.my_links() end;
    if coalesce(jsonb_typeof(p_cursors -> k) = 'number', false) then
      digest := daybook_private.pull_digest(val);
      digests := digests || jsonb_build_object(k, digest);
      continue when (p_cursors ->> k)::numeric = digest;
    end if;
    sent := sent || jsonb_build_object(k, val);
  end loop;
  return sent || jsonb_build_object('cursors', digests);
end $$;
revoke all on function daybook_private.pull_shared(jsonb) from public, anon;
grant execute on function daybook_private.pull_shared(jsonb) to authenticated;

create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
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
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)) || (select s -> 'cursors' from shared),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more),
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
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) || (select s - 'cursors' from shared) into result;
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
