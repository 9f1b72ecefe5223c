-- Web Push cannot be turned against anyone (SPEC §15).
-- - daybook_private.push_hosts: the hosts a subscription's endpoint may name. The known push
--   services are here by default; the stand-in adds PUSH_HOSTS (and, in tests only, its fake
--   push service's http origin) at each start; on hosted Supabase an operator inserts rows.
-- - push_subscribe refuses an endpoint off that list, a p256dh that is not 65 bytes starting 0x04
--   and an auth that is not 16 bytes (the sender also checks the point is on the curve, which
--   SQL cannot); it moves an endpoint from another account only with the same keys; at most 10
--   subscriptions an account, the least recently refreshed go.
-- - A claim is a lease: push_sent rows are claimed with lease_until and marked sent (sent_at)
--   only after the push service took the message, so a sender that dies or times out leaves
--   them to be claimed again once the lease lapses. Claims come in pages (p_limit rows) and a
--   subscription is claimed at most once a minute (next_push_at), so what is due for one device
--   together is one push.

create table daybook_private.push_hosts (
  -- an exact host name, or '*.suffix' for any name under suffix
  host text not null,
  scheme text not null default 'https' check (scheme in ('https', 'http')),
  -- null: the scheme's own port
  port int check (port between 1 and 65535),
  -- 'default' rows come with the schema; 'config' rows are the stand-in's, remade at each start
  source text not null default 'default' check (source in ('default', 'config')),
  primary key (host, scheme, source)
);
revoke all on daybook_private.push_hosts from public, anon, authenticated;
insert into daybook_private.push_hosts (host) values
  ('fcm.googleapis.com'), ('updates.push.services.mozilla.com'), ('*.push.services.mozilla.com'),
  ('*.push.apple.com'), ('*.notify.windows.com');

-- Why an endpoint may not be pushed to, or null (push-target.ts's endpointProblem, in SQL).
create function daybook_private.push_endpoint_problem(p_endpoint text) returns text
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  m text[];
  v_scheme text;
  v_host text;
  v_port int;
begin
  if p_endpoint is null or char_length(p_endpoint) > 2048 then
    return 'The push endpoint must be an https URL of at most 2048 characters';
  end if;
  m := regexp_match(p_endpoint, '^(https?)://([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::([0-9]{1,5}))?(/[^[:space:]#]*)$');
  if m is null then
    return 'The push endpoint is not a well-formed https URL';
  end if;
  v_scheme := m[1];
  v_host := lower(m[2]);
  v_port := m[3]::int;
  -- an explicit http origin (the tests' fake push service) matches scheme, host and port exactly
  if exists (select 1 from daybook_private.push_hosts h
      where h.scheme = 'http' and v_scheme = 'http' and h.host = v_host and h.port = v_port) then
    return null;
  end if;
  if v_scheme <> 'https' then
    return 'The push endpoint must be an https URL';
  end if;
  if v_port is not null and v_port <> 443 then
    return 'The push endpoint must use the https port';
  end if;
  if v_host !~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
     or char_length(v_host) > 253 or v_host ~ '^[0-9.]+$' then
    return 'The push endpoint must name a push service''s host';
  end if;
  if not exists (select 1 from daybook_private.push_hosts h
      where h.scheme = 'https' and (h.host = v_host
        or (h.host like '*.%' and char_length(v_host) > char_length(h.host) - 1
          and right(v_host, char_length(h.host) - 1) = substr(h.host, 2)))) then
    return format('The push endpoint''s host %s is not a known push service', v_host);
  end if;
  return null;
end $$;

-- base64url text as bytes, or null when it is not base64url
create function daybook_private.base64url_bytes(p_text text) returns bytea
language plpgsql immutable set search_path = pg_catalog, pg_temp as $$
declare
  t text := rtrim(p_text, '=');
begin
  if p_text is null or p_text !~ '^[A-Za-z0-9_-]*={0,2}$' or char_length(t) % 4 = 1 then
    return null;
  end if;
  return decode(translate(t, '-_', '+/') || repeat('=', (4 - char_length(t) % 4) % 4), 'base64');
exception when others then
  return null;
end $$;

alter table daybook_private.push_sent alter column sent_at drop not null, alter column sent_at drop default;
-- null once sent; a claim not sent by then may be claimed again
alter table daybook_private.push_sent add column lease_until timestamptz;
-- when this subscription may next be claimed: at most one push a minute
alter table public.push_subscriptions add column next_push_at timestamptz;

-- due_pushes as the baseline has it, for the reminders of people whose ids are in
-- [p_from, p_to] (a sender works through the id space in slices, so no one statement computes
-- every device's due reminders: on PGlite a statement holds the server's only thread), and a
-- claim whose lease has lapsed unsent is due again.
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

-- The one-statement claim recorded reminders as sent before sending them: a failed send was lost.
drop function public.push_claim_due(timestamptz, timestamptz);
drop function daybook_private.claim_due_pushes(timestamptz, timestamptz);
-- one claim at a time, replaced by release_pushes
drop function public.push_release(uuid, uuid, date, timestamptz);
drop function daybook_private.release_push(uuid, uuid, date, timestamptz);

revoke all on function daybook_private.push_endpoint_problem(text), daybook_private.base64url_bytes(text),
  daybook_private.claim_push_page(timestamptz, timestamptz, int, int, uuid, uuid), daybook_private.mark_pushes_sent(jsonb),
  daybook_private.release_pushes(jsonb), daybook_private.due_pushes_in(timestamptz, timestamptz, uuid, uuid) from public, anon, authenticated;

-- The hosted sender's way in (PostgREST serves only public), for service_role alone.
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
revoke all on function public.push_claim_page(timestamptz, timestamptz, int, int, uuid, uuid), public.push_mark_sent(jsonb),
  public.push_release_many(jsonb) from public, anon, authenticated;
grant execute on function public.push_claim_page(timestamptz, timestamptz, int, int, uuid, uuid), public.push_mark_sent(jsonb),
  public.push_release_many(jsonb) to service_role;

create or replace function public.push_subscribe(p_endpoint text, p_p256dh text, p_auth text, p_time_zone text, p_remind_at text)
returns void language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  v_user uuid := auth.uid();
  v_problem text;
  v_key bytea;
begin
  if v_user is null then
    perform daybook_private.refuse('forbidden', 'Sign in to get reminders on this device');
  end if;
  v_problem := daybook_private.push_endpoint_problem(p_endpoint);
  if v_problem is not null then
    perform daybook_private.refuse('invalid', v_problem, 'endpoint');
  end if;
  v_key := daybook_private.base64url_bytes(p_p256dh);
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    perform daybook_private.refuse('invalid', 'The p256dh key must be an uncompressed P-256 public key in base64url', 'p256dh');
  end if;
  if length(daybook_private.base64url_bytes(p_auth)) is distinct from 16 then
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
  -- the same device (same keys) signed in to another account moves; anyone else who learnt the
  -- endpoint cannot take it (and silence that device)
  if exists (select 1 from public.push_subscriptions
      where endpoint = p_endpoint and user_id <> v_user and (p256dh <> p_p256dh or auth <> p_auth)) then
    perform daybook_private.refuse('forbidden', 'This push endpoint belongs to another account', 'endpoint');
  end if;
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id <> v_user;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, time_zone, remind_at)
  values (v_user, p_endpoint, p_p256dh, p_auth, p_time_zone, p_remind_at::time)
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, time_zone = excluded.time_zone,
        remind_at = excluded.remind_at, updated_at = now();
  -- at most 10 devices a person: the least recently refreshed go
  delete from public.push_subscriptions where id in (
    select id from public.push_subscriptions where user_id = v_user order by updated_at desc, created_at desc, id offset 10);
end $$;
