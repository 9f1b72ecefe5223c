create table public.lists (
  id uuid primary key,
  owner_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  color text not null,
  position text not null,
  is_inbox boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  constraint lists_name_len check (char_length(name) between 1 and 80 and name = btrim(name)),
  constraint lists_color check (color in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple')),
  constraint lists_position check (char_length(position) between 1 and 200),
  constraint lists_inbox_not_deleted check (not (is_inbox and deleted_at is not null))
);

create index lists_version on public.lists (id, version);

create trigger lists_version before insert or update on public.lists
  for each row execute function daybook_private.take_version();

alter table public.lists enable row level security;

revoke all on public.lists from public, anon, authenticated;
grant select on public.lists to authenticated;
