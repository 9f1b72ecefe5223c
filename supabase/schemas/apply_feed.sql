-- Calendar feeds (SPEC §19): feed.create and feed.revoke (the owner's changes, made offline and
-- sent through sync_push like share links), and calendar_feed, which answers a token's holder
-- (the stand-in's GET /calendar/<token>.ics and the calendar-feed Edge Function) with no session.

-- A feed's options: the maker's IANA time zone and language, both optional, nothing else.
create or replace function daybook_private.check_feed_options(p_value jsonb) returns jsonb
language plpgsql stable as $$
declare
  tz text := p_value ->> 'time_zone';
begin
  if jsonb_typeof(p_value) is distinct from 'object' or length(p_value::text) > 500
     or exists (select 1 from jsonb_object_keys(p_value) k where k not in ('time_zone', 'language'))
     or (p_value ? 'time_zone' and (jsonb_typeof(p_value -> 'time_zone') <> 'string' or tz !~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'))
     or (p_value ? 'language' and (jsonb_typeof(p_value -> 'language') <> 'string' or (p_value ->> 'language') !~ '^[a-z]{2}(-[A-Z]{2})?$')) then
    perform daybook_private.refuse('invalid', 'That calendar feed can’t be saved', 'options');
  end if;
  if tz is not null then
    begin
      perform now() at time zone tz;
    exception when others then
      perform daybook_private.refuse('invalid', 'Unknown time zone ' || tz, 'options');
    end;
  end if;
  return p_value;
end $$;

-- feed.create {id, kind, target_id?, name, token_hash, options} · feed.revoke {id}. Always the
-- caller's own feed. A list feed needs the caller on the list; a label or filter feed, their own
-- live label or filter. At most 10 live feeds a person, counted under the caller's Inbox counter
-- lock (push_lists takes it for every feed change). Revoking one that is gone changes nothing.
create or replace function daybook_private.apply_feed(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  fid uuid := daybook_private.arg_uuid(p_args, 'id');
  f public.calendar_feeds;
  k text := p_args ->> 'kind';
  target uuid;
  hash text := p_args ->> 'token_hash';
  t text;
begin
  if p_name = 'feed.revoke' then
    update public.calendar_feeds set revoked_at = now() where id = fid and user_id = uid and revoked_at is null;
    return;
  end if;
  perform daybook_private.version_base(uid);
  if jsonb_typeof(p_args -> 'kind') is distinct from 'string' or k not in ('all', 'list', 'label', 'filter') then
    perform daybook_private.refuse('invalid', 'A feed is of all tasks, a list, a label or a filter', 'kind');
  end if;
  if k <> 'all' then
    target := daybook_private.arg_uuid(p_args, 'target_id');
    if (k = 'list' and daybook_private.role_on(target) is null)
       or (k = 'label' and not exists (select 1 from public.labels where id = target and user_id = uid and deleted_at is null))
       or (k = 'filter' and not exists (select 1 from public.filters where id = target and user_id = uid and deleted_at is null)) then
      perform daybook_private.refuse('not_found', 'That ' || k || ' no longer exists', 'target_id');
    end if;
  end if;
  if jsonb_typeof(p_args -> 'name') is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Feed name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_args ->> 'name');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Feed name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Feed name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 80 then
    perform daybook_private.refuse('invalid', 'Feed name must be at most 80 characters', 'name');
  end if;
  if jsonb_typeof(p_args -> 'token_hash') is distinct from 'string' or hash !~ '^[0-9a-f]{64}$' then
    perform daybook_private.refuse('invalid', 'The feed''s token is missing', 'token_hash');
  end if;
  select * into f from public.calendar_feeds where id = fid;
  if found then
    if f.user_id = uid and f.token_hash = hash then
      return; -- the same feed sent again
    end if;
    perform daybook_private.refuse('invalid', 'That feed id is already in use', 'id');
  end if;
  if (select count(*) from public.calendar_feeds where user_id = uid and revoked_at is null) >= 10 then
    perform daybook_private.refuse('invalid', 'You can have at most 10 calendar feeds — revoke one first', 'id');
  end if;
  if exists (select 1 from public.calendar_feeds where token_hash = hash) then
    perform daybook_private.refuse('invalid', 'That feed''s token is already in use', 'token_hash');
  end if;
  insert into public.calendar_feeds (id, user_id, kind, target_id, name, token_hash, options)
  values (fid, uid, k, target, t, hash, daybook_private.check_feed_options(coalesce(p_args -> 'options', '{}'::jsonb)));
end $$;

-- Does a task meet a saved filter's query (SPEC §14.2), as src/domain/filter-predicate.ts decides
-- on the device? The feed runs it on the server, on the tasks the feed already keeps (open ones:
-- a filter of done tasks gives an empty feed). Words match case-insensitively, as lower() has it.
create or replace function daybook_private.feed_filter_match(q jsonb, t public.tasks, p_me uuid, p_today date)
returns boolean language sql stable set search_path = public, pg_temp as $$
  select coalesce(q ->> 'status', 'open') <> 'done'
    and (jsonb_typeof(q -> 'lists') is distinct from 'array' or jsonb_array_length(q -> 'lists') = 0 or q -> 'lists' ? t.list_id::text)
    and (jsonb_typeof(q -> 'priority_at_least') is distinct from 'number' or t.priority >= (q ->> 'priority_at_least')::numeric)
    and case
      when q ->> 'due' = 'overdue' then t.due_date < p_today
      when q ->> 'due' = 'today' then t.due_date = p_today
      when q ->> 'due' = 'next7' then t.due_date between p_today and p_today + 6
      when q ->> 'due' = 'none' then t.due_date is null
      when jsonb_typeof(q -> 'due') = 'object' and q -> 'due' ->> 'from' ~ '^\d{4}-\d{2}-\d{2}$' and q -> 'due' ->> 'to' ~ '^\d{4}-\d{2}-\d{2}$'
        then t.due_date between (q -> 'due' ->> 'from')::date and (q -> 'due' ->> 'to')::date
      else true end
    and (jsonb_typeof(q -> 'deadline_within') is distinct from 'number' or t.deadline <= p_today + (q ->> 'deadline_within')::numeric::int)
    and case q ->> 'assignee' when 'me' then t.assignee is not distinct from p_me when 'nobody' then t.assignee is null
      when 'anyone' then t.assignee is not null else true end
    and (jsonb_typeof(q -> 'labels') is distinct from 'array' or jsonb_array_length(q -> 'labels') = 0 or exists (
      select 1 from public.task_labels tl join public.labels b on b.id = tl.label_id and b.deleted_at is null
      where tl.task_id = t.id and tl.user_id = p_me and tl.deleted_at is null and q -> 'labels' ? tl.label_id::text))
    and (jsonb_typeof(q -> 'words') is distinct from 'string' or not exists (
      select 1 from regexp_split_to_table(lower(q ->> 'words'), '\s+') w
      where w <> '' and strpos(lower(t.title), w) = 0 and strpos(lower(t.notes), w) = 0))
$$;

-- What a feed's token (its SHA-256, hex) fetches, for anyone holding it, signed in or not:
--   {status: 'not_found'} — no such feed, or revoked;
--   {status: 'rate_limited', retry_after} — the feed's 61st request this hour (seconds to wait);
--   {status: 'not_modified', etag} — p_etag is still the feed's;
--   {status: 'ok', etag, feed: {id, name, kind, options}, events: [...]}.
-- The events are the tasks its owner can see now (membership read at each fetch, so a list they
-- left is gone at the next one): open, with a due date or a deadline, in the feed's list, label or
-- filter, nearest to today first, at most 5,000. The etag is the owner's lists' version counters
-- (which every change to a task, reminder, label or filter in them moves) and today's date in the
-- feed's zone, so an unchanged feed answers 304 without reading a task.
create or replace function public.calendar_feed(p_token_hash text, p_etag text default null) returns json
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  f public.calendar_feeds;
  hit daybook_private.calendar_feed_use;
  today date;
  tag text;
  -- the person's language now (SPEC §20), else the one the feed was made in
  lang text;
  q jsonb;
  -- a task's duration (SPEC §18) where the tasks table has one; 30 minutes is the writer's default
  has_duration boolean;
begin
  select * into f from public.calendar_feeds where token_hash = p_token_hash and revoked_at is null;
  if not found then
    return json_build_object('status', 'not_found');
  end if;
  insert into daybook_private.calendar_feed_use as u (feed_id, window_start, hits) values (f.id, now(), 1)
  on conflict (feed_id) do update set
    window_start = case when u.window_start <= now() - interval '1 hour' then now() else u.window_start end,
    hits = case when u.window_start <= now() - interval '1 hour' then 1 else u.hits + 1 end
  returning * into hit;
  if hit.hits > 60 then
    return json_build_object('status', 'rate_limited',
      'retry_after', greatest(1, ceil(extract(epoch from hit.window_start + interval '1 hour' - now())))::int);
  end if;
  today := (now() at time zone coalesce(f.options ->> 'time_zone', 'UTC'))::date;
  select coalesce(p.language, f.options ->> 'language') into lang from (select 1) one
    left join public.profiles p on p.user_id = f.user_id;
  select md5(f.id::text || today::text || coalesce(lang, '') || coalesce(string_agg(s.list_id::text || ':' || s.version, ',' order by s.list_id), ''))
    into tag
  from public.list_members m join public.sync_spaces s on s.list_id = m.list_id
  where m.user_id = f.user_id and m.deleted_at is null;
  if p_etag = tag then
    return json_build_object('status', 'not_modified', 'etag', tag);
  end if;
  if f.kind = 'filter' then
    select query into q from public.filters where id = f.target_id and user_id = f.user_id and deleted_at is null;
  end if;
  has_duration := exists (select 1 from pg_attribute
    where attrelid = 'public.tasks'::regclass and attname = 'duration_min' and not attisdropped);
  -- json, not jsonb: built once and sent as it is, 5,000 rows at most
  return json_build_object('status', 'ok', 'etag', tag,
    'feed', json_build_object('id', f.id, 'name', f.name, 'kind', f.kind, 'options', f.options || case when lang is null then '{}'::jsonb else jsonb_build_object('language', lang) end),
    'events', (select coalesce(json_agg(json_build_object('id', e.id, 'title', e.title, 'notes', e.notes,
        'due_date', e.due_date, 'due_time', e.due_time, 'repeat', e.repeat, 'repeat_anchor', e.repeat_anchor,
        'deadline', e.deadline, 'duration_min', case when has_duration then to_jsonb(e) -> 'duration_min' end,
        'updated_at', e.updated_at, 'reminder', r.offset_minutes)
        order by e.distance, e.id), '[]'::json)
      from (
        select t.*, abs(coalesce(t.due_date, t.deadline) - today) as distance
        from public.tasks t
        where t.list_id in (select m.list_id from public.list_members m where m.user_id = f.user_id and m.deleted_at is null)
          and not t.done and t.deleted_at is null and (t.due_date is not null or t.deadline is not null)
          and (f.kind <> 'list' or t.list_id = f.target_id)
          and (f.kind <> 'label' or exists (
            select 1 from public.task_labels tl join public.labels b on b.id = tl.label_id and b.deleted_at is null
            where tl.task_id = t.id and tl.user_id = f.user_id and tl.label_id = f.target_id and tl.deleted_at is null))
          and (f.kind <> 'filter' or (q is not null and daybook_private.feed_filter_match(q, t, f.user_id, today)))
        order by abs(coalesce(t.due_date, t.deadline) - today), t.id
        limit 5000
      ) e
      left join public.reminders r on r.task_id = e.id and r.user_id = f.user_id));
end $$;

revoke all on function daybook_private.check_feed_options(jsonb) from public, anon;
revoke all on function daybook_private.apply_feed(text, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.feed_filter_match(jsonb, public.tasks, uuid, date) from public, anon, authenticated;
revoke all on function public.calendar_feed(text, text) from public;
grant execute on function public.calendar_feed(text, text) to anon, authenticated, service_role;
