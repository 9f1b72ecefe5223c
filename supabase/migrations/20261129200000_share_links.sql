-- Share links (SPEC §13.1): the links table, link.create and link.revoke, join_list and
-- link_preview, their place in push_dispatch, and sync_pull bringing the owner's live links.

-- Share links (SPEC §13.1): the owner's link makes whoever opens it a member with its role, until
-- it expires (1, 7 or 30 days) or is revoked. The device that makes a link makes its token (at
-- least 128 random bits) and sends only the token's SHA-256, so the server never holds anything
-- that would let someone who reads this table join; join_list hashes what it is given and looks
-- that up. Nobody reads this table directly: sync_pull brings the list's owner its live links
-- (my_links), join_list and link_preview answer a token's holder.
create table public.list_links (
  id uuid primary key,
  list_id uuid not null references public.lists (id) on delete cascade,
  role text not null,
  token_hash text not null,
  created_by uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  constraint list_links_role check (role in ('editor', 'viewer')),
  constraint list_links_token_hash check (token_hash ~ '^[0-9a-f]{64}$')
);

create unique index list_links_token_hash on public.list_links (token_hash);

create index list_links_list on public.list_links (list_id);

alter table public.list_links enable row level security;

revoke all on public.list_links from public, anon, authenticated;

-- The live links (not revoked, not expired) of the lists the caller owns, for sync_pull. Whole
-- every pull, like invitations: at most 5 a list, and a device replaces what it holds with them.
create or replace function daybook_private.my_links() returns jsonb
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', k.id, 'list_id', k.list_id, 'role', k.role,
      'created_at', k.created_at, 'expires_at', k.expires_at) order by k.created_at, k.id), '[]'::jsonb)
  from public.list_members m
  join public.list_links k on k.list_id = m.list_id
  where m.user_id = auth.uid() and m.role = 'owner' and m.deleted_at is null
    and k.revoked_at is null and k.expires_at > now()
$$;

revoke all on function daybook_private.my_links() from public, anon;
grant execute on function daybook_private.my_links() to authenticated;

-- Share links (SPEC §13.1): the owner's link.create and link.revoke (changes like any other,
-- made offline and sent through sync_push), and the two RPCs a link's holder calls:
-- link_preview (what the join page shows) and join_list (becoming a member).

create or replace function daybook_private.apply_link(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  link_id uuid := daybook_private.arg_uuid(p_args, 'id');
  lid uuid;
  l public.lists;
  k public.list_links;
  new_role text;
  n_days int;
  hash text;
begin
  lid := daybook_private.arg_uuid(p_args, 'list_id');
  l := daybook_private.require_list(lid, 'owner');
  if p_name = 'link.revoke' then
    select * into k from public.list_links where id = link_id and list_id = lid for update;
    if not found then
      return; -- never sent, or a retry of one already gone: nothing to take back
    end if;
    update public.list_links set revoked_at = coalesce(revoked_at, now()) where id = link_id;
    return;
  end if;
  if l.is_inbox then
    perform daybook_private.refuse('invalid', 'The Inbox can''t be shared');
  end if;
  new_role := p_args ->> 'role';
  if jsonb_typeof(p_args -> 'role') is distinct from 'string' or new_role not in ('editor', 'viewer') then
    perform daybook_private.refuse('invalid', 'Role must be editor or viewer', 'role');
  end if;
  if jsonb_typeof(p_args -> 'expires_in_days') is distinct from 'number' or (p_args ->> 'expires_in_days') not in ('1', '7', '30') then
    perform daybook_private.refuse('invalid', 'A link lasts 1, 7 or 30 days', 'expires_in_days');
  end if;
  n_days := (p_args ->> 'expires_in_days')::int;
  hash := p_args ->> 'token_hash';
  if jsonb_typeof(p_args -> 'token_hash') is distinct from 'string' or hash !~ '^[0-9a-f]{64}$' then
    perform daybook_private.refuse('invalid', 'The link''s token is missing', 'token_hash');
  end if;
  select * into k from public.list_links where id = link_id;
  if found then
    if k.list_id = lid and k.token_hash = hash then
      return; -- the same link sent again
    end if;
    perform daybook_private.refuse('invalid', 'That link id is already in use', 'id');
  end if;
  -- sync_push locked the list's version counter (push_lists), so two devices' links queue here
  if (select count(*) from public.list_links where list_id = lid and revoked_at is null and expires_at > now()) >= 5 then
    perform daybook_private.refuse('invalid', 'A list has at most 5 live links — revoke one first', 'list_id');
  end if;
  if exists (select 1 from public.list_links where token_hash = hash) then
    perform daybook_private.refuse('invalid', 'That link''s token is already in use', 'token_hash');
  end if;
  insert into public.list_links (id, list_id, role, token_hash, created_by, expires_at)
  values (link_id, lid, new_role, hash, auth.uid(), now() + make_interval(days => n_days));
end $$;

-- Counts one join through a link of `p_owner` against their hourly invitation limit (SPEC §12,
-- §13.1), like count_invitation does for their e-mail invitations, on the same record and lock:
-- a link passed around cannot add more people an hour than invitations could.
create or replace function daybook_private.count_link_join(p_owner uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('daybook_private.invitations'), hashtext(p_owner::text));
  delete from daybook_private.invitations where inviter = p_owner and at <= now() - interval '1 hour';
  if (select count(*) from daybook_private.invitations where inviter = p_owner) >= 100 then
    perform daybook_private.refuse('rate_limited', 'This list''s owner has added too many people this hour — try again later');
  end if;
  insert into daybook_private.invitations (inviter) values (p_owner);
end $$;

-- The link a token opens, locked against a revoke while a join reads it; refused with the
-- reason when there is none: not_found (no such token), revoked, expired, or deleted (its list).
create or replace function daybook_private.link_of_token(p_token text) returns public.list_links
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_token is null or char_length(p_token) not between 16 and 200 then
    perform daybook_private.refuse('not_found', 'This link is not valid');
  end if;
  select * into k from public.list_links where token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  if not found then
    perform daybook_private.refuse('not_found', 'This link is not valid');
  end if;
  if k.revoked_at is not null then
    perform daybook_private.refuse('revoked', 'This link was revoked');
  end if;
  if k.expires_at <= now() then
    perform daybook_private.refuse('expired', 'This link has expired');
  end if;
  if (select deleted_at from public.lists where id = k.list_id) is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted');
  end if;
  return k;
end $$;

-- What the join page shows before anyone joins: the list's name and colour, who shares it, the
-- link's role, and the caller's role on the list if they are on it already.
create or replace function public.link_preview(p_token text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  k public.list_links := daybook_private.link_of_token(p_token);
begin
  return (select jsonb_build_object('list_id', l.id, 'list_name', l.name, 'list_color', l.color, 'role', k.role,
      'shared_by', coalesce(u.email, ''), 'my_role', daybook_private.role_on(l.id))
    from public.lists l left join auth.users u on u.id = k.created_by where l.id = k.list_id);
end $$;

-- Joins the list a token opens with the link's role and answers its id. Someone on the list
-- already keeps their place (a viewer joining through an editor's link becomes an editor; nobody
-- is lowered). The limits of an e-mail invitation hold: 50 members, the owner's 100 an hour, and
-- a day's wait after leaving.
create or replace function public.join_list(p_token text) returns uuid
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
  me uuid := auth.uid();
  m public.list_members;
  before bigint;
begin
  k := daybook_private.link_of_token(p_token);
  -- the list's version counter first, as sync_push takes it before a link.revoke locks the link
  -- (the same order, so a join and a revoke queue rather than deadlock), and before counting
  select version into before from public.sync_spaces where list_id = k.list_id for update;
  -- a revoke that came first wins; one that comes after waits for this join
  select * into k from public.list_links where id = k.id for update;
  if k.revoked_at is not null then
    perform daybook_private.refuse('revoked', 'This link was revoked');
  end if;
  select * into m from public.list_members where list_id = k.list_id and user_id = me;
  if found and m.deleted_at is null then
    if m.role = 'viewer' and k.role = 'editor' then
      update public.list_members set role = 'editor' where list_id = k.list_id and user_id = me;
    end if;
  else
    if m.deleted_at is not null and m.left_at > now() - interval '24 hours' then
      perform daybook_private.refuse('rate_limited', 'You left this list — you can join it again after 24 hours');
    end if;
    if (select count(*) from public.list_members where list_id = k.list_id and deleted_at is null) >= 50 then
      perform daybook_private.refuse('invalid', 'This list already has 50 members');
    end if;
    perform daybook_private.count_link_join(k.created_by);
    insert into public.list_members (list_id, user_id, email, role)
    values (k.list_id, me, coalesce((select email from auth.users where id = me), ''), k.role)
    on conflict (list_id, user_id) do update set role = excluded.role, email = excluded.email, deleted_at = null, left_at = null;
    -- an e-mail invitation to the same list is answered by joining
    delete from public.list_invitations i
    where i.list_id = k.list_id and lower(i.email) = lower((select email from auth.users where id = me));
  end if;
  perform daybook_private.send_pokes(null::uuid, array[k.list_id], jsonb_build_object(k.list_id::text, before));
  return k.list_id;
end $$;

revoke all on function daybook_private.apply_link(text, jsonb) from public, anon;
revoke all on function daybook_private.count_link_join(uuid) from public, anon, authenticated;
revoke all on function daybook_private.link_of_token(text) from public, anon, authenticated;
revoke all on function public.link_preview(text) from public, anon, service_role;
revoke all on function public.join_list(text) from public, anon, service_role;
grant execute on function public.link_preview(text) to authenticated;
grant execute on function public.join_list(text) to authenticated;

create or replace function daybook_private.mutation_kind(p_name text) returns text
language sql immutable as $$
  select case
    when p_name in ('list.create', 'list.update', 'list.delete', 'list.restore', 'list.leave') then 'list'
    when p_name in ('member.invite', 'member.set_role', 'member.remove') then 'member'
    when p_name in ('invitation.accept', 'invitation.decline', 'invitation.cancel') then 'invitation'
    when p_name in ('link.create', 'link.revoke') then 'link'
    when p_name in ('task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
      'task.uncomplete_occurrence') then 'task'
    when p_name in ('step.create', 'step.update', 'step.delete', 'step.restore') then 'step'
    when p_name in ('reminder.set', 'reminder.clear', 'reminder.snooze') then 'reminder'
    when p_name in ('label.create', 'label.update', 'label.delete') then 'label'
    when p_name in ('task_label.add', 'task_label.remove') then 'task_label'
    when p_name in ('filter.create', 'filter.update', 'filter.delete') then 'filter'
  end
$$;

-- Applies one change through its entity's apply function; a refusal raises (DB001). Called only
-- from sync_push (security definer, search_path set), whose rights and search_path it keeps: no
-- SET clause of its own, which would cost a configuration save and restore per change.
create or replace function daybook_private.apply_change(p_name text, p_args jsonb) returns void
language plpgsql as $$
begin
  case daybook_private.mutation_kind(p_name)
    when 'list' then perform daybook_private.apply_list(p_name, p_args);
    when 'member' then perform daybook_private.apply_member(p_name, p_args);
    when 'invitation' then perform daybook_private.apply_invitation(p_name, p_args);
    when 'link' then perform daybook_private.apply_link(p_name, p_args);
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
    when 'label' then perform daybook_private.apply_label(p_name, p_args);
    when 'task_label' then perform daybook_private.apply_task_label(p_name, p_args);
    when 'filter' then perform daybook_private.apply_filter(p_name, p_args);
  end case;
end $$;

-- Every list a batch may write to, read before anything is locked: the lists its changes name,
-- and the current lists of the tasks and steps they name (a task's steps and reminders live in
-- its list). Ids that are not uuids are left out; their changes are refused when applied.
-- (PL/pgSQL rather than SQL: its plan is kept for the session instead of made at every push)
create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select array(
    select daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id')) from x
      where x.kind in ('list', 'member', 'invitation', 'link')
    union
    select daybook_private.try_uuid(x.args ->> 'list_id') from x where x.name = 'task.create'
    union
    select daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') from x where x.name = 'task.update'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'id') from x where x.kind = 'task')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.name = 'step.create')
    union
    select s.list_id from public.steps s
      where s.id in (select daybook_private.try_uuid(x.args ->> 'id') from x where x.kind = 'step')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'reminder')
    -- a person's labels and filters live in their Inbox's space, whose id is theirs
    union
    select auth.uid() from x where x.kind in ('label', 'filter')
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'task_label')));
end $$;

revoke all on function daybook_private.mutation_kind(text) from public, anon, authenticated;
revoke all on function daybook_private.apply_change(text, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.push_lists(jsonb) from public, anon, authenticated;

create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
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
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more),
    -- the caller's invitations, whole (list_invitations.sql): an invitee's come this way only
    'invitations', daybook_private.my_invitations(),
    -- the live links of the lists the caller owns, whole (list_links.sql)
    'links', daybook_private.my_links(),
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
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) into result;
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

revoke all on function public.sync_pull(uuid, jsonb, integer, boolean) from public, anon, service_role;
grant execute on function public.sync_pull(uuid, jsonb, integer, boolean) to authenticated;
