-- The hosts a push subscription's endpoint may name, so Web Push cannot be turned against anyone
-- (SPEC §15). The known push services are here by default; the local server adds PUSH_HOSTS (and,
-- in tests only, its fake push service's http origin) at each start; on hosted Supabase an
-- operator inserts rows.
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

-- Why an endpoint may not be pushed to, or null (supabase/functions/_shared/push-target.ts's
-- endpointProblem, in SQL).
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

revoke all on function daybook_private.push_endpoint_problem(text), daybook_private.base64url_bytes(text) from public, anon, authenticated;
