-- A task moved out of a list leaves this record in the old list's version space.
create table public.task_departures (
  list_id uuid not null references public.lists (id) on delete cascade,
  task_id uuid not null,
  version bigint not null default 0,
  primary key (list_id, task_id)
);

create index task_departures_version on public.task_departures (list_id, version);

create trigger task_departures_version before insert or update on public.task_departures
  for each row execute function daybook_private.take_version_in_list();

alter table public.task_departures enable row level security;

revoke all on public.task_departures from public, anon, authenticated;
grant select on public.task_departures to authenticated;
