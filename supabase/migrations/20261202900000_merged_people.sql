-- Functions that two of this round's changes both redefined (names shown in previews and
-- invitations; the token guards and confirmed-only invitations): each as its schema file holds it.

create or replace function daybook_private.my_invitations() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text := daybook_private.my_confirmed_email();
begin
  -- in one order always (ids break ties): sync_pull sends the set again whenever its text changes
  return coalesce((select jsonb_agg(x.row order by x.incoming desc, x.created_at, x.id) from (
    select true as incoming, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', true, 'list_name', l.name, 'list_color', l.color,
        'invited_by', coalesce(daybook_private.person_name(i.invited_by), ''), 'invited_by_color', daybook_private.person_color(i.invited_by),
        'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      where (lower(i.email) = my_email or i.invitee = me) and i.status = 'pending' and i.expires_at > now()
        and not exists (select 1 from public.list_members m where m.list_id = i.list_id and m.user_id = me and m.deleted_at is null)
    union all
    select false, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', false, 'expires_at', i.expires_at)
      from public.list_members m
      join public.list_invitations i on i.list_id = m.list_id
      where m.user_id = me and m.role = 'owner' and m.deleted_at is null
        and (i.status = 'declined' or i.expires_at > now())
  ) x), '[]'::jsonb);
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
    'invited_by', coalesce(daybook_private.person_name(inv.invited_by), ''), 'invited_by_color', daybook_private.person_color(inv.invited_by),
    'role', inv.role, 'expires_at', inv.expires_at, 'bound', me is not null);
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
      'shared_by', coalesce(daybook_private.person_name(k.created_by), ''), 'shared_by_color', daybook_private.person_color(k.created_by),
      'my_role', daybook_private.role_on(l.id))
    from public.lists l where l.id = k.list_id);
end $$;

