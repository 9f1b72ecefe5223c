-- Share links (SPEC §13.1): the owner's link.create and link.revoke (changes like any other,
-- made offline and sent through sync_push), and the two RPCs a link's holder calls:
-- link_preview (what the join page shows) and join_list (becoming a member).

create or replace function daybook_private.apply_link(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  link_id uuid := daybook_private.arg_uuid(p_args, 'id');
  lid uuid;
  l public.lists;
  k public.list_links;
  new_role text;
  n_days int;
  hash text;
begin
  lid := daybook_private.arg_uuid(p_args, 'list_id');
  l := daybook_private.require_list(lid, 'owner');
  if p_name = 'link.revoke' then
    select * into k from public.list_links where id = link_id and list_id = lid for update;
    if not found then
      return; -- never sent, or a retry of one already gone: nothing to take back
    end if;
    update public.list_links set revoked_at = coalesce(revoked_at, now()) where id = link_id;
    return;
  end if;
  if l.is_inbox then
    perform daybook_private.refuse('invalid', 'The Inbox can''t be shared');
  end if;
  new_role := p_args ->> 'role';
  if jsonb_typeof(p_args -> 'role') is distinct from 'string' or new_role not in ('editor', 'viewer') then
    perform daybook_private.refuse('invalid', 'Role must be editor or viewer', 'role');
  end if;
  if jsonb_typeof(p_args -> 'expires_in_days') is distinct from 'number' or (p_args ->> 'expires_in_days') not in ('1', '7', '30') then
    perform daybook_private.refuse('invalid', 'A link lasts 1, 7 or 30 days', 'expires_in_days');
  end if;
  n_days := (p_args ->> 'expires_in_days')::int;
  hash := p_args ->> 'token_hash';
  if jsonb_typeof(p_args -> 'token_hash') is distinct from 'string' or hash !~ '^[0-9a-f]{64}$' then
    perform daybook_private.refuse('invalid', 'The link''s token is missing', 'token_hash');
  end if;
  select * into k from public.list_links where id = link_id;
  if found then
    if k.list_id = lid and k.token_hash = hash then
      return; -- the same link sent again
    end if;
    perform daybook_private.refuse('invalid', 'That link id is already in use', 'id');
  end if;
  -- sync_push locked the list's version counter (push_lists), so two devices' links queue here
  if (select count(*) from public.list_links where list_id = lid and revoked_at is null and expires_at > now()) >= 5 then
    perform daybook_private.refuse('invalid', 'A list has at most 5 live links — revoke one first', 'list_id');
  end if;
  if exists (select 1 from public.list_links where token_hash = hash) then
    perform daybook_private.refuse('invalid', 'That link''s token is already in use', 'token_hash');
  end if;
  insert into public.list_links (id, list_id, role, token_hash, created_by, expires_at)
  values (link_id, lid, new_role, hash, auth.uid(), now() + make_interval(days => n_days));
end $$;

-- Counts one join through a link of `p_owner` against their hourly invitation limit (SPEC §12,
-- §13.1), like count_invitation does for their e-mail invitations, on the same record and lock:
-- a link passed around cannot add more people an hour than invitations could.
create or replace function daybook_private.count_link_join(p_owner uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('daybook_private.invitations'), hashtext(p_owner::text));
  delete from daybook_private.invitations where inviter = p_owner and at <= now() - interval '1 hour';
  if (select count(*) from daybook_private.invitations where inviter = p_owner) >= 100 then
    perform daybook_private.refuse('rate_limited', 'This list''s owner has added too many people this hour — try again later');
  end if;
  insert into daybook_private.invitations (inviter) values (p_owner);
end $$;

-- The link a token opens, locked against a revoke while a join reads it; refused with the
-- reason when there is none: not_found (no such token), revoked, expired, or deleted (its list).
create or replace function daybook_private.link_of_token(p_token text) returns public.list_links
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_token is null or char_length(p_token) not between 16 and 200 then
    perform daybook_private.refuse('not_found', 'This link is not valid');
  end if;
  select * into k from public.list_links where token_hash = daybook_private.token_hash(p_token);
  if not found then
    perform daybook_private.refuse('not_found', 'This link is not valid');
  end if;
  if k.revoked_at is not null then
    perform daybook_private.refuse('revoked', 'This link was revoked');
  end if;
  if k.expires_at <= now() then
    perform daybook_private.refuse('expired', 'This link has expired');
  end if;
  if (select deleted_at from public.lists where id = k.list_id) is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted');
  end if;
  return k;
end $$;

-- Whether a token opens no link (a miss, counted by the caller through token_missed); refuses a
-- caller who has missed too often already, whatever the token (check_token_misses).
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

-- What the join page shows before anyone joins: the list's name and colour, who shares it, the
-- link's role, and the caller's role on the list if they are on it already.
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
      'shared_by', coalesce(daybook_private.person_name(k.created_by), ''), 'shared_by_color', daybook_private.person_color(k.created_by),
      'my_role', daybook_private.role_on(l.id))
    from public.lists l where l.id = k.list_id);
end $$;

-- Joins the list a token opens with the link's role and answers its id. Someone on the list
-- already keeps their place (a viewer joining through an editor's link becomes an editor; nobody
-- is lowered). The limits of an e-mail invitation hold: 50 members, the owner's 100 an hour, and
-- a day's wait after leaving.
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
    where i.list_id = k.list_id and lower(i.email) = daybook_private.my_confirmed_email();
  end if;
  perform daybook_private.send_pokes(null::uuid, array[k.list_id], jsonb_build_object(k.list_id::text, before));
  return to_jsonb(k.list_id);
end $$;

revoke all on function daybook_private.apply_link(text, jsonb) from public, anon;
revoke all on function daybook_private.count_link_join(uuid) from public, anon, authenticated;
revoke all on function daybook_private.link_of_token(text) from public, anon, authenticated;
revoke all on function daybook_private.link_missed(text) from public, anon, authenticated;
revoke all on function public.link_preview(text) from public, anon, service_role;
revoke all on function public.join_list(text) from public, anon, service_role;
grant execute on function public.link_preview(text) to authenticated;
grant execute on function public.join_list(text) to authenticated;
