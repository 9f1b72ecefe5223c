create table public.list_members (
  list_id uuid not null references public.lists (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null default '',
  role text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  left_at timestamptz,
  primary key (list_id, user_id),
  constraint list_members_role check (role in ('owner', 'editor', 'viewer'))
);

create index list_members_user on public.list_members (user_id) where deleted_at is null;

create unique index list_members_one_owner on public.list_members (list_id) where role = 'owner';

create index list_members_version on public.list_members (list_id, version);

alter table public.list_members enable row level security;

create trigger list_members_version before insert or update on public.list_members
  for each row execute function daybook_private.take_version_in_list();

revoke all on public.list_members from public, anon, authenticated;
grant select on public.list_members to authenticated;
