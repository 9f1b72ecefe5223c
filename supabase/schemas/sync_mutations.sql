create table public.sync_mutations (
  client_id uuid not null references public.sync_clients (client_id) on delete cascade,
  mutation_id bigint not null,
  user_id uuid not null,
  name text not null,
  status text not null check (status in ('applied', 'refused')),
  error jsonb,
  -- a refused mutation's args, so its device can show what was refused even if it never had
  -- the change queued (one sent with its client id from elsewhere); applied ones keep none
  args jsonb,
  created_at timestamptz not null default now(),
  primary key (client_id, mutation_id)
);

create index sync_mutations_refused on public.sync_mutations (client_id, mutation_id) where status = 'refused';

alter table public.sync_mutations enable row level security;

revoke all on public.sync_mutations from public, anon, authenticated;
grant select on public.sync_mutations to authenticated;
