-- Notifications by Web Push (SPEC §17): the sender's claims beside the reminders' (same run, same
-- subscriptions, same lease rules; supabase/functions/_shared/notification-push-sender.ts). Each
-- subscription keeps a cursor over its person's notification counter (notification_heads): a push
-- carries the unread notifications above it, grouped ("Ana commented on Buy milk and 2 more"), and
-- once the push service took it the cursor moves to the head the claim read. The counter, not the
-- time, because a version at or below the head read in a snapshot is committed (notifications.sql),
-- so a notification committed late is never passed over. At most one push a minute per
-- subscription (a person's device): one per calendar minute and never two within 55 s; a
-- notification made within the minute waits for the next one, grouped with whatever else came.
create table daybook_private.notification_pushes (
  subscription_id uuid primary key references public.push_subscriptions (id) on delete cascade,
  -- the person's counter up to which this device has been pushed
  pushed_version bigint not null default 0,
  -- under a claim: the head it read, and until when the claim holds (a sender that dies leaves it
  -- to lapse, and the notifications go again)
  claimed_version bigint,
  lease_until timestamptz,
  -- not claimed again before this: one push a minute
  next_at timestamptz
);

revoke all on daybook_private.notification_pushes from public, anon, authenticated;

-- One claimed push: the subscription, the head it goes up to, how many notifications it stands
-- for, and the newest one's words (its payload then) in the person's language.
create type daybook_private.notification_push as (
  subscription_id uuid, endpoint text, p256dh text, auth text, user_id uuid, language text,
  version bigint, count int,
  kind text, actor_name text, title text, list_name text,
  -- the newest's task; `one_task` when every notification of the push is about that one task
  task_id uuid, one_task boolean,
  -- the push's notifications, newest first, at most 20: opening the task marks them read
  ids uuid[]
);

-- At most p_limit subscriptions of the people whose ids are in [p_from, p_to] with unread
-- notifications made since p_since (and since the device subscribed) above their cursor, each
-- claimed for p_lease_seconds and not claimed again before the next minute. A notification is
-- pushed only while it would be made now: its list's level (`off`: none; `mine`: no comments or
-- joins) and the person still a member; the actor is never notified (notify() makes none).
create function daybook_private.claim_notification_pushes(p_since timestamptz, p_now timestamptz, p_limit int, p_lease_seconds int,
  p_from uuid default '00000000-0000-0000-0000-000000000000', p_to uuid default 'ffffffff-ffff-ffff-ffff-ffffffffffff')
returns setof daybook_private.notification_push
language plpgsql volatile security definer set search_path = public, pg_temp
-- the session keeps the statement's plan: each device's notifications by index, whatever the statistics said
set jit = off set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 500 then
    raise exception using errcode = '22023', message = 'p_limit must be 1…500';
  end if;
  if p_lease_seconds is null or p_lease_seconds < 10 or p_lease_seconds > 3600 then
    raise exception using errcode = '22023', message = 'p_lease_seconds must be 10…3600';
  end if;
  return query
    with subs as materialized (
      select s.id, s.user_id, s.endpoint, s.p256dh, s.auth, greatest(s.created_at, p_since) as after,
        coalesce(c.pushed_version, 0) as pushed, h.version as head
      from public.push_subscriptions s
      join daybook_private.notification_heads h on h.user_id = s.user_id
      left join daybook_private.notification_pushes c on c.subscription_id = s.id
      where s.user_id between p_from and p_to
        and h.version > coalesce(c.pushed_version, 0)
        and (c.next_at is null or c.next_at <= p_now)
        and (c.lease_until is null or c.lease_until <= p_now)
    ),
    -- each device's unread notifications above its cursor (by the person's unread index)
    grouped as materialized (
      select s.*, g.total, g.newest, g.one_task, g.ids
      from subs s cross join lateral (
        select count(*)::int as total, max(n.version) as newest,
          count(distinct n.task_id) = 1 and count(n.task_id) = count(*) as one_task,
          (array_agg(n.id order by n.version desc))[1:20] as ids
        from public.notifications n
        where n.recipient = s.user_id and n.read_at is null
          and n.at > s.after and n.version > s.pushed and n.version <= s.head
          and (n.list_id is null or (
            exists (select 1 from public.list_members m where m.list_id = n.list_id and m.user_id = n.recipient and m.deleted_at is null)
            and not exists (select 1 from public.list_notify l where l.list_id = n.list_id and l.user_id = n.recipient
              and (l.level = 'off' or (l.level = 'mine' and n.kind in ('comment', 'joined'))))))
      ) g
      where g.total > 0
      order by s.id
      limit p_limit
    ),
    claimed as (
      insert into daybook_private.notification_pushes as c (subscription_id, claimed_version, lease_until, next_at)
      -- the next minute's tick, and never sooner than 55 s (a tick that ran late, or again at once
      -- after running out of time, must not push twice within the minute; 5 s is the ticks' jitter)
      select g.id, g.head, p_now + make_interval(secs => p_lease_seconds),
        greatest(date_trunc('minute', p_now) + interval '1 minute', p_now + interval '55 seconds')
      from grouped g
      on conflict (subscription_id) do update
        set claimed_version = excluded.claimed_version, lease_until = excluded.lease_until, next_at = excluded.next_at
        where (c.lease_until is null or c.lease_until <= p_now) and (c.next_at is null or c.next_at <= p_now)
      returning c.subscription_id
    )
    select g.id, g.endpoint, g.p256dh, g.auth, g.user_id, daybook_private.person_language(g.user_id),
      g.head, g.total, f.kind, f.payload ->> 'actor_name', f.payload ->> 'title', f.payload ->> 'list_name',
      f.task_id, g.one_task, g.ids
    from grouped g
    join claimed k on k.subscription_id = g.id
    cross join lateral (select n.kind, n.task_id, n.payload from public.notifications n where n.recipient = g.user_id and n.version = g.newest) f
    order by g.id;
end $$;

-- The push service took these (p_items: [{ subscription_id, version }]), or refused them for good:
-- the cursor moves to the claimed head, and the claim ends unless another sender's replaced it.
create function daybook_private.mark_notification_pushes_sent(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  update daybook_private.notification_pushes c
  set pushed_version = greatest(c.pushed_version, i.version),
    claimed_version = case when c.claimed_version = i.version then null else c.claimed_version end,
    lease_until = case when c.claimed_version = i.version then null else c.lease_until end
  from jsonb_to_recordset(p_items) as i (subscription_id uuid, version bigint)
  where c.subscription_id = i.subscription_id
$$;

-- A passing failure (429, 5xx, a timeout, the network): the claim ends, and the next minute
-- pushes the same notifications (with any that came since).
create function daybook_private.release_notification_pushes(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  update daybook_private.notification_pushes c set claimed_version = null, lease_until = null
  from jsonb_to_recordset(p_items) as i (subscription_id uuid, version bigint)
  where c.subscription_id = i.subscription_id and c.claimed_version = i.version
$$;

-- The hosted sender (supabase/functions/send-reminders) reaches these through PostgREST: thin
-- wrappers, for service_role alone.
create function public.push_claim_notifications(p_since timestamptz, p_now timestamptz, p_limit int, p_lease_seconds int,
  p_from uuid default '00000000-0000-0000-0000-000000000000', p_to uuid default 'ffffffff-ffff-ffff-ffff-ffffffffffff')
returns setof daybook_private.notification_push language sql volatile security definer set search_path = public, pg_temp as $$
  select * from daybook_private.claim_notification_pushes(p_since, p_now, p_limit, p_lease_seconds, p_from, p_to)
$$;

create function public.push_mark_notifications_sent(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.mark_notification_pushes_sent(p_items)
$$;

create function public.push_release_notifications(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.release_notification_pushes(p_items)
$$;

revoke all on type daybook_private.notification_push from public;
revoke all on function daybook_private.claim_notification_pushes(timestamptz, timestamptz, int, int, uuid, uuid),
  daybook_private.mark_notification_pushes_sent(jsonb), daybook_private.release_notification_pushes(jsonb)
  from public, anon, authenticated;
revoke all on function public.push_claim_notifications(timestamptz, timestamptz, int, int, uuid, uuid),
  public.push_mark_notifications_sent(jsonb), public.push_release_notifications(jsonb) from public, anon, authenticated;
grant execute on function public.push_claim_notifications(timestamptz, timestamptz, int, int, uuid, uuid),
  public.push_mark_notifications_sent(jsonb), public.push_release_notifications(jsonb) to service_role;
