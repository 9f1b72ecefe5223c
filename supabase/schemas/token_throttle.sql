-- Wrong tokens are throttled (SPEC §16 "Abuse limits"): after 20 misses in 10 minutes from one
-- account or one client address, join_list, link_preview and invitation_by_token answer
-- rate_limited, right token or wrong, until the window has moved on. A miss is recorded by a call
-- that returns (it must commit): a refusal raised as an exception would roll its record back, so
-- the token functions answer a miss with an error body and `response.status` 400 instead, which
-- PostgREST (and the stand-in) send as the same error a raised refusal gives.
create table daybook_private.token_misses (
  -- 'account:<user id>' or 'address:<client address>'
  key text not null,
  at timestamptz not null default now()
);

create index token_misses_key_at on daybook_private.token_misses (key, at);

create index token_misses_at on daybook_private.token_misses (at);

revoke all on daybook_private.token_misses from public, anon, authenticated;

-- The caller's address as the API's front tells it: hosted PostgREST exposes the request's
-- headers in `request.headers`; the stand-in puts there the address it trusts (its proxy rules)
-- as `x-real-ip`. The left-most X-Forwarded-For entry is the last resort. Null when none is known.
create or replace function daybook_private.client_address() returns text
language sql stable as $$
  select nullif(btrim(coalesce(h ->> 'cf-connecting-ip', h ->> 'x-real-ip', split_part(h ->> 'x-forwarded-for', ',', 1))), '')
  from (select nullif(current_setting('request.headers', true), '')::jsonb as h) x
$$;

create or replace function daybook_private.token_keys() returns text[]
language sql stable as $$
  select array_remove(array['account:' || auth.uid()::text, 'address:' || daybook_private.client_address()], null)
$$;

-- Refuses (rate_limited) a caller with 20 misses in the last 10 minutes, on either key.
create or replace function daybook_private.check_token_misses() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if exists (select 1 from unnest(daybook_private.token_keys()) k(key)
      where (select count(*) from daybook_private.token_misses m where m.key = k.key and m.at > now() - interval '10 minutes') >= 20) then
    perform daybook_private.refuse('rate_limited', 'Too many wrong links — try again in 10 minutes');
  end if;
end $$;

-- Records a miss on each key (the window's older records go as it does).
create or replace function daybook_private.record_token_miss() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  delete from daybook_private.token_misses where at <= now() - interval '10 minutes';
  insert into daybook_private.token_misses (key) select unnest(daybook_private.token_keys());
end $$;

-- Records a miss and answers the not_found refusal's body with HTTP 400, as daybook_private.refuse
-- would have.
create or replace function daybook_private.token_missed(p_words text) returns jsonb
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform daybook_private.record_token_miss();
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'DB001', 'message', 'not_found', 'details', p_words, 'hint', '');
end $$;

revoke all on function daybook_private.client_address(), daybook_private.token_keys(), daybook_private.check_token_misses(),
  daybook_private.record_token_miss(), daybook_private.token_missed(text) from public, anon, authenticated;
