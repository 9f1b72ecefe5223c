-- Comments on tasks (SPEC §17): the table and its pull functions, the triggers that carry a task's
-- comments through its moves, deletes and restores, comment.create/update/delete, and the
-- shared functions that learn the new kind: push_dispatch's mutation_kind, apply_change and
-- push_lists, and sync_pull (one line each in its keys, answer and remaining).

-- Comments on a task (SPEC §17): one row each, in the task's list (kept equal to it: a move moves
-- them), so they travel with the list's cursor and its members read them. The body is plain text;
-- a mention is the token `@[name](user id)` inside it (comment_mentions reads them).
create table public.comments (
  id uuid primary key,
  task_id uuid not null references public.tasks (id) on delete cascade,
  list_id uuid not null references public.lists (id) on delete cascade,
  author_id uuid not null,
  body text not null,
  created_at timestamptz not null default now(),
  -- when its author last changed the body; null for a comment never edited
  edited_at timestamptz,
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- set when its task's delete (or its list's, through the task) tombstoned it: the task's
  -- restore brings back exactly these
  deleted_with_task boolean not null default false,
  version bigint not null default 0,
  constraint comments_body_len check (char_length(body) between 1 and 2000)
);

create index comments_list_version on public.comments (list_id, version);

create index comments_task on public.comments (task_id) where deleted_at is null;

create index comments_task_all on public.comments (task_id);

create trigger comments_version before insert or update on public.comments
  for each row execute function daybook_private.take_version_in_list();

alter table public.comments enable row level security;

revoke all on public.comments from public, anon, authenticated;
grant select on public.comments to authenticated;

-- What sync_pull brings of this table (kind 'c'), as for steps: deleted_with_task only on
-- tombstones (the device's task.restore revives the same comments).
create or replace function daybook_private.pull_comments_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'c'::text, c.list_id, c.version, c.id from public.comments c
    where c.list_id = p_list and c.version > p_after order by c.version limit p_limit
$$;
create or replace function daybook_private.pull_comments_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(case when c.deleted_at is null then to_jsonb(c) - 'deleted_with_task' else to_jsonb(c) end order by c.list_id, c.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.comments c on c.id = k.row_id);
end $$;
create or replace function daybook_private.pull_comments_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.comments m on m.list_id = c.list_id and m.version > c.after);
end $$;
revoke all on function daybook_private.pull_comments_keys(uuid, uuid, bigint, int), daybook_private.pull_comments_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_comments_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_comments_keys(uuid, uuid, bigint, int), daybook_private.pull_comments_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_comments_count(uuid, uuid[], bigint[]) to authenticated;

-- A task's move carries its comments (tombstones too) into the target list, new versions there;
-- the task's departure from the old list covers them. Triggers, so that every path that moves,
-- deletes or restores a task (task.update, task.delete, task.restore, list.delete, list.restore)
-- carries its comments without restating those functions.
create or replace function daybook_private.move_task_comments() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.comments where task_id = new.id);
  first_v bigint;
begin
  if n > 0 then
    first_v := daybook_private.take_versions(new.list_id, n);
    update public.comments c set list_id = new.list_id, updated_at = now(), version = first_v + x.rn - 1
    from (select id, row_number() over (order by id) as rn from public.comments where task_id = new.id) x
    where c.id = x.id;
  end if;
  return null;
end $$;

create trigger tasks_move_comments after update of list_id on public.tasks
  for each row when (old.list_id is distinct from new.list_id)
  execute function daybook_private.move_task_comments();

-- A task's delete tombstones its live comments (marked deleted_with_task); its restore brings back
-- exactly those. One version block each, as for steps.
create or replace function daybook_private.follow_task_delete_comments() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint;
  first_v bigint;
begin
  if new.deleted_at is not null then
    n := (select count(*) from public.comments where task_id = new.id and deleted_at is null);
    if n > 0 then
      first_v := daybook_private.take_versions(new.list_id, n);
      update public.comments c set deleted_at = now(), deleted_with_task = true, updated_at = now(), version = first_v + x.rn - 1
      from (select id, row_number() over (order by id) as rn from public.comments where task_id = new.id and deleted_at is null) x
      where c.id = x.id;
    end if;
  else
    n := (select count(*) from public.comments where task_id = new.id and deleted_with_task);
    if n > 0 then
      first_v := daybook_private.take_versions(new.list_id, n);
      update public.comments c set deleted_at = null, deleted_with_task = false, updated_at = now(), version = first_v + x.rn - 1
      from (select id, row_number() over (order by id) as rn from public.comments where task_id = new.id and deleted_with_task) x
      where c.id = x.id;
    end if;
  end if;
  return null;
end $$;

-- A list's delete and restore number their tasks' versions from one base (version_base) and leave
-- the comments of the tasks they take as they are (the tasks hide them, and come back together).
create trigger tasks_delete_comments after update of deleted_at on public.tasks
  for each row when ((old.deleted_at is null) <> (new.deleted_at is null) and not old.deleted_with_list and not new.deleted_with_list)
  execute function daybook_private.follow_task_delete_comments();

revoke all on function daybook_private.move_task_comments() from public, anon, authenticated;
revoke all on function daybook_private.follow_task_delete_comments() from public, anon, authenticated;

-- A comment's body (SPEC §17): plain text, trimmed, 1–2,000 characters, newlines and tabs kept.
create or replace function daybook_private.check_comment_body(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Comment is required', 'body');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Comment is required', 'body');
  elsif daybook_private.has_control(t, true) then
    perform daybook_private.refuse('invalid', 'Comment contains a character that can’t be saved', 'body');
  elsif char_length(t) > 2000 then
    perform daybook_private.refuse('invalid', 'Comment must be at most 2,000 characters', 'body');
  end if;
  return t;
end $$;

-- The people a comment's body mentions: the user ids of its `@[name](user id)` tokens, each
-- once, in the order they first appear (what notifications read; the app parses the same way).
create or replace function daybook_private.comment_mentions(p_body text) returns uuid[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(u order by first), '{}') from (
    select lower(m[1])::uuid as u, min(n) as first
    from regexp_matches(p_body, '@\[[^\]\n]{1,80}\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)', 'g')
      with ordinality r(m, n)
    group by 1) x
$$;

-- comment.create {id, task_id, body} · comment.update {id, body} · comment.delete {id}. Rights come
-- from the task's list: owners and editors write, viewers are `forbidden`, strangers `not_found`;
-- only the author edits, the author or the list's owner deletes. A comment of a deleted task went
-- with it, so edits are refused `deleted` until the task's restore brings it back.
create or replace function daybook_private.apply_comment(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  cid uuid := daybook_private.arg_uuid(p_args, 'id');
  c public.comments;
  t public.tasks;
  r text;
  new_body text;
begin
  if p_name = 'comment.create' then
    -- the task's row lock serialises creates on the task, so the count below holds
    select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
    r := case when found then daybook_private.role_on(t.list_id) end;
    if r is null then
      perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
    end if;
    if r = 'viewer' then
      perform daybook_private.refuse('forbidden', 'You can only view this list');
    end if;
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
    end if;
    if exists (select 1 from public.comments where id = cid) then
      perform daybook_private.refuse('invalid', 'That comment id is already in use', 'id');
    end if;
    new_body := daybook_private.check_comment_body(p_args -> 'body');
    if (select count(*) from public.comments where task_id = t.id and deleted_at is null) >= 500 then
      perform daybook_private.refuse('invalid', 'A task holds at most 500 comments', 'task_id');
    end if;
    insert into public.comments (id, task_id, list_id, author_id, body) values (cid, t.id, t.list_id, auth.uid(), new_body);
    return;
  end if;

  select * into c from public.comments where id = cid for update;
  if found then
    select * into t from public.tasks where id = c.task_id;
  end if;
  r := case when t.id is not null then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This comment was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'comment.update' then
    if c.author_id is distinct from auth.uid() then
      perform daybook_private.refuse('forbidden', 'Only its author can edit a comment');
    end if;
    if c.deleted_at is not null or t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This comment was deleted on another device');
    end if;
    new_body := daybook_private.check_comment_body(p_args -> 'body');
    if new_body is distinct from c.body then
      update public.comments set body = new_body, edited_at = now() where id = cid;
    end if;
  elsif p_name = 'comment.delete' then
    if c.author_id is distinct from auth.uid() and r <> 'owner' then
      perform daybook_private.refuse('forbidden', 'Only its author or the list''s owner can delete a comment');
    end if;
    if c.deleted_at is null then
      update public.comments set deleted_at = now(), deleted_with_task = false where id = cid;
    elsif c.deleted_with_task then
      -- deleted with its task, and now on its own: restoring the task must not bring it back
      update public.comments set deleted_with_task = false where id = cid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.check_comment_body(jsonb) from public, anon, authenticated;
revoke all on function daybook_private.comment_mentions(text) from public, anon, authenticated;
revoke all on function daybook_private.apply_comment(text, jsonb) from public, anon, authenticated;

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
    when p_name in ('comment.create', 'comment.update', 'comment.delete') then 'comment'
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
    when 'comment' then perform daybook_private.apply_comment(p_name, p_args);
  end case;
end $$;

-- Every list a batch may write to, read before anything is locked: the lists its changes name,
-- and the current lists of the tasks and steps they name (a task's steps and reminders live in
-- its list). Ids that are not uuids are left out; their changes are refused when applied.
-- (PL/pgSQL rather than SQL: its plans are kept for the session instead of made at every push.
-- The ids are gathered into variables first and looked up with `= any(variable)`, an index probe
-- each whatever the statistics say: as `in (subquery)` or `= any(array(subquery))` in a `union`,
-- a plan made while a table looked small read all of it for every push.)
create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  named uuid[];
  task_ids uuid[];
  step_ids uuid[];
  mine boolean;
  comment_ids uuid[];
begin
  with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select
    coalesce(array_agg(case
      when x.kind in ('list', 'member', 'invitation', 'link') then daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id'))
      when x.name = 'task.create' then daybook_private.try_uuid(x.args ->> 'list_id')
      else daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') end)
      filter (where x.kind in ('list', 'member', 'invitation', 'link') or x.name in ('task.create', 'task.update')), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(case when x.kind = 'task' then x.args ->> 'id' else x.args ->> 'task_id' end))
      filter (where x.kind in ('task', 'reminder', 'task_label') or x.name = 'step.create'), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(x.args ->> 'id')) filter (where x.kind = 'step'), '{}'),
    -- a person's labels and filters live in their Inbox's space, whose id is theirs
    coalesce(bool_or(x.kind in ('label', 'filter')), false),
    -- a comment lives in its task's list: a new one names its task, the others themselves
    coalesce(array_agg(daybook_private.try_uuid(case when x.name = 'comment.create' then x.args ->> 'task_id' else x.args ->> 'id' end))
      filter (where x.kind = 'comment'), '{}')
  into named, task_ids, step_ids, mine, comment_ids
  from x;
  -- (each lookup apart, then made distinct: under a `union` the planner may prefer reading a whole
  -- index in list order to probing the ids and sorting what it found)
  return array(select distinct u from unnest(named
    || array(select t.list_id from public.tasks t where t.id = any(task_ids))
    || array(select s.list_id from public.steps s where s.id = any(step_ids))
    || array(select t.list_id from public.tasks t where t.id = any(comment_ids))
    || array(select c.list_id from public.comments c where c.id = any(comment_ids))
    || case when mine then array[auth.uid()] else '{}'::uuid[] end) u);
end $$;

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
    'visible_lists', coalesce((select jsonb_agg(list_id order by list_id) from vis), '[]'),
    'cursors', coalesce((select jsonb_object_agg(nxt.list_id::text, nxt.c) from nxt), '{}')
      || jsonb_build_object('refused', (select greatest(rc, upto) from complete)) || (select s -> 'cursors' from shared),
    'refused', coalesce((select jsonb_agg(jsonb_build_object('id', mutation_id, 'error', error, 'name', name, 'args', args)
        order by mutation_id) from refused_kept), '[]'),
    -- RLS shows the caller their own client rows only (the check above refused anyone else's).
    -- A page never acknowledges a change whose refusal it does not carry; a device without the
    -- refused cursor is acknowledged up to its last mutation id (it never pages through the stream).
    'last_mutation_id', (select case when has_rc then upto else last end from complete),
    'has_more', (select rows or refusals from more),
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
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) || (select s - 'cursors' from shared) into result;
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

create policy comments_read on public.comments for select to authenticated
  using (list_id in (select daybook_private.my_list_ids()));
