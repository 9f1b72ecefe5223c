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
  first_v := daybook_private.take_notification_versions(me, cardinality(ids));
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
