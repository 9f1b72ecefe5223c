create table public.sync_clients (
  client_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  last_mutation_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  -- An applied change's record answers a replay of its id. A device replays only what it has sent
  -- and not yet seen acknowledged by a pull, oldest first, so the records of a client's last 1000
  -- mutation ids (five full batches) cover every replay an app makes. Older ones go once at least
  -- 100 have left that window (a push of one change then pays nothing 99 times in 100), at most
  -- 500 per push (each push adds at most 200, so a backlog drains). Refused records are not
  -- touched here: they stay until their device acknowledges them (forget_refusals).
  -- `applied_from` is where the next prune starts: applied ids below it are gone. Starting there
  -- rather than at the client's first id keeps each prune to the rows it removes — otherwise it
  -- would step over every row removed before, which stay in the index until a vacuum (PGlite
  -- never runs one), making each push slower the longer its client has been in use.
  applied_from bigint not null default 0
);

alter table public.sync_clients enable row level security;

revoke all on public.sync_clients from public, anon, authenticated;
grant select on public.sync_clients to authenticated;
