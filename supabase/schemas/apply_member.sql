create or replace function daybook_private.apply_member(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid := daybook_private.arg_uuid(p_args, 'list_id');
  l public.lists;
  target uuid;
  target_email text;
  new_role text;
  m public.list_members;
begin
  l := daybook_private.require_list(lid, 'owner');
  if l.is_inbox then
    perform daybook_private.refuse('invalid', 'The Inbox can''t be shared');
  end if;
  if p_name in ('member.invite', 'member.set_role') then
    new_role := p_args ->> 'role';
    if jsonb_typeof(p_args -> 'role') is distinct from 'string' or new_role not in ('editor', 'viewer') then
      perform daybook_private.refuse('invalid', 'Role must be editor or viewer', 'role');
    end if;
  end if;
  if p_name = 'member.invite' then
    target_email := btrim(daybook_private.arg_text(p_args, 'email', 'Email'));
    if target_email !~ '^[^[:space:]@]+@[^[:space:]@]+$' or char_length(target_email) > 255 then
      perform daybook_private.refuse('invalid', 'Enter an e-mail address', 'email');
    end if;
    -- (no account yet is not refused: the invitation waits for one, SPEC §13.1)
    select id into target from auth.users where lower(email) = lower(target_email) limit 1;
  else
    target := daybook_private.arg_uuid(p_args, 'user_id');
  end if;
  select * into m from public.list_members where list_id = lid and user_id = target;
  if found and m.role = 'owner' then
    perform daybook_private.refuse('invalid', 'The owner''s role can''t be changed');
  end if;
  if p_name = 'member.invite' then
    -- SPEC §12: someone who left is not put back for a day; at most 100 invitations an hour
    if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
      perform daybook_private.refuse('rate_limited', 'They left this list — you can invite them again after 24 hours', 'email');
    end if;
    -- SPEC §13.1: a current member's role changes at once; anyone else gets an invitation
    -- to accept (someone removed earlier too)
    if m.user_id is not null and m.deleted_at is null then
      perform daybook_private.count_invitation();
      update public.list_members set role = new_role where list_id = lid and user_id = target;
    else
      perform daybook_private.invite(lid, target_email, new_role);
    end if;
  elsif m.user_id is null or (m.deleted_at is not null and p_name = 'member.set_role') then
    perform daybook_private.refuse('not_found', 'That person is not a member of this list', 'user_id');
  elsif p_name = 'member.set_role' then
    update public.list_members set role = new_role where list_id = lid and user_id = target;
  elsif m.deleted_at is null then
    update public.list_members set deleted_at = now() where list_id = lid and user_id = target;
    perform daybook_private.drop_assignments(lid, target);
  end if;
  -- (removing someone already removed changes nothing and is applied, like deleting twice: a
  -- second device or a retry under a new id must not report a failure for a removal that holds)
end $$;

-- Counts one invitation by the caller, refusing the 101st within an hour. The caller's older
-- records go as it counts, so the table holds at most an hour of each inviter. Each inviter's
-- counting takes turns on a transaction-scoped advisory lock of their own: two pushes at once (two
-- devices, or two server processes) would otherwise both count 99 and both invite.
create or replace function daybook_private.count_invitation() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('daybook_private.invitations'), hashtext(auth.uid()::text));
  delete from daybook_private.invitations where inviter = auth.uid() and at <= now() - interval '1 hour';
  if (select count(*) from daybook_private.invitations where inviter = auth.uid()) >= 100 then
    perform daybook_private.refuse('rate_limited', 'Too many invitations — try again later', 'email');
  end if;
  insert into daybook_private.invitations (inviter) values (auth.uid());
end $$;

revoke all on function daybook_private.apply_member(text, jsonb) from public, anon;
revoke all on function daybook_private.count_invitation() from public, anon, authenticated;
