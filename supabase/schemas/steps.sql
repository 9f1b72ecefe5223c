create table public.steps (
  id uuid primary key,
  task_id uuid not null references public.tasks (id) on delete cascade,
  -- the task's list, kept equal to it (a move moves its steps): the version space and RLS
  list_id uuid not null references public.lists (id) on delete cascade,
  title text not null,
  done boolean not null default false,
  position text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- set when its task's delete (or its list's, through the task) tombstoned it: task.restore and
  -- list.restore bring back exactly these
  deleted_with_task boolean not null default false,
  version bigint not null default 0,
  constraint steps_title_len check (char_length(title) between 1 and 200),
  constraint steps_position check (char_length(position) between 1 and 200)
);

create index steps_list_version on public.steps (list_id, version);

create index steps_task on public.steps (task_id) where deleted_at is null;

create index steps_task_all on public.steps (task_id);

create trigger steps_version before insert or update on public.steps
  for each row execute function daybook_private.take_version_in_list();

alter table public.steps enable row level security;

revoke all on public.steps from public, anon, authenticated;
grant select on public.steps to authenticated;
