-- Invitation mail (SPEC §13.1): every invitation writes its mail, with a fresh link token, to
-- public.mail_outbox in its own transaction; the invitation keeps only the token's sha256 and
-- who opened the link signed in (invitee), who may then answer it like the addressee.

alter table public.list_invitations add column token_hash text;
alter table public.list_invitations add column invitee uuid references auth.users (id) on delete set null;

create unique index list_invitations_token_hash on public.list_invitations (token_hash);

create index list_invitations_invitee on public.list_invitations (invitee) where invitee is not null;

-- from supabase/schemas/mail_outbox.sql
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  invitation_id uuid not null references public.list_invitations (id) on delete cascade,
  to_email text not null,
  token text not null,
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  created_at timestamptz not null default now()
);

create index mail_outbox_due on public.mail_outbox (next_attempt_at);

create index mail_outbox_invitation on public.mail_outbox (invitation_id);

alter table public.mail_outbox enable row level security;

revoke all on public.mail_outbox from public, anon, authenticated;

-- Claims at most `p_limit` mails that are due and not held by another sender, each for
-- `p_lease_seconds`; several senders (processes, or function runs) never claim the same row
-- (skip locked), and a sender that dies leaves its claims to lapse, so the mail goes later rather
-- than never. The answer has what the mail says, read now (a renamed list mails its new name).
-- Mail for an invitation that expired or was declined is dropped, unsent.
create or replace function public.mail_claim(p_limit int, p_lease_seconds int)
returns table (id uuid, to_email text, token text, list_name text, invited_by text, role text, expires_at timestamptz, attempts int)
language plpgsql volatile security definer set search_path = public, pg_temp as $$
#variable_conflict use_column
begin
  delete from public.mail_outbox o using public.list_invitations i
  where i.id = o.invitation_id and (i.expires_at <= now() or i.status <> 'pending');
  return query
  with picked as (
    select o.id from public.mail_outbox o
    where o.next_attempt_at <= now() and (o.claimed_until is null or o.claimed_until <= now())
    order by o.next_attempt_at, o.id
    limit least(greatest(p_limit, 1), 500)
    for update skip locked
  ), claimed as (
    update public.mail_outbox o set claimed_until = now() + make_interval(secs => greatest(p_lease_seconds, 1)), attempts = o.attempts + 1
    from picked where o.id = picked.id
    returning o.id, o.invitation_id, o.to_email, o.token, o.attempts
  )
  select c.id, c.to_email, c.token, l.name, coalesce(u.email, ''), i.role, i.expires_at, c.attempts
  from claimed c
  join public.list_invitations i on i.id = c.invitation_id
  join public.lists l on l.id = i.list_id
  left join auth.users u on u.id = i.invited_by;
end $$;

-- The mail went: the row goes, and the raw token with it.
create or replace function public.mail_mark_sent(p_id uuid)
returns void language sql volatile security definer set search_path = public, pg_temp as $$
  delete from public.mail_outbox where id = p_id
$$;

-- Sending failed. A passing failure tries again after 1, 2, 4, 8 minutes; a permanent one (the
-- server refused the address) or the fifth failure drops the mail: the invitation still waits,
-- and an account with that e-mail still sees it.
create or replace function public.mail_mark_failed(p_id uuid, p_permanent boolean)
returns void language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  if p_permanent or (select attempts from public.mail_outbox where id = p_id) >= 5 then
    delete from public.mail_outbox where id = p_id;
  else
    update public.mail_outbox set claimed_until = null,
      next_attempt_at = now() + make_interval(mins => power(2, greatest(attempts - 1, 0))::int)
    where id = p_id;
  end if;
end $$;

revoke all on function public.mail_claim(int, int), public.mail_mark_sent(uuid), public.mail_mark_failed(uuid, boolean)
  from public, anon, authenticated;
grant execute on function public.mail_claim(int, int), public.mail_mark_sent(uuid), public.mail_mark_failed(uuid, boolean)
  to service_role;

-- from supabase/schemas/invitation_token.sql
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
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into inv from public.list_invitations where token_hash = daybook_private.token_hash(p_token) for update;
  if not found then
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

revoke all on function daybook_private.token_hash(text) from public, anon, authenticated;
revoke all on function public.invitation_by_token(text) from public;
grant execute on function public.invitation_by_token(text) to anon, authenticated;

-- from supabase/schemas/list_invitations.sql
create or replace function daybook_private.my_invitations() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text := lower((select u.email from auth.users u where u.id = auth.uid()));
begin
  return coalesce((select jsonb_agg(x.row order by x.incoming desc, x.created_at) from (
    select true as incoming, i.created_at, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', true, 'list_name', l.name, 'list_color', l.color,
        'invited_by', coalesce(u.email, ''), 'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      left join auth.users u on u.id = i.invited_by
      where (lower(i.email) = my_email or i.invitee = me) and i.status = 'pending' and i.expires_at > now()
        and not exists (select 1 from public.list_members m where m.list_id = i.list_id and m.user_id = me and m.deleted_at is null)
    union all
    select false, i.created_at, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', false, 'expires_at', i.expires_at)
      from public.list_members m
      join public.list_invitations i on i.list_id = m.list_id
      where m.user_id = me and m.role = 'owner' and m.deleted_at is null
        and (i.status = 'declined' or i.expires_at > now())
  ) x), '[]'::jsonb);
end $$;

-- from supabase/schemas/apply_invitation.sql
create or replace function daybook_private.invite(p_list uuid, p_email text, p_role text) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  inv_id uuid;
begin
  if (select count(*) from public.list_members where list_id = p_list and deleted_at is null) >= 50 then
    perform daybook_private.refuse('invalid', 'A list holds at most 50 members', 'email');
  end if;
  if (select count(*) from public.list_invitations where list_id = p_list and status = 'pending' and expires_at > now()
      and lower(email) <> lower(p_email)) >= 100 then
    perform daybook_private.refuse('invalid', 'A list holds at most 100 pending invitations', 'email');
  end if;
  perform daybook_private.count_invitation();
  insert into public.list_invitations (list_id, email, role, invited_by, token_hash)
  values (p_list, p_email, p_role, auth.uid(), daybook_private.token_hash(token))
  on conflict (list_id, lower(email)) do update set email = excluded.email, role = excluded.role, invited_by = excluded.invited_by,
    status = 'pending', created_at = now(), expires_at = now() + interval '30 days', updated_at = now(),
    token_hash = excluded.token_hash, invitee = null
  returning id into inv_id;
  delete from public.mail_outbox where invitation_id = inv_id;
  insert into public.mail_outbox (invitation_id, to_email, token) values (inv_id, p_email, token);
  perform pg_notify('daybook_mail', '');
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
  -- addressed to the caller's e-mail, or bound to them through the mail's link (the one bound to
  -- them first, should both exist)
  select * into inv from public.list_invitations i
  where i.list_id = lid and (lower(i.email) = lower(my_email) or i.invitee = me)
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
  where i.list_id = lid and (i.id = inv.id or lower(i.email) = lower(my_email) or i.invitee = me);
end $$;
