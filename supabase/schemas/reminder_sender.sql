-- The reminder sender's functions (supabase/functions/_shared/push-sender.ts: the local server
-- calls the private ones, the send-reminders Edge Function the public ones as service_role).
-- zoned_instant is one expression so PostgreSQL can inline it into due_pushes (a SET clause or a
-- sub-select would make it a separate call per candidate reminder). Same rule as occurrenceAt
-- in src/domain/recurrence/zone.ts: PostgreSQL's own reading of a wall time already moves a time in
-- a spring-forward gap on by the gap; of a time that happens twice it takes the later, so the
-- earlier reading — the wall time with the offset in force a day before — is taken when it
-- gives the same wall time back.
-- No SET clause (it would stop inlining): the function names only pg_catalog's operators and runs
-- with its callers' search_path (public, pg_temp in the security definer ones).
create or replace function daybook_private.zoned_instant(p_date date, p_time time, p_zone text) returns timestamptz
language sql stable as $$
  select case
    when (((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC') < ((p_date + p_time) at time zone p_zone)
     and ((((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC') at time zone p_zone) = (p_date + p_time)
    then (((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC')
    else ((p_date + p_time) at time zone p_zone)
  end
$$;

-- Reminders due in (p_since, p_now] on each subscription and not yet sent to it (nor under a live
-- claim), with what the notification says. Only fire times after the subscription was made: a device that subscribes
-- now is not sent the past. The tasks' UTC dates ±2 days cover every zone and "1 day before".
create type daybook_private.due_push as (
  subscription_id uuid, endpoint text, p256dh text, auth text, user_id uuid, time_zone text,
  task_id uuid, occurrence date, fire_at timestamptz, title text, due_time text, list_name text,
  -- the date at p_now in the subscription's zone ("Today" / "Tomorrow" in the body)
  today date,
  -- set when the fire time is a snooze's end: the device's shown record keys on it
  snoozed_until timestamptz
);

-- due_push rows for the people whose ids are in [p_from, p_to]: a sender works through the id
-- space in slices, so no one statement computes every device's due reminders (on PGlite a
-- statement holds the server's only thread). A claim whose lease lapsed unsent is due again.
-- Neither security definer nor SET: PostgreSQL inlines it into its callers' statements (both
-- security definer, search_path public, pg_temp), so a claim's plan is made once and kept.
create function daybook_private.due_pushes_in(p_since timestamptz, p_now timestamptz, p_from uuid, p_to uuid)
returns setof daybook_private.due_push
language sql stable as $$
  with cand as (
    select r.task_id, r.user_id, r.offset_minutes, r.snoozed_until, r.snoozed_occurrence,
      t.due_date, t.due_time, t.title, t.list_id
    from public.tasks t join public.reminders r on r.task_id = t.id
    where t.due_date between (p_since at time zone 'UTC')::date - 2 and (p_now at time zone 'UTC')::date + 2
      and not t.done and t.deleted_at is null and r.offset_minutes is not null
      and r.user_id between p_from and p_to
    union
    select r.task_id, r.user_id, r.offset_minutes, r.snoozed_until, r.snoozed_occurrence,
      t.due_date, t.due_time, t.title, t.list_id
    from public.reminders r join public.tasks t on t.id = r.task_id
    where r.snoozed_until > p_since and r.snoozed_until <= p_now and r.snoozed_occurrence = t.due_date
      and not t.done and t.deleted_at is null and r.offset_minutes is not null
      and r.user_id between p_from and p_to
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
        and p.occurrence = d.occurrence and p.fire_at = d.fire_at
        and (p.sent_at is not null or p.lease_until > p_now))
  order by d.fire_at, d.subscription_id, d.task_id
$$;

create or replace function daybook_private.due_pushes(p_since timestamptz, p_now timestamptz)
returns setof daybook_private.due_push
language sql stable security definer set search_path = public, pg_temp as $$
  select * from daybook_private.due_pushes_in(p_since, p_now,
    '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
$$;

-- One page of claims: at most p_limit reminders, whole subscriptions first (ordered by
-- subscription), each claimed for p_lease_seconds; a subscription claimed here is not claimed
-- again before the next minute. A claim another sender holds is skipped (its lease is live).
create function daybook_private.claim_push_page(p_since timestamptz, p_now timestamptz, p_limit int, p_lease_seconds int,
  p_from uuid default '00000000-0000-0000-0000-000000000000', p_to uuid default 'ffffffff-ffff-ffff-ffff-ffffffffffff')
returns setof daybook_private.due_push
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  if p_limit is null or p_limit < 1 or p_limit > 500 then
    raise exception using errcode = '22023', message = 'p_limit must be 1…500';
  end if;
  if p_lease_seconds is null or p_lease_seconds < 10 or p_lease_seconds > 3600 then
    raise exception using errcode = '22023', message = 'p_lease_seconds must be 10…3600';
  end if;
  delete from daybook_private.push_sent where fire_at < p_now - interval '2 days';
  return query
    with due as (
      select d.* from daybook_private.due_pushes_in(p_since, p_now, p_from, p_to) d
      join public.push_subscriptions s on s.id = d.subscription_id
      where s.next_push_at is null or s.next_push_at <= p_now
      order by d.subscription_id, d.fire_at, d.task_id
      limit p_limit
    ),
    claimed as (
      insert into daybook_private.push_sent (subscription_id, task_id, occurrence, fire_at, sent_at, lease_until)
      select d.subscription_id, d.task_id, d.occurrence, d.fire_at, null, p_now + make_interval(secs => p_lease_seconds) from due d
      on conflict (subscription_id, task_id, occurrence, fire_at) do update set lease_until = excluded.lease_until
        where push_sent.sent_at is null and push_sent.lease_until <= p_now
      returning push_sent.subscription_id as s, push_sent.task_id as t, push_sent.occurrence as o, push_sent.fire_at as f
    ),
    slots as (
      update public.push_subscriptions set next_push_at = date_trunc('minute', p_now) + interval '1 minute'
      where id in (select c.s from claimed c)
    )
    select d.* from due d join claimed c on c.s = d.subscription_id and c.t = d.task_id and c.o = d.occurrence and c.f = d.fire_at
    order by d.subscription_id, d.fire_at, d.task_id;
end $$;

-- The push service took these (p_items: [{ subscription_id, task_id, occurrence, fire_at }]): sent.
create function daybook_private.mark_pushes_sent(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  update daybook_private.push_sent p set sent_at = now(), lease_until = null
  from jsonb_to_recordset(p_items) as i (subscription_id uuid, task_id uuid, occurrence date, fire_at timestamptz)
  where p.subscription_id = i.subscription_id and p.task_id = i.task_id and p.occurrence = i.occurrence and p.fire_at = i.fire_at
$$;

-- A passing failure (429, 5xx, a timeout, the network): the claims go, for the next minute.
create function daybook_private.release_pushes(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from daybook_private.push_sent p
  using jsonb_to_recordset(p_items) as i (subscription_id uuid, task_id uuid, occurrence date, fire_at timestamptz)
  where p.subscription_id = i.subscription_id and p.task_id = i.task_id and p.occurrence = i.occurrence
    and p.fire_at = i.fire_at and p.sent_at is null
$$;

-- The push service answered 404 or 410: that subscription is gone for good.
create or replace function daybook_private.drop_push_subscription(p_subscription uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from public.push_subscriptions where id = p_subscription
$$;

-- The hosted sender (supabase/functions/send-reminders) reaches these through PostgREST, which
-- serves only public: thin wrappers, for service_role alone.
create or replace function public.push_drop_subscription(p_subscription uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.drop_push_subscription(p_subscription)
$$;

create function public.push_claim_page(p_since timestamptz, p_now timestamptz, p_limit int, p_lease_seconds int,
  p_from uuid default '00000000-0000-0000-0000-000000000000', p_to uuid default 'ffffffff-ffff-ffff-ffff-ffffffffffff')
returns setof daybook_private.due_push language sql volatile security definer set search_path = public, pg_temp as $$
  select * from daybook_private.claim_push_page(p_since, p_now, p_limit, p_lease_seconds, p_from, p_to)
$$;

create function public.push_mark_sent(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.mark_pushes_sent(p_items)
$$;

create function public.push_release_many(p_items jsonb)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  select daybook_private.release_pushes(p_items)
$$;

revoke all on type daybook_private.due_push from public;
revoke all on function daybook_private.zoned_instant(date, time without time zone, text) from public, anon, authenticated;
revoke all on function daybook_private.due_pushes(timestamp with time zone, timestamp with time zone) from public, anon, authenticated;
revoke all on function daybook_private.drop_push_subscription(uuid) from public, anon, authenticated;
revoke all on function public.push_drop_subscription(uuid) from public, anon, authenticated;
grant execute on function public.push_drop_subscription(uuid) to service_role;

revoke all on function daybook_private.claim_push_page(timestamptz, timestamptz, int, int, uuid, uuid), daybook_private.mark_pushes_sent(jsonb),
  daybook_private.release_pushes(jsonb), daybook_private.due_pushes_in(timestamptz, timestamptz, uuid, uuid) from public, anon, authenticated;

revoke all on function public.push_claim_page(timestamptz, timestamptz, int, int, uuid, uuid), public.push_mark_sent(jsonb),
  public.push_release_many(jsonb) from public, anon, authenticated;
grant execute on function public.push_claim_page(timestamptz, timestamptz, int, int, uuid, uuid), public.push_mark_sent(jsonb),
  public.push_release_many(jsonb) to service_role;
