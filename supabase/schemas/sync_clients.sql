create table public.sync_clients (
  client_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  last_mutation_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  -- where the next prune_applied starts: applied ids below it are gone (sync_clients_fns.sql)
  applied_from bigint not null default 0
);

alter table public.sync_clients enable row level security;

revoke all on public.sync_clients from public, anon, authenticated;
grant select on public.sync_clients to authenticated;
