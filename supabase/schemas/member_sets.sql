-- A list whose membership lost a row without a tombstone: a person who deleted their account
-- leaves nothing of them in any table (SPEC §16), so no member row of theirs can be pulled to tell
-- the other members' devices. Instead the list gets this marker, a new version in its own space
-- and nothing else (no id, name or address of anyone), and a pull that passes it answers the
-- list's member set whole: a device drops every member of the list it holds that is not in it.
create table public.member_sets (
  list_id uuid primary key references public.lists (id) on delete cascade,
  version bigint not null default 0
);

create index member_sets_version on public.member_sets (list_id, version);

create trigger member_sets_version before insert or update on public.member_sets
  for each row execute function daybook_private.take_version_in_list();

alter table public.member_sets enable row level security;

create policy member_sets_read on public.member_sets for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));

revoke all on public.member_sets from public, anon, authenticated;
grant select on public.member_sets to authenticated;

-- Marks each of p_lists (those that still exist) as having lost a member row: a fresh version
-- in its list, taken by the statement itself (the trigger keeps a version the statement set).
create or replace function daybook_private.mark_member_sets(p_lists uuid[]) returns void
language sql security definer set search_path = public, pg_temp as $$
  insert into public.member_sets as s (list_id, version)
  select l.id, daybook_private.next_version(l.id) from public.lists l where l.id = any (p_lists) order by l.id
  on conflict (list_id) do update set version = excluded.version
$$;
revoke all on function daybook_private.mark_member_sets(uuid[]) from public, anon, authenticated;

-- What sync_pull brings of this table (the `member_sets` of its answer): the keys past a list's
-- cursor (kind 'e', at most one a list), and for a page's keys `{ list_id, version, user_ids }`,
-- user_ids being every member row the list has now (tombstones too), read in the pull's snapshot.
-- Security invoker (read under RLS) and stable, like the other tables' pull functions.
create or replace function daybook_private.pull_member_sets_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'e'::text, s.list_id, s.version, s.list_id from public.member_sets s
    where s.list_id = p_list and s.version > p_after limit p_limit
$$;
create or replace function daybook_private.pull_member_sets_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(jsonb_build_object('list_id', s.list_id, 'version', s.version,
      'user_ids', (select coalesce(jsonb_agg(m.user_id order by m.user_id), '[]') from public.list_members m where m.list_id = s.list_id))
    order by s.list_id), '[]')
    from unnest(p_lists) k(list_id) join public.member_sets s on s.list_id = k.list_id);
end $$;
create or replace function daybook_private.pull_member_sets_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.member_sets s on s.list_id = c.list_id and s.version > c.after);
end $$;
revoke all on function daybook_private.pull_member_sets_keys(uuid, uuid, bigint, int), daybook_private.pull_member_sets_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_member_sets_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_member_sets_keys(uuid, uuid, bigint, int), daybook_private.pull_member_sets_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_member_sets_count(uuid, uuid[], bigint[]) to authenticated;
