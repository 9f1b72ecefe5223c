-- Invitations (SPEC §13.1): member.invite by e-mail makes one (invite, below); the invitee's
-- invitation.accept and invitation.decline and the owner's invitation.cancel name it by its list
-- and, for cancel, its e-mail, so a device can send them before it has pulled the invitation.

-- A pending invitation of `p_email` to the list, replacing an earlier one of the same address
-- (declined, expired or pending: the new role and a fresh 30 days). Whether the address has an
-- account does not change the answer, so inviting tells nobody who uses Daybook.
-- sync_push's lock on the list's version counter serialises invitations to one list, so the
-- counts hold.
-- Every invitation is mailed, account or not (so the mail tells nothing either): a fresh token
-- for the link /invites/<token> (two random UUIDs, 244 random bits; pgcrypto is not on every
-- database this runs on) goes to the mail's outbox row in this transaction, so an invitation that
-- rolls back sends nothing; the invitation keeps only its sha256. A new invitation replaces the
-- old one's token, binding and unsent mail. The NOTIFY wakes the local server's mail sender.
create or replace function daybook_private.invite(p_list uuid, p_email text, p_role text) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  inv_id uuid;
  mailed boolean;
begin
  if (select count(*) from public.list_members where list_id = p_list and deleted_at is null) >= 50 then
    perform daybook_private.refuse('invalid', 'A list holds at most 50 members', 'email');
  end if;
  if (select count(*) from public.list_invitations where list_id = p_list and status = 'pending' and expires_at > now()
      and lower(email) <> lower(p_email)) >= 100 then
    perform daybook_private.refuse('invalid', 'A list holds at most 100 pending invitations', 'email');
  end if;
  perform daybook_private.count_invitation();
  -- the invitation holds either way; its mail only within the limits (invitation_mail_limits.sql),
  -- and one not mailed keeps the link an earlier mail of it carried
  mailed := daybook_private.may_mail_invitation(p_list, p_email, token);
  insert into public.list_invitations (list_id, email, role, invited_by, token_hash)
  values (p_list, p_email, p_role, auth.uid(), daybook_private.token_hash(token))
  on conflict (list_id, lower(email)) do update set email = excluded.email, role = excluded.role, invited_by = excluded.invited_by,
    status = 'pending', created_at = now(), expires_at = now() + interval '30 days', updated_at = now(),
    token_hash = case when mailed then excluded.token_hash else list_invitations.token_hash end,
    invitee = case when mailed then null else list_invitations.invitee end
  returning id into inv_id;
  if mailed then
    delete from public.mail_outbox where invitation_id = inv_id;
    insert into public.mail_outbox (invitation_id, to_email, token) values (inv_id, p_email, token);
    perform pg_notify('daybook_mail', '');
  end if;
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

revoke all on function daybook_private.invite(uuid, text, text) from public, anon, authenticated;
revoke all on function daybook_private.apply_invitation(text, jsonb) from public, anon;
