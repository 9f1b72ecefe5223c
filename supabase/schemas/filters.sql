-- A person's saved filters (SPEC §14.2): a name and a query the device runs over its own tasks.
-- Personal like labels: seen only by their owner, in the owner's Inbox's version space (whose id
-- is theirs), so they follow the person to every device through the same cursors.
create table public.filters (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  list_id uuid not null,
  name text not null,
  query jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  constraint filters_space check (list_id = user_id),
  constraint filters_name_len check (char_length(name) between 1 and 60),
  constraint filters_query check (jsonb_typeof(query) = 'object')
);

create index filters_user_version on public.filters (user_id, list_id, version);

create trigger filters_version before insert or update on public.filters
  for each row execute function daybook_private.take_version_in_list();

alter table public.filters enable row level security;

revoke all on public.filters from public, anon, authenticated;
grant select on public.filters to authenticated;

-- What sync_pull brings of this table (kind 'f'): the caller's own filters, deleted ones too.
create or replace function daybook_private.pull_filters_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'f'::text, f.list_id, f.version, f.id from public.filters f
    where f.user_id = p_me and f.list_id = p_list and f.version > p_after order by f.version limit p_limit
$$;
create or replace function daybook_private.pull_filters_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(f) - 'user_id' - 'list_id' order by f.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.filters f on f.id = k.row_id and f.user_id = p_me);
end $$;
create or replace function daybook_private.pull_filters_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.filters f on f.user_id = p_me and f.list_id = c.list_id and f.version > c.after);
end $$;
revoke all on function daybook_private.pull_filters_keys(uuid, uuid, bigint, int), daybook_private.pull_filters_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_filters_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_filters_keys(uuid, uuid, bigint, int), daybook_private.pull_filters_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_filters_count(uuid, uuid[], bigint[]) to authenticated;
