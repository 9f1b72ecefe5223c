-- Wrong tokens throttled (20 misses per account or address in 10 minutes) and no rejoining through
-- a link made before one's removal (SPEC §16 "Abuse limits"). join_list now returns jsonb (the
-- list's id as a JSON string, as before; or a miss's error body): its return type changes, so it is
-- dropped and made again.

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

create or replace function daybook_private.link_missed(p_token text) returns boolean
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  perform daybook_private.check_token_misses();
  return p_token is null or char_length(p_token) not between 16 and 200
    or not exists (select 1 from public.list_links where token_hash = daybook_private.token_hash(p_token));
end $$;

create or replace function public.link_preview(p_token text) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
begin
  if daybook_private.link_missed(p_token) then
    return daybook_private.token_missed('This link is not valid');
  end if;
  k := daybook_private.link_of_token(p_token);
  return (select jsonb_build_object('list_id', l.id, 'list_name', l.name, 'list_color', l.color, 'role', k.role,
      'shared_by', coalesce(u.email, ''), 'my_role', daybook_private.role_on(l.id))
    from public.lists l left join auth.users u on u.id = k.created_by where l.id = k.list_id);
end $$;

drop function public.join_list(text);

create or replace function public.join_list(p_token text) returns jsonb
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
  me uuid := auth.uid();
  m public.list_members;
  before bigint;
begin
  if daybook_private.link_missed(p_token) then
    return daybook_private.token_missed('This link is not valid');
  end if;
  k := daybook_private.link_of_token(p_token);
  -- the list's version counter first, as sync_push takes it before a link.revoke locks the link
  -- (the same order, so a join and a revoke queue rather than deadlock), and before counting
  select version into before from public.sync_spaces where list_id = k.list_id for update;
  -- a revoke that came first wins; one that comes after waits for this join
  select * into k from public.list_links where id = k.id for update;
  if k.revoked_at is not null then
    perform daybook_private.refuse('revoked', 'This link was revoked');
  end if;
  select * into m from public.list_members where list_id = k.list_id and user_id = me;
  if found and m.deleted_at is null then
    if m.role = 'viewer' and k.role = 'editor' then
      update public.list_members set role = 'editor' where list_id = k.list_id and user_id = me;
    end if;
  else
    -- someone the owner removed comes back only through a link made since (or an invitation)
    if m.deleted_at is not null and m.left_at is null and k.created_at <= m.deleted_at then
      perform daybook_private.refuse('forbidden', 'You were removed from this list — ask its owner to invite you again');
    end if;
    if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
      perform daybook_private.refuse('rate_limited', 'You left this list — you can join it again after 24 hours');
    end if;
    if (select count(*) from public.list_members where list_id = k.list_id and deleted_at is null) >= 50 then
      perform daybook_private.refuse('invalid', 'This list already has 50 members');
    end if;
    perform daybook_private.count_link_join(k.created_by);
    insert into public.list_members (list_id, user_id, email, role)
    values (k.list_id, me, coalesce((select email from auth.users where id = me), ''), k.role)
    on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null, left_at = null;
    -- an e-mail invitation to the same list is answered by joining
    delete from public.list_invitations i
    where i.list_id = k.list_id and lower(i.email) = lower((select email from auth.users where id = me));
  end if;
  perform daybook_private.send_pokes(null::uuid, array[k.list_id], jsonb_build_object(k.list_id::text, before));
  return to_jsonb(k.list_id);
end $$;

create or replace function public.invitation_by_token(p_token text)
returns jsonb language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  inv public.list_invitations;
  l public.lists;
begin
  perform daybook_private.check_token_misses();
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    perform daybook_private.record_token_miss();
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into inv from public.list_invitations where token_hash = daybook_private.token_hash(p_token) for update;
  if not found then
    perform daybook_private.record_token_miss();
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into l from public.lists where id = inv.list_id;
  if l.deleted_at is not null then
    return jsonb_build_object('state', 'unknown');
  end if;
  if me is not null and daybook_private.role_on(inv.list_id) is not null then
    return jsonb_build_object('state', 'member', 'list_id', l.id, 'list_name', l.name);
  end if;
  if inv.status = 'declined' then
    return jsonb_build_object('state', 'declined', 'list_name', l.name);
  end if;
  if inv.expires_at <= now() then
    return jsonb_build_object('state', 'expired', 'list_name', l.name);
  end if;
  if me is not null and inv.invitee is distinct from me then
    update public.list_invitations set invitee = me, updated_at = now() where id = inv.id;
  end if;
  return jsonb_build_object('state', 'open', 'list_id', l.id, 'list_name', l.name, 'list_color', l.color,
    'invited_by', coalesce((select u.email from auth.users u where u.id = inv.invited_by), ''),
    'role', inv.role, 'email', inv.email, 'expires_at', inv.expires_at, 'bound', me is not null);
end $$;

revoke all on function daybook_private.link_missed(text) from public, anon, authenticated;
revoke all on function public.join_list(text) from public, anon, service_role;
grant execute on function public.join_list(text) to authenticated;
