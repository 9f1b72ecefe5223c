-- push_subscribe refuses a p256dh key that is not a point on P-256 (checked in numeric), so a
-- subscription no sender could encrypt to is never stored.
-- Big-endian bytes as a whole number, exactly (numeric has no limit that 32 bytes reach).
create or replace function daybook_private.bytes_numeric(p_bytes bytea) returns numeric
language plpgsql immutable strict as $$
declare
  n numeric := 0;
begin
  for i in 0 .. length(p_bytes) - 1 loop
    n := n * 256 + get_byte(p_bytes, i);
  end loop;
  return n;
end $$;

-- Is an uncompressed point (0x04 ‖ x ‖ y) on P-256: x and y below p, and y² = x³ − 3x + b mod p
-- (FIPS 186-4, D.1.2.3)? Without it a key no sender can encrypt to would be stored; the sender's
-- WebCrypto import refuses the same points.
create or replace function daybook_private.p256_on_curve(p_key bytea) returns boolean
language plpgsql immutable strict as $$
declare
  p numeric := daybook_private.bytes_numeric('\xffffffff00000001000000000000000000000000ffffffffffffffffffffffff'::bytea);
  b numeric := daybook_private.bytes_numeric('\x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b'::bytea);
  x numeric;
  y numeric;
begin
  if length(p_key) <> 65 or get_byte(p_key, 0) <> 4 then
    return false;
  end if;
  x := daybook_private.bytes_numeric(substring(p_key from 2 for 32));
  y := daybook_private.bytes_numeric(substring(p_key from 34 for 32));
  return x < p and y < p and mod(y * y - (x * x * x - 3 * x + b), p) = 0;
end $$;

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
  if not daybook_private.p256_on_curve(v_key) then
    perform daybook_private.refuse('invalid', 'The p256dh key is not a point on P-256', 'p256dh');
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
  -- each account's subscribing takes turns on a transaction-scoped advisory lock of its own: two
  -- devices subscribing at once (two server processes) would otherwise each count the other's
  -- row as not there yet, and keep 11
  perform pg_advisory_xact_lock(hashtext('daybook_private.push_subscriptions'), hashtext(v_user::text));
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

revoke all on function daybook_private.bytes_numeric(bytea) from public, anon, authenticated;
revoke all on function daybook_private.p256_on_curve(bytea) from public, anon, authenticated;
revoke all on function public.push_subscribe(text, text, text, text, text) from public, anon;
grant execute on function public.push_subscribe(text, text, text, text, text) to authenticated;
