-- Pending invitations (SPEC §13.1): an invitation is not a membership. It names the list, the
-- invited e-mail (an account may not exist for it yet) and the role; the invitee accepts or
-- declines it, the owner cancels it (or dismisses it once declined). Accepted and cancelled
-- invitations are deleted; a declined one stays for the owner to see until dismissed.
-- Nobody reads this table directly: sync_pull brings each person what they may see of it
-- (my_invitations), so an invitee learns the list's name and colour and nothing else of it.
create table public.list_invitations (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references public.lists (id) on delete cascade,
  email text not null,
  role text not null,
  invited_by uuid not null references auth.users (id) on delete cascade,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 days',
  updated_at timestamptz not null default now(),
  -- sha256 (hex) of the token in the mail's link /invites/<token>; the token itself is never stored
  -- here (only in the mail's outbox row until it is sent)
  token_hash text,
  -- whoever opened that link signed in (invitation_by_token): they may answer it like the
  -- addressee, whatever their own e-mail
  invitee uuid references auth.users (id) on delete set null,
  constraint list_invitations_role check (role in ('editor', 'viewer')),
  constraint list_invitations_status check (status in ('pending', 'declined'))
);

create unique index list_invitations_list_email on public.list_invitations (list_id, lower(email));

create index list_invitations_email on public.list_invitations (lower(email)) where status = 'pending';

create unique index list_invitations_token_hash on public.list_invitations (token_hash);

create index list_invitations_invitee on public.list_invitations (invitee) where invitee is not null;

alter table public.list_invitations enable row level security;

revoke all on public.list_invitations from public, anon, authenticated;

-- The caller's side of invitations, for sync_pull: those addressed to their e-mail, or bound to
-- them through the mail's link, and still open (incoming: with the list's name and colour and who invited), and those on lists they own
-- (outgoing: pending ones not expired, and declined ones until dismissed). Whole, when the
-- device does not hold it already (pull_shared.sql): a person has few, and a device replaces what it holds with it.
-- The caller's e-mail (lower case) once it is confirmed, else null: an invitation addressed to an
-- e-mail reaches an account only when it has proved it owns it (SPEC §16), or through the mail's
-- link (list_invitations.invitee).
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

revoke all on function daybook_private.my_invitations() from public, anon;
grant execute on function daybook_private.my_invitations() to authenticated;
