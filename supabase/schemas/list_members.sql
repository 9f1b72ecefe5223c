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
  display_name text not null default '',
  color text not null default 'grey',
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

-- What sync_pull brings of this table (the `members` of its answer): the keys past a list's cursor
-- (kind 'm', at most p_limit, in version order), the rows for a page's keys, and how many
-- rows are past each list's cursor. Security invoker (read under RLS) and stable (read in the
-- snapshot of sync_pull's one statement); the keys function is plain SQL without SET, so it is
-- inlined there, the others PL/pgSQL, so their plans are kept for the session.
create or replace function daybook_private.pull_members_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'm'::text, m.list_id, m.version, m.user_id from public.list_members m
    where m.list_id = p_list and m.version > p_after order by m.version limit p_limit
$$;
create or replace function daybook_private.pull_members_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(m) order by m.list_id, m.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.list_members m on m.list_id = k.list_id and m.user_id = k.row_id);
end $$;
create or replace function daybook_private.pull_members_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.list_members m on m.list_id = c.list_id and m.version > c.after);
end $$;
revoke all on function daybook_private.pull_members_keys(uuid, uuid, bigint, int), daybook_private.pull_members_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_members_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_members_keys(uuid, uuid, bigint, int), daybook_private.pull_members_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_members_count(uuid, uuid[], bigint[]) to authenticated;
