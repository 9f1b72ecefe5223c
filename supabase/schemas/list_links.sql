-- Share links (SPEC §13.1): the owner's link makes whoever opens it a member with its role, until
-- it expires (1, 7 or 30 days) or is revoked. The device that makes a link makes its token (at
-- least 128 random bits) and sends only the token's SHA-256, so the server never holds anything
-- that would let someone who reads this table join; join_list hashes what it is given and looks
-- that up. Nobody reads this table directly: sync_pull brings the list's owner its live links
-- (my_links), join_list and link_preview answer a token's holder.
create table public.list_links (
  id uuid primary key,
  list_id uuid not null references public.lists (id) on delete cascade,
  role text not null,
  token_hash text not null,
  created_by uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  constraint list_links_role check (role in ('editor', 'viewer')),
  constraint list_links_token_hash check (token_hash ~ '^[0-9a-f]{64}$')
);

create unique index list_links_token_hash on public.list_links (token_hash);

create index list_links_list on public.list_links (list_id);

alter table public.list_links enable row level security;

revoke all on public.list_links from public, anon, authenticated;

-- The live links (not revoked, not expired) of the lists the caller owns, for sync_pull. Whole
-- when the device does not hold them already (pull_shared.sql), like invitations: at most 5 a
-- list, and a device replaces what it holds with them.
create or replace function daybook_private.my_links() returns jsonb
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', k.id, 'list_id', k.list_id, 'role', k.role,
      'created_at', k.created_at, 'expires_at', k.expires_at) order by k.created_at, k.id), '[]'::jsonb)
  from public.list_members m
  join public.list_links k on k.list_id = m.list_id
  where m.user_id = auth.uid() and m.role = 'owner' and m.deleted_at is null
    and k.revoked_at is null and k.expires_at > now()
$$;

revoke all on function daybook_private.my_links() from public, anon;
grant execute on function daybook_private.my_links() to authenticated;
