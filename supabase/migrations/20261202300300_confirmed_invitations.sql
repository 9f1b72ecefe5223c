-- Invitations addressed to an e-mail reach an account only once its e-mail is confirmed, or through
-- the mailed link's token (SPEC §16).

create or replace function daybook_private.my_confirmed_email() returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select lower(u.email) from auth.users u where u.id = auth.uid() and u.email_confirmed_at is not null
$$;

revoke all on function daybook_private.my_confirmed_email() from public, anon, authenticated;

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
        'invited_by', coalesce(u.email, ''), 'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      left join auth.users u on u.id = i.invited_by
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

create or replace function daybook_private.apply_invitation(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid := daybook_private.arg_uuid(p_args, 'list_id');
  me uuid := auth.uid();
  my_email text;
  inv public.list_invitations;
  l public.lists;
  m public.list_members;
begin
  if p_name = 'invitation.cancel' then
    perform daybook_private.require_list(lid, 'owner');
    -- cancelling what is gone (accepted, or cancelled on another device) changes nothing
    delete from public.list_invitations
    where list_id = lid and lower(email) = lower(btrim(daybook_private.arg_text(p_args, 'email', 'Email')));
    return;
  end if;
  select u.email into my_email from auth.users u where u.id = me;
  -- addressed to the caller's e-mail once confirmed, or bound to them through the mail's link (the one bound to
  -- them first, should both exist)
  select * into inv from public.list_invitations i
  where i.list_id = lid and (lower(i.email) = daybook_private.my_confirmed_email() or i.invitee = me)
  order by i.invitee is not distinct from me desc, i.created_at desc
  limit 1 for update;
  if p_name = 'invitation.decline' and found and inv.status = 'declined' then
    return; -- declined on another device already
  end if;
  if not found or inv.status <> 'pending' or inv.expires_at <= now() then
    -- accepted already (on another device, or a retry under a new id): nothing more to do
    if p_name = 'invitation.accept' and daybook_private.role_on(lid) is not null then
      return;
    end if;
    perform daybook_private.refuse('not_found', 'This invitation was cancelled or has expired', 'list_id');
  end if;
  select * into l from public.lists where id = lid;
  if l.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted', 'list_id');
  end if;
  if p_name = 'invitation.decline' then
    update public.list_invitations set status = 'declined', updated_at = now() where id = inv.id;
    return;
  end if;
  -- accept: the invitee is not on the list, so sync_push did not lock its version counter; take
  -- it here before counting, as an invitation by the owner would
  perform 1 from public.sync_spaces where list_id = lid for update;
  select * into m from public.list_members where list_id = lid and user_id = me;
  if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
    perform daybook_private.refuse('rate_limited', 'You left this list — you can join it again after 24 hours', 'list_id');
  end if;
  if (select count(*) from public.list_members where list_id = lid and deleted_at is null) >= 50 then
    perform daybook_private.refuse('invalid', 'A list holds at most 50 members', 'list_id');
  end if;
  insert into public.list_members (list_id, user_id, email, role) values (lid, me, my_email, inv.role)
  on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null, left_at = null;
  -- every invitation of the caller to this list is answered by joining it
  delete from public.list_invitations i
  where i.list_id = lid and (i.id = inv.id or lower(i.email) = daybook_private.my_confirmed_email() or i.invitee = me);
end $$;

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
