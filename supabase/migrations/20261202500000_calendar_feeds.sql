-- Calendar feeds (SPEC §19): a person's feeds, feed.create and feed.revoke through sync_push, the
-- live feeds in every pull (pull_shared), and calendar_feed for the token's holder.

-- Calendar feeds (SPEC §19): a person's subscribable iCalendar address for all their tasks, one
-- list, one label or one filter. Like a share link, the device that makes a feed makes its token
-- (at least 256 random bits) and sends only its SHA-256, so nothing here lets a reader of this
-- table fetch a feed. Personal like labels and filters: seen by their owner only. A feed is never
-- edited, only revoked, so a device holds the live ones whole (my_feeds, through pull_shared).
create table public.calendar_feeds (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null,
  target_id uuid,
  name text not null,
  token_hash text not null,
  -- what the device knew when it made the feed: its person's time zone and language
  options jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint calendar_feeds_kind check (kind in ('all', 'list', 'label', 'filter')),
  constraint calendar_feeds_target check ((kind = 'all') = (target_id is null)),
  constraint calendar_feeds_name_len check (char_length(name) between 1 and 80),
  constraint calendar_feeds_token_hash check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint calendar_feeds_options check (jsonb_typeof(options) = 'object')
);

create unique index calendar_feeds_token_hash on public.calendar_feeds (token_hash);

create index calendar_feeds_user on public.calendar_feeds (user_id);

alter table public.calendar_feeds enable row level security;

revoke all on public.calendar_feeds from public, anon, authenticated;
grant select on public.calendar_feeds to authenticated;

create policy calendar_feeds_read on public.calendar_feeds for select to authenticated
  using (user_id = auth.uid());

-- Each feed's requests in the current hour (SPEC §19: at most 60): a window that starts at the
-- first request after the last one ended. Kept apart from the feed, so counting a fetch never
-- changes what a device is sent of it.
create table daybook_private.calendar_feed_use (
  feed_id uuid primary key references public.calendar_feeds (id) on delete cascade,
  window_start timestamptz not null,
  hits int not null
);

revoke all on daybook_private.calendar_feed_use from public, anon, authenticated;

-- The caller's live feeds, for sync_pull: whole when the device does not hold them already
-- (pull_shared.sql), like share links; at most 10 a person.
create or replace function daybook_private.my_feeds() returns jsonb
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'kind', f.kind, 'target_id', f.target_id, 'name', f.name,
      'options', f.options, 'created_at', f.created_at) order by f.created_at, f.id), '[]'::jsonb)
  from public.calendar_feeds f
  where f.user_id = auth.uid() and f.revoked_at is null
$$;

revoke all on function daybook_private.my_feeds() from public, anon;
grant execute on function daybook_private.my_feeds() to authenticated;

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
  select md5(f.id::text || today::text || coalesce(string_agg(s.list_id::text || ':' || s.version, ',' order by s.list_id), ''))
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
    'feed', json_build_object('id', f.id, 'name', f.name, 'kind', f.kind, 'options', f.options),
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

-- the new entity's names, call and lock in sync_push's dispatch

-- How sync_push finds its way to each entity. Adding an entity: its own schema file with its
-- apply function, then here its names (mutation_kind), its call (apply_change) and the lists its
-- changes write to (push_lists).

-- The entity a mutation name belongs to, or null for a name sync_push does not know (the whole
-- batch is then refused as malformed). No SET clause, so it is inlined where it is called.
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
    when p_name in ('feed.create', 'feed.revoke') then 'feed'
  end
$$;

-- Applies one change through its entity's apply function; a refusal raises (DB001). Called only
-- from sync_push (security definer, search_path set), whose rights and search_path it keeps: no
-- SET clause of its own, which would cost a configuration save and restore per change.
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
    when 'feed' then perform daybook_private.apply_feed(p_name, p_args);
  end case;
end $$;

-- Every list a batch may write to, read before anything is locked: the lists its changes name,
-- and the current lists of the tasks and steps they name (a task's steps and reminders live in
-- its list). Ids that are not uuids are left out; their changes are refused when applied.
-- (PL/pgSQL rather than SQL: its plans are kept for the session instead of made at every push.
-- The ids are gathered into variables first and looked up with `= any(variable)`, an index probe
-- each whatever the statistics say: as `in (subquery)` or `= any(array(subquery))` in a `union`,
-- a plan made while a table looked small read all of it for every push.)
create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  named uuid[];
  task_ids uuid[];
  step_ids uuid[];
  mine boolean;
begin
  with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select
    coalesce(array_agg(case
      when x.kind in ('list', 'member', 'invitation', 'link') then daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id'))
      when x.name = 'task.create' then daybook_private.try_uuid(x.args ->> 'list_id')
      else daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') end)
      filter (where x.kind in ('list', 'member', 'invitation', 'link') or x.name in ('task.create', 'task.update')), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(case when x.kind = 'task' then x.args ->> 'id' else x.args ->> 'task_id' end))
      filter (where x.kind in ('task', 'reminder', 'task_label') or x.name = 'step.create'), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(x.args ->> 'id')) filter (where x.kind = 'step'), '{}'),
    -- a person's labels and filters live in their Inbox's space, whose id is theirs (and their
    -- feeds are counted under its lock)
    coalesce(bool_or(x.kind in ('label', 'filter', 'feed')), false)
  into named, task_ids, step_ids, mine
  from x;
  -- (each lookup apart, then made distinct: under a `union` the planner may prefer reading a whole
  -- index in list order to probing the ids and sorting what it found)
  return array(select distinct u from unnest(named
    || array(select t.list_id from public.tasks t where t.id = any(task_ids))
    || array(select s.list_id from public.steps s where s.id = any(step_ids))
    || case when mine then array[auth.uid()] else '{}'::uuid[] end) u);
end $$;

revoke all on function daybook_private.mutation_kind(text) from public, anon, authenticated;
revoke all on function daybook_private.apply_change(text, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.push_lists(jsonb) from public, anon, authenticated;

-- the live feeds in every pull

-- A pull's invitations and share links (my_invitations, my_links), sent only when the device does
-- not hold them already. Each set has a digest among the cursors (`invitations`, `links`): a
-- request that names the key (0 when the device holds no set it can vouch for) is answered with
-- the set's digest there, and with the set itself only when that digest differs from the one
-- sent. A request without the key (a device from before digests) gets the set whole, no digest.
-- The digest is of exactly what would be sent, so any change to what the person may see of either
-- set (an invitation made, answered, cancelled or expired; a member removed; a link made, revoked
-- or expired; a list renamed or deleted) is a new digest, with nothing to keep in step.

-- 52 bits of the md5 of the value's text, plus one (never 0, which stands for "none held"): an
-- integer a JSON number carries exactly to JavaScript and back. md5 is core PostgreSQL (no pgcrypto).
create or replace function daybook_private.pull_digest(p_value jsonb) returns bigint
language sql immutable set search_path = public, pg_temp as $$
  select ('x' || substr(md5(p_value::text), 1, 13))::bit(52)::bigint + 1
$$;
revoke all on function daybook_private.pull_digest(jsonb) from public, anon;
grant execute on function daybook_private.pull_digest(jsonb) to authenticated;

-- {cursors: {invitations?, links?, feeds?}, invitations?, links?, feeds?} for sync_pull to merge into its page.
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
  foreach k in array array['invitations', 'links', 'feeds'] loop
    val := case k when 'invitations' then daybook_private.my_invitations() when 'links' then daybook_private.my_links()
      else daybook_private.my_feeds() end;
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
