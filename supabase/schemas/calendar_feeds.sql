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
