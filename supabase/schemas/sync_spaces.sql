-- One counter row per list: a trigger takes the next version under this row's lock, so
-- writers in one list are serialised and versions in a list commit in version order.
create table public.sync_spaces (
  list_id uuid primary key,
  version bigint not null
);

alter table public.sync_spaces enable row level security;

revoke all on public.sync_spaces from public, anon, authenticated;
