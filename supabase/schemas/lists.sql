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

-- What sync_pull brings of this table (the `lists` of its answer): the keys past a list's cursor
-- (kind 'l', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
create or replace function daybook_private.pull_lists_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'l'::text, l.id, l.version, l.id from public.lists l
    where l.id = p_list and l.version > p_after
$$;
create or replace function daybook_private.pull_lists_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(l) order by l.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.lists l on l.id = k.row_id);
end $$;
create or replace function daybook_private.pull_lists_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.lists l on l.id = c.list_id and l.version > c.after);
end $$;
revoke all on function daybook_private.pull_lists_keys(uuid, uuid, bigint, int), daybook_private.pull_lists_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_lists_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_lists_keys(uuid, uuid, bigint, int), daybook_private.pull_lists_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_lists_count(uuid, uuid[], bigint[]) to authenticated;
