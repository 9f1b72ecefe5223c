-- Invitation mail is no relay (SPEC §16 "Abuse limits"): at most one mail per list and address in
-- 24 hours, whatever is cancelled and sent again; at most 5 mails per address in 24 hours from all
-- inviters; none to an address that asked for no more ("Don't send me invitations"). A mail held
-- back holds back nothing else: the invitation is made and shows in the app as always.
-- Addresses are kept as the SHA-256 of their lower-case form, never as text: these records outlive
-- invitations (and accounts), and must not keep anyone's address.

-- One row per invitation mail sent on its way, kept 24 hours.
create table daybook_private.invitation_mails (
  list_id uuid not null,
  email_hash text not null,
  at timestamptz not null default now()
);

create index invitation_mails_email_at on daybook_private.invitation_mails (email_hash, at);

create index invitation_mails_at on daybook_private.invitation_mails (at);

revoke all on daybook_private.invitation_mails from public, anon, authenticated;

-- The addresses that asked for no invitation mail.
create table daybook_private.mail_opt_outs (
  email_hash text primary key,
  at timestamptz not null default now()
);

revoke all on daybook_private.mail_opt_outs from public, anon, authenticated;

-- Each mail's "Don't send me invitations" link carries the mail's own token (the one of its
-- /invites/ link): this row keeps its hash and the address's for 90 days, so the link still works
-- after the invitation is answered or cancelled.
create table daybook_private.mail_stop_tokens (
  token_hash text primary key,
  email_hash text not null,
  at timestamptz not null default now()
);

create index mail_stop_tokens_at on daybook_private.mail_stop_tokens (at);

revoke all on daybook_private.mail_stop_tokens from public, anon, authenticated;

create or replace function daybook_private.email_hash(p_email text) returns text
language sql immutable as $$
  select daybook_private.token_hash(lower(btrim(p_email)))
$$;

-- Whether an invitation of p_list to p_email may be mailed now, counting it when it may. Each
-- address's counting takes turns on a transaction-scoped advisory lock, so two inviters at once
-- cannot both take the fifth mail.
create or replace function daybook_private.may_mail_invitation(p_list uuid, p_email text, p_token text) returns boolean
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  h text := daybook_private.email_hash(p_email);
begin
  perform pg_advisory_xact_lock(hashtext('daybook_private.invitation_mails'), hashtext(h));
  delete from daybook_private.invitation_mails where at <= now() - interval '24 hours';
  if exists (select 1 from daybook_private.mail_opt_outs where email_hash = h)
    or exists (select 1 from daybook_private.invitation_mails where email_hash = h and list_id = p_list)
    or (select count(*) from daybook_private.invitation_mails where email_hash = h) >= 5 then
    return false;
  end if;
  insert into daybook_private.invitation_mails (list_id, email_hash) values (p_list, h);
  delete from daybook_private.mail_stop_tokens where at <= now() - interval '90 days';
  insert into daybook_private.mail_stop_tokens (token_hash, email_hash) values (daybook_private.token_hash(p_token), h)
  on conflict (token_hash) do nothing;
  return true;
end $$;

-- "Don't send me invitations": the mail's token stops invitation mail to its address (invitations
-- are still made and show in the app). Anyone holding the mail may; a wrong token is a miss
-- (token_throttle.sql). Answers { stopped: true } or { stopped: false } for a token it doesn't know.
create or replace function public.stop_invitation_mail(p_token text) returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  h text;
begin
  perform daybook_private.check_token_misses();
  if p_token is not null and p_token ~ '^[0-9a-f]{64}$' then
    select s.email_hash into h from daybook_private.mail_stop_tokens s where s.token_hash = daybook_private.token_hash(p_token);
  end if;
  if h is null then
    perform daybook_private.record_token_miss();
    return jsonb_build_object('stopped', false);
  end if;
  insert into daybook_private.mail_opt_outs (email_hash) values (h) on conflict (email_hash) do nothing;
  return jsonb_build_object('stopped', true);
end $$;

revoke all on function daybook_private.email_hash(text), daybook_private.may_mail_invitation(uuid, text, text) from public, anon, authenticated;
revoke all on function public.stop_invitation_mail(text) from public;
grant execute on function public.stop_invitation_mail(text) to anon, authenticated;
