-- Mail waiting to be sent (SPEC §13.1): an invitation's mail, written by daybook_private.invite in
-- the invitation's own transaction, so mail goes only for invitations that hold. The row keeps the
-- link's raw token until the mail is sent; sending deletes the row, and with it the token. Nobody
-- reads this table through the API: the senders (the local server's, the hosted Edge Function)
-- claim rows through the functions below, which only service_role may call.
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
  select c.id, c.to_email, c.token, l.name, coalesce(daybook_private.person_name(i.invited_by), ''), i.role, i.expires_at, c.attempts
  from claimed c
  join public.list_invitations i on i.id = c.invitation_id
  join public.lists l on l.id = i.list_id;
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
