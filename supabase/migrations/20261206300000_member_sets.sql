-- A deleted person's member rows leave the other members' devices (SPEC §16): lists that lose a
-- member row without a tombstone get a marker, and the pull answers their member set whole.
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

-- delete_account marks the lists the person was on (schemas/delete_account.sql)
create or replace function public.delete_account() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text;
  l record;
  heir uuid;
  -- the lists that live on without the person: passed on, or someone else's they were on
  kept uuid[] := '{}';
  -- their lists' counters before: the other members are poked for what changes (send_pokes)
  before jsonb;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  select lower(u.email) into my_email from auth.users u where u.id = me for update;
  if not found then
    raise exception using errcode = 'PT401', message = 'account_deleted';
  end if;
  select coalesce(jsonb_object_agg(s.list_id::text, s.version), '{}') into before
  from public.list_members m join public.sync_spaces s on s.list_id = m.list_id where m.user_id = me;

  -- Owned lists with other live members pass on; the person's own row goes first (one owner a list).
  for l in select x.id from public.lists x where x.owner_id = me and not x.is_inbox and x.deleted_at is null order by x.id for update loop
    heir := null;
    select m.user_id into heir from public.list_members m
    where m.list_id = l.id and m.user_id <> me and m.deleted_at is null
    order by (m.role = 'editor') desc, m.created_at, m.user_id limit 1;
    if heir is not null then
      delete from public.list_members where list_id = l.id and user_id = me;
      update public.list_members set role = 'owner' where list_id = l.id and user_id = heir;
      update public.lists set owner_id = heir, updated_at = now() where id = l.id;
      kept := kept || l.id;
    end if;
  end loop;

  -- Their own lists and all in them go (their Inbox's version counter too: its id is theirs).
  delete from public.lists where owner_id = me;
  delete from public.sync_spaces where list_id = me;

  kept := kept || array(select m.list_id from public.list_members m where m.user_id = me order by m.list_id);
  perform daybook_private.forget_person(me, kept);
  delete from public.list_members where user_id = me;
  -- no tombstone of theirs can tell the others' devices: each list they were on says its member set changed
  perform daybook_private.mark_member_sets(kept);
  perform daybook_private.send_pokes(null::uuid, kept, before);
  -- Invitations addressed to them (those they sent go with the auth user, on delete cascade).
  delete from public.list_invitations where lower(email) = my_email or invitee = me;
  delete from daybook_private.invitations where inviter = me;
  delete from daybook_private.token_misses where key = 'account:' || me::text;
  -- Other people's refused changes keep their arguments for their devices; any naming the person
  -- is rewritten to the former member.
  update public.sync_mutations set
    args = regexp_replace(replace(args::text, me::text, daybook_private.former_member()::text),
      regexp_replace(my_email, '([.+*?^$(){}|\[\]\\])', '\\\1', 'g'), '', 'gi')::jsonb
  where status = 'refused' and user_id <> me
    and (strpos(args::text, me::text) > 0 or strpos(lower(args::text), my_email) > 0);

  -- The stand-in's sessions and refresh tokens (on hosted Supabase, Auth's own tables follow the
  -- auth user: on delete cascade).
  if to_regclass('daybook_meta.sessions') is not null then
    execute 'delete from daybook_meta.sessions where user_id = $1' using me;
  end if;
  -- Labels, filters, reminders, labels on tasks, push subscriptions, links, invitations sent, sync
  -- records: each row names them, and deleting the auth user takes it (on delete cascade).
  delete from auth.users where id = me;
end $$;

-- sync_pull brings the markers as `member_sets` (schemas/sync_pull.sql)
create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it. Index
-- lookups only (no sequential scans, no hash or merge joins, in every function it calls too): its
-- plans are kept for the session, and one made while the statistics said a table was small (a
-- scan of a few rows, or a hash of them) would read the whole table on every pull until the next
-- ANALYZE. Every lookup a pull makes is by its index, from a page's worth of keys at most.
set search_path = public, pg_temp set jit = off set enable_seqscan = off set enable_hashjoin = off
set enable_mergejoin = off as $$
declare
  -- a first sync or a long backlog may ask for up to 5,000 rows; a page also stays within
  -- max_bytes of JSON (SPEC §15), cut earlier when it would not
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  max_bytes constant int := 2 * 1024 * 1024;
  bounded jsonb;
  -- reminders are per person: only the caller's travel
  me uuid := auth.uid();
  -- Without the key (a device from before the refusal stream, or its first pull) refusals start
  -- from the oldest kept, but do not hold has_more: a device that drops the key between pages
  -- would otherwise be sent the same refusals again and again, told each time that more wait.
  has_rc boolean := coalesce(jsonb_typeof(p_cursors -> 'refused') = 'number', false);
  rc bigint := case when jsonb_typeof(p_cursors -> 'refused') = 'number'
    then greatest(floor((p_cursors ->> 'refused')::numeric), 0)::bigint else 0 end;
  result jsonb;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_client_id is null then
    raise exception using errcode = '22023', message = 'p_client_id is required';
  end if;
  if p_cursors is not null and jsonb_typeof(p_cursors) <> 'object' then
    raise exception using errcode = '22023', message = 'p_cursors must be an object of list id to version';
  end if;
  perform daybook_private.ensure_inbox();
  -- Binds the client id to its user (42501 for another user's). Its value is not used: the
  -- answer's last_mutation_id is read by the page statement, from the page's snapshot.
  perform daybook_private.client_last_mutation_id(p_client_id);
  -- (a probe first: most pulls have nothing to forget, and then skip the security definer call)
  if rc > 0 and exists (select 1 from public.sync_mutations
      where client_id = p_client_id and status = 'refused' and mutation_id <= rc) then
    perform daybook_private.forget_refusals(p_client_id, rc);
  end if;

  -- Each pass is one statement, so one snapshot. A page over max_bytes is cut after the rows that
  -- fit; one where no row fits beside its refusals is made again with fewer of them.
  loop
  with vis as (
    select id as list_id from daybook_private.my_list_ids() as id
  ),
  cur as (
    select v.list_id,
      case when jsonb_typeof(p_cursors -> v.list_id::text) = 'number'
        then floor((p_cursors ->> v.list_id::text)::numeric)::bigint else 0 end as c
    from vis v
  ),
  -- keys first (index order, at most a page per list and table), whole rows only for the page
  keys as (
    select k.* from cur cross join lateral (
      select * from daybook_private.pull_lists_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_members_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_tasks_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_steps_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_reminders_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_labels_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_task_labels_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_filters_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_departed_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_comments_keys(me, cur.list_id, cur.c, lim + 1)
      union all select * from daybook_private.pull_member_sets_keys(me, cur.list_id, cur.c, lim + 1)
    ) k
  ),
  page as (
    select * from keys order by list_id, version limit lim + 1
  ),
  kept as (
    select * from page order by list_id, version limit lim
  ),
  -- each list's cursor after this page
  nxt as (
    select cur.list_id, greatest(cur.c, coalesce((select max(k.version) from kept k where k.list_id = cur.list_id), 0)) as c
    from cur
  ),
  -- this client's refusals past its cursor, oldest first: a page's worth, and one to tell if more wait
  refused as (
    select mutation_id, error, name, args from public.sync_mutations
    where client_id = p_client_id and status = 'refused' and mutation_id > rc
    order by mutation_id limit lim + 1
  ),
  refused_kept as (
    select * from refused order by mutation_id limit lim
  ),
  -- the acknowledgment, and where the refusal stream is complete up to: below the first refusal
  -- this page does not carry (the one past the page's worth, if any), and never past the
  -- client's last mutation id (no refusal can take an id at or below it later)
  ack as (
    select coalesce((select s.last_mutation_id from public.sync_clients s where s.client_id = p_client_id), 0) as last,
      (select r.mutation_id from refused r order by r.mutation_id offset lim limit 1) as first_missing
  ),
  complete as (
    select ack.last, least(ack.last, ack.first_missing - 1) as upto from ack
  ),
  more as (
    select (select count(*) from page) > lim as rows,
      has_rc and (select count(*) from refused) > lim as refusals
  ),
  -- the caller's invitations and the live links of the lists they own (pull_shared.sql): each whole
  -- unless the device holds it already, its digest among the cursors
  shared as (
    select daybook_private.pull_shared(p_cursors) as s
  ),
  -- the caller's notifications past their own cursor key (apply_notification.sql)
  notes as (
    select daybook_private.pull_notifications(p_cursors, lim) as s
  )
  select jsonb_build_object(
    'lists', (select daybook_private.pull_lists_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'l'),
    'members', (select daybook_private.pull_members_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'm'),
    'tasks', (select daybook_private.pull_tasks_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 't'),
    'steps', (select daybook_private.pull_steps_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 's'),
    'reminders', (select daybook_private.pull_reminders_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'r'),
    'labels', (select daybook_private.pull_labels_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'b'),
    'task_labels', (select daybook_private.pull_task_labels_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'g'),
    'filters', (select daybook_private.pull_filters_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'f'),
    'departed', (select daybook_private.pull_departed_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'd'),
    'comments', (select daybook_private.pull_comments_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'c'),
    'member_sets', (select daybook_private.pull_member_sets_rows(me, array_agg(k.list_id), array_agg(k.row_id)) from kept k where k.kind = 'e'),
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)) || (select s -> 'cursors' from shared)
      || coalesce((select s -> 'cursors' from notes), '{}'),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more) or coalesce((select (s #>> '{notifications,more}')::boolean from notes), false),
    -- an uncorrelated subquery is run only when its CASE branch is taken
    'remaining', case when not coalesce(p_count, false) then null when not (select rows from more) then 0
      else (select daybook_private.pull_lists_count(me, n.lists, n.afters)
          + daybook_private.pull_members_count(me, n.lists, n.afters)
          + daybook_private.pull_tasks_count(me, n.lists, n.afters)
          + daybook_private.pull_steps_count(me, n.lists, n.afters)
          + daybook_private.pull_reminders_count(me, n.lists, n.afters)
          + daybook_private.pull_labels_count(me, n.lists, n.afters)
          + daybook_private.pull_task_labels_count(me, n.lists, n.afters)
          + daybook_private.pull_filters_count(me, n.lists, n.afters)
          + daybook_private.pull_departed_count(me, n.lists, n.afters)
          + daybook_private.pull_comments_count(me, n.lists, n.afters)
          + daybook_private.pull_member_sets_count(me, n.lists, n.afters)
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) || (select s - 'cursors' from shared) || (select s - 'cursors' from notes) into result;
  exit when lim = 1;
  bounded := daybook_private.pull_page_within(result, p_cursors, max_bytes);
  exit when bounded is not null;
  lim := greatest(1, lim / 4);
  end loop;
  result := coalesce(bounded, result);

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;
