-- A calendar feed's words follow the person's language (SPEC §20), and choosing one changes its ETag.

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

