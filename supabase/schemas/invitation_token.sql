-- The link in an invitation's mail, /invites/<token> (SPEC §13.1). The token is 64 hex digits;
-- the invitation keeps only its sha256, so reading the table never yields a working link. Share
-- links (apply_link.sql) are stored and looked up by the same hash.
create or replace function daybook_private.token_hash(p_token text) returns text
language sql immutable set search_path = pg_catalog, pg_temp as $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;

-- What a link shows, and for a signed-in caller the binding that lets them answer it: whoever
-- signs in or up through the link may accept the invitation, whatever their own e-mail (the
-- last to open it holds it). Answers { state } with state
--   'open'    → list_id, list_name, list_color, invited_by, role, expires_at (and email, bound)
--   'member'  → list_id, list_name: the caller is on the list already (accepted, or its owner)
--   'declined' · 'expired' · 'unknown' (never made, cancelled, used, or replaced by a newer one).
-- Signed out it only reads; a token is 244 random bits, so nothing is learnt by guessing.
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
    'invited_by', coalesce(daybook_private.person_name(inv.invited_by), ''), 'invited_by_color', daybook_private.person_color(inv.invited_by),
    'role', inv.role, 'expires_at', inv.expires_at, 'bound', me is not null);
end $$;

revoke all on function daybook_private.token_hash(text) from public, anon, authenticated;
revoke all on function public.invitation_by_token(text) from public;
grant execute on function public.invitation_by_token(text) to anon, authenticated;
