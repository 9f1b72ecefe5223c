-- Read marks and list levels as changes, and a person's notifications in the pull under their own
-- cursor key. Redefines mutation_kind, apply_change and sync_pull with their notification lines.

-- A person's notifications on their devices (SPEC §17): read marks and per-list levels as changes,
-- and the pull of their rows under their own cursor key `notifications`.

-- notification.read {ids} · notification.read_all {before} · list.notify {list_id, level}. Each
-- touches only the caller's rows; a read mark takes a new version from the caller's counter, so
-- it reaches their other devices by the pull. Ids that are not theirs, gone or already read are
-- passed over (the change stays true whatever came first).
create or replace function daybook_private.apply_notification(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  ids uuid[];
  lid uuid;
  lvl text;
  before timestamptz;
  first_v bigint;
begin
  if p_name = 'list.notify' then
    lid := daybook_private.arg_uuid(p_args, 'list_id');
    if daybook_private.role_on(lid) is null then
      perform daybook_private.refuse('not_found', 'That list no longer exists', 'list_id');
    end if;
    lvl := case when jsonb_typeof(p_args -> 'level') = 'string' then p_args ->> 'level' end;
    if lvl is null or lvl not in ('all', 'mine', 'off') then
      perform daybook_private.refuse('invalid', 'Notifications must be All, Only mine or Off', 'level');
    end if;
    insert into public.list_notify as n (list_id, user_id, level) values (lid, me, lvl)
    on conflict (list_id, user_id) do update set level = excluded.level, updated_at = now();
    -- a new head version: the pull sends the levels again
    perform daybook_private.take_notification_version(me);
    return;
  end if;
  if p_name = 'notification.read' then
    if jsonb_typeof(p_args -> 'ids') is distinct from 'array' or jsonb_array_length(p_args -> 'ids') > 1000 then
      perform daybook_private.refuse('invalid', 'ids must be a list of at most 1,000 notification ids', 'ids');
    end if;
    select array_agg(n.id order by n.id) into ids from public.notifications n
    where n.recipient = me and n.read_at is null
      and n.id = any (array(select daybook_private.try_uuid(e) from jsonb_array_elements_text(p_args -> 'ids') e));
  else
    begin
      before := (p_args ->> 'before')::timestamptz;
    exception when others then
      before := null;
    end;
    if before is null then
      perform daybook_private.refuse('invalid', 'before must be a time', 'before');
    end if;
    select array_agg(n.id order by n.id) into ids from public.notifications n
    where n.recipient = me and n.read_at is null and n.at <= before;
  end if;
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  insert into daybook_private.notification_heads as h (user_id, version) values (me, cardinality(ids))
  on conflict (user_id) do update set version = h.version + cardinality(ids)
  returning h.version - cardinality(ids) + 1 into first_v;
  update public.notifications x set read_at = now(), version = first_v + o.rn - 1
  from unnest(ids) with ordinality o(id, rn) where x.id = o.id;
end $$;

revoke all on function daybook_private.apply_notification(text, jsonb) from public, anon, authenticated;

-- {notifications: {rows, levels}, cursors: {notifications}} for sync_pull to merge into its page,
-- only when the request names the key (a device from before notifications gets none). Rows past
-- the cursor in counter order, a page's worth; the levels whole whenever anything of the person's
-- moved. The counter's head, read in the same snapshot, is where the stream is complete up to:
-- a version is taken under the head row's lock, so every version at or below it is committed.
-- An object, not an array, so the page's byte cut (pull_page_within) leaves it whole.
create or replace function daybook_private.pull_notifications(p_cursors jsonb, p_limit int) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  c bigint;
  head bigint;
  rows jsonb;
  top bigint;
  more boolean;
begin
  if not coalesce(jsonb_typeof(p_cursors -> 'notifications') = 'number', false) then
    return '{}'::jsonb;
  end if;
  c := greatest(floor((p_cursors ->> 'notifications')::numeric), 0)::bigint;
  head := coalesce((select h.version from daybook_private.notification_heads h where h.user_id = me), 0);
  if head <= c then
    return jsonb_build_object('cursors', jsonb_build_object('notifications', c));
  end if;
  with page as (
    select n.* from public.notifications n where n.recipient = me and n.version > c order by n.version limit p_limit + 1
  ), kept as (
    select * from page order by version limit p_limit
  )
  select coalesce(jsonb_agg(to_jsonb(k) - 'recipient' order by k.version), '[]'), max(k.version), (select count(*) from page) > p_limit
  into rows, top, more from kept k;
  return jsonb_build_object(
    'notifications', jsonb_build_object('rows', rows, 'more', more,
      'levels', (select coalesce(jsonb_agg(jsonb_build_object('list_id', l.list_id, 'level', l.level) order by l.list_id), '[]')
        from public.list_notify l where l.user_id = me)),
    'cursors', jsonb_build_object('notifications', case when more then top else head end));
end $$;

revoke all on function daybook_private.pull_notifications(jsonb, int) from public, anon;
grant execute on function daybook_private.pull_notifications(jsonb, int) to authenticated;

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
    when p_name in ('notification.read', 'notification.read_all', 'list.notify') then 'notification'
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
    when 'notification' then perform daybook_private.apply_notification(p_name, p_args);
  end case;
end $$;

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
