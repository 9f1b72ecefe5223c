-- Web Push for reminders (SPEC §11.4; issue #14), the server's path. Earlier migrations stay as
-- deployed. Runs on hosted Supabase, PostgreSQL 15 and PGlite: no extensions, no session settings.
-- - public.push_subscriptions: one row per device that allowed notifications while signed in,
--   with the zone and "Remind at" it reported (a reminder fires in the device's own zone). The
--   device writes it only through push_subscribe / push_unsubscribe; it reads its own rows.
-- - daybook_private.push_sent: which reminder (task, occurrence, fire time) went to which
--   subscription. A claim inserts here before the send, in the same statement that finds the
--   reminder due, so each goes at most once per device whatever the senders (a restart, two
--   servers, overlapping Edge Function runs); a send that fails for a passing reason releases its
--   claim and the next minute tries again. A snooze or a changed offset is a new fire time: sent again.
-- - fire times follow src/lib/reminders/schedule.ts: the occurrence (the task's due date) at its
--   due time or at remind_at, as a wall-clock time in the subscription's zone, minus the offset;
--   "1 day before" is the same wall time the day before; a wall time in a spring-forward gap moves
--   forward by the gap, one that happens twice is the first; a snooze for the current occurrence
--   replaces the fire time; done and deleted tasks, undated tasks and cleared reminders never fire.

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  time_zone text not null,
  remind_at time not null default '09:00',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_user on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;
create policy push_subscriptions_read on public.push_subscriptions for select to authenticated
  using (user_id = auth.uid());
revoke all on public.push_subscriptions from public, anon, authenticated;
grant select on public.push_subscriptions to authenticated;

create table daybook_private.push_sent (
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  task_id uuid not null references public.tasks (id) on delete cascade,
  occurrence date not null,
  fire_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (subscription_id, task_id, occurrence, fire_at)
);
create index push_sent_fire_at on daybook_private.push_sent (fire_at);
create index push_sent_task on daybook_private.push_sent (task_id);
revoke all on daybook_private.push_sent from public, anon, authenticated;

-- The due query starts from the few open tasks dated around the minute, or the few snoozes
-- ending in it, never from every reminder.
create index tasks_due_open on public.tasks (due_date) where not done and deleted_at is null;
create index reminders_snoozed_until on public.reminders (snoozed_until) where snoozed_until is not null;

-- The instant a wall-clock date and time has in a zone (occurrenceAt in src/lib/recurrence/zone.ts):
-- of the offsets a day either side, the earliest reading that gives that wall time back; in a
-- gap, the wall time read with the offset before it (PostgreSQL's own reading there too).
create function daybook_private.zoned_instant(p_date date, p_time time, p_zone text) returns timestamptz
language sql stable set search_path = pg_catalog, pg_temp as $$
  select coalesce(
    (select min(w.wall - o.off) from (values (b.off), (a.off)) as o (off)
      where ((w.wall - o.off) at time zone p_zone) - ((w.wall - o.off) at time zone 'UTC') = o.off),
    w.wall - b.off)
  from (select (p_date + p_time) at time zone 'UTC' as wall) as w
  cross join lateral (select ((w.wall - interval '1 day') at time zone p_zone) - ((w.wall - interval '1 day') at time zone 'UTC') as off) as b
  cross join lateral (select ((w.wall + interval '1 day') at time zone p_zone) - ((w.wall + interval '1 day') at time zone 'UTC') as off) as a
$$;

-- Reminders due in (p_since, p_now] on each subscription and not yet sent to it, with what the
-- notification says. Only fire times after the subscription was made: a device that subscribes
-- now is not sent the past. The tasks' UTC dates ±2 days cover every zone and "1 day before".
create type daybook_private.due_push as (
  subscription_id uuid, endpoint text, p256dh text, auth text, user_id uuid, time_zone text,
  task_id uuid, occurrence date, fire_at timestamptz, title text, due_time text, list_name text,
  -- the date at p_now in the subscription's zone ("Today" / "Tomorrow" in the body)
  today date,
  -- set when the fire time is a snooze's end: the device's shown record keys on it
  snoozed_until timestamptz
);

create function daybook_private.due_pushes(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push
language sql stable security definer set search_path = public, pg_temp as $$
  with cand as (
    select r.task_id, r.user_id, r.offset_minutes, r.snoozed_until, r.snoozed_occurrence,
      t.due_date, t.due_time, t.title, t.list_id
    from public.tasks t join public.reminders r on r.task_id = t.id
    where t.due_date between (p_since at time zone 'UTC')::date - 2 and (p_now at time zone 'UTC')::date + 2
      and not t.done and t.deleted_at is null and r.offset_minutes is not null
    union
    select r.task_id, r.user_id, r.offset_minutes, r.snoozed_until, r.snoozed_occurrence,
      t.due_date, t.due_time, t.title, t.list_id
    from public.reminders r join public.tasks t on t.id = r.task_id
    where r.snoozed_until > p_since and r.snoozed_until <= p_now and r.snoozed_occurrence = t.due_date
      and not t.done and t.deleted_at is null and r.offset_minutes is not null
  ),
  timed as (
    select s.id as subscription_id, s.endpoint, s.p256dh, s.auth, s.user_id, s.time_zone, s.created_at,
      c.task_id, c.due_date as occurrence, c.title, c.due_time, c.list_id, c.snoozed_until as snooze,
      case
        when c.snoozed_occurrence = c.due_date and c.snoozed_until is not null then c.snoozed_until
        when c.offset_minutes = 1440 then daybook_private.zoned_instant(c.due_date - 1, coalesce(c.due_time::time, s.remind_at), s.time_zone)
        else daybook_private.zoned_instant(c.due_date, coalesce(c.due_time::time, s.remind_at), s.time_zone)
          - make_interval(mins => c.offset_minutes)
      end as fire_at,
      c.snoozed_occurrence = c.due_date and c.snoozed_until is not null as snoozed
    from cand c join public.push_subscriptions s on s.user_id = c.user_id
    -- the owner must still see the list (RLS's rule for reading one's reminders)
    where exists (select 1 from public.list_members m
      where m.list_id = c.list_id and m.user_id = c.user_id and m.deleted_at is null)
  )
  select d.subscription_id, d.endpoint, d.p256dh, d.auth, d.user_id, d.time_zone,
    d.task_id, d.occurrence, d.fire_at, d.title, d.due_time, l.name,
    (p_now at time zone d.time_zone)::date, case when d.snoozed then d.snooze end
  from timed d join public.lists l on l.id = d.list_id
  where d.fire_at > p_since and d.fire_at <= p_now and d.fire_at >= d.created_at
    and not exists (select 1 from daybook_private.push_sent p
      where p.subscription_id = d.subscription_id and p.task_id = d.task_id
        and p.occurrence = d.occurrence and p.fire_at = d.fire_at)
  order by d.fire_at, d.subscription_id, d.task_id
$$;

-- Claims what due_pushes finds (one statement: a reminder another sender claimed meanwhile is
-- skipped by the primary key) and forgets claims two days old, past any catch-up window.
create function daybook_private.claim_due_pushes(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  delete from daybook_private.push_sent where fire_at < p_now - interval '2 days';
  return query
    with due as (select * from daybook_private.due_pushes(p_since, p_now)),
    claimed as (
      insert into daybook_private.push_sent (subscription_id, task_id, occurrence, fire_at)
      select d.subscription_id, d.task_id, d.occurrence, d.fire_at from due d
      on conflict do nothing
      returning push_sent.subscription_id as s, push_sent.task_id as t, push_sent.occurrence as o, push_sent.fire_at as f
    )
    select d.* from due d join claimed c on c.s = d.subscription_id and c.t = d.task_id and c.o = d.occurrence and c.f = d.fire_at
    order by d.fire_at, d.subscription_id, d.task_id;
end $$;

-- A send that failed for a passing reason (the push service's 5xx or 429, the network): the
-- claim goes, so the next minute's claim (while the fire time is inside its window) tries again.
create function daybook_private.release_push(p_subscription uuid, p_task uuid, p_occurrence date, p_fire_at timestamptz)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from daybook_private.push_sent
  where subscription_id = p_subscription and task_id = p_task and occurrence = p_occurrence and fire_at = p_fire_at
$$;

-- The push service answered 404 or 410: that subscription is gone for good.
create function daybook_private.drop_push_subscription(p_subscription uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from public.push_subscriptions where id = p_subscription
$$;

revoke all on type daybook_private.due_push from public;
revoke all on function daybook_private.zoned_instant(date, time, text), daybook_private.due_pushes(timestamptz, timestamptz),
  daybook_private.claim_due_pushes(timestamptz, timestamptz), daybook_private.release_push(uuid, uuid, date, timestamptz),
  daybook_private.drop_push_subscription(uuid) from public, anon, authenticated;

-- The hosted sender (supabase/functions/send-reminders) reaches these through PostgREST, which
-- serves only public: thin wrappers, for service_role alone.
create function public.push_claim_due(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push language sql volatile security definer set search_path = public, pg_temp as $$
  select * from daybook_private.claim_due_pushes(p_since, p_now)
$$;
create function public.push_release(p_subscription uuid, p_task uuid, p_occurrence date, p_fire_at timestamptz)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.release_push(p_subscription, p_task, p_occurrence, p_fire_at)
$$;
create function public.push_drop_subscription(p_subscription uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.drop_push_subscription(p_subscription)
$$;
revoke all on function public.push_claim_due(timestamptz, timestamptz), public.push_release(uuid, uuid, date, timestamptz),
  public.push_drop_subscription(uuid) from public, anon, authenticated;
grant execute on function public.push_claim_due(timestamptz, timestamptz), public.push_release(uuid, uuid, date, timestamptz),
  public.push_drop_subscription(uuid) to service_role;

-- The device's own subscription: made or refreshed when it signs in with notifications allowed
-- (and when its zone or "Remind at" changes), dropped when it signs out. An endpoint another
-- account held on this device moves to the caller, without what was sent to the other.
create function public.push_subscribe(p_endpoint text, p_p256dh text, p_auth text, p_time_zone text, p_remind_at text)
returns void language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    perform daybook_private.refuse('forbidden', 'Sign in to get reminders on this device');
  end if;
  if p_endpoint is null or char_length(p_endpoint) > 2048
     or not (p_endpoint ~ '^https://[^/\s]+/' or p_endpoint ~ '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?/') then
    perform daybook_private.refuse('invalid', 'The push endpoint must be an https URL', 'endpoint');
  end if;
  if p_p256dh is null or p_p256dh !~ '^[A-Za-z0-9_-]{87}=?$' then
    perform daybook_private.refuse('invalid', 'The p256dh key must be a P-256 public key in base64url', 'p256dh');
  end if;
  if p_auth is null or p_auth !~ '^[A-Za-z0-9_-]{22}(==)?$' then
    perform daybook_private.refuse('invalid', 'The auth secret must be 16 bytes in base64url', 'auth');
  end if;
  if p_remind_at is null or p_remind_at !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    perform daybook_private.refuse('invalid', 'Remind at must be a time HH:MM', 'remind_at');
  end if;
  if p_time_zone is null or char_length(p_time_zone) > 64 then
    perform daybook_private.refuse('invalid', 'The time zone must be an IANA zone name', 'time_zone');
  end if;
  begin
    perform now() at time zone p_time_zone;
  exception when invalid_parameter_value then
    perform daybook_private.refuse('invalid', format('Unknown time zone: %s', p_time_zone), 'time_zone');
  end;
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id <> v_user;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at)
  values (v_user, p_endpoint, p_p256dh, p_auth, p_time_zone, p_remind_at::time)
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, time_zone = excluded.time_zone,
        remind_at = excluded.remind_at, updated_at = now();
  -- at most 20 devices a person: the least recently refreshed go
  delete from public.push_subscriptions where id in (
    select id from public.push_subscriptions where user_id = v_user order by updated_at desc, id offset 20);
end $$;

create function public.push_unsubscribe(p_endpoint text)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id = auth.uid()
$$;
revoke all on function public.push_subscribe(text, text, text, text, text), public.push_unsubscribe(text) from public, anon;
grant execute on function public.push_subscribe(text, text, text, text, text), public.push_unsubscribe(text) to authenticated;
