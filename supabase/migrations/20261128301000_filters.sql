-- Saved filters (SPEC §14.2): a person's filters, in their Inbox's version space like labels,
-- each create, update and delete its own change.

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

-- A filter's name: trimmed, 1–60 characters, one line (the rule of every name: text_checks.sql).
create or replace function daybook_private.check_filter_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Filter name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Filter name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Filter name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 60 then
    perform daybook_private.refuse('invalid', 'Filter name must be at most 60 characters', 'name');
  end if;
  return t;
end $$;

-- A filter's query: an object of the known fields, of bounded size. Only the device reads it (the
-- predicate runs there), so its fields' values are the client's to check (src/domain/filters.ts).
create or replace function daybook_private.check_filter_query(p_value jsonb) returns jsonb
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'object' or length(p_value::text) > 40000
     or exists (select 1 from jsonb_object_keys(p_value) k
       where k not in ('lists', 'labels', 'assignee', 'priority_at_least', 'due', 'deadline_within', 'status', 'words')) then
    perform daybook_private.refuse('invalid', 'That filter can’t be saved', 'query');
  end if;
  return p_value;
end $$;

-- filter.create {id, name, query} · filter.update {id, patch: {name?, query?}} · filter.delete {id}.
-- Always the caller's own filter: anyone else's is `not_found`. A delete keeps the row so it syncs;
-- deleting twice is harmless. At most 100 live filters a person, counted under the caller's Inbox
-- counter lock (every filter write of one person takes it).
create or replace function daybook_private.apply_filter(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  fid uuid := daybook_private.arg_uuid(p_args, 'id');
  f public.filters;
  patch jsonb;
begin
  if p_name = 'filter.create' then
    perform daybook_private.version_base(uid);
    if exists (select 1 from public.filters where id = fid) then
      perform daybook_private.refuse('invalid', 'That filter id is already in use', 'id');
    end if;
    if (select count(*) from public.filters where user_id = uid and deleted_at is null) >= 100 then
      perform daybook_private.refuse('invalid', 'You can have at most 100 filters', 'id');
    end if;
    insert into public.filters (id, user_id, list_id, name, query)
    values (fid, uid, uid, daybook_private.check_filter_name(p_args -> 'name'), daybook_private.check_filter_query(p_args -> 'query'));
    return;
  end if;

  select * into f from public.filters where id = fid and user_id = uid for update;
  if not found then
    perform daybook_private.refuse('not_found', 'That filter no longer exists', 'id');
  end if;
  if p_name = 'filter.delete' then
    if f.deleted_at is null then
      update public.filters set deleted_at = now() where id = fid;
    end if;
    return;
  end if;
  if f.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'That filter was deleted on another device', 'id');
  end if;
  patch := p_args -> 'patch';
  if jsonb_typeof(patch) is distinct from 'object' then
    perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
  end if;
  update public.filters set
    name = case when patch ? 'name' then daybook_private.check_filter_name(patch -> 'name') else name end,
    query = case when patch ? 'query' then daybook_private.check_filter_query(patch -> 'query') else query end
  where id = fid;
end $$;

revoke all on function daybook_private.check_filter_name(jsonb) from public, anon;
revoke all on function daybook_private.check_filter_query(jsonb) from public, anon;
revoke all on function daybook_private.apply_filter(text, jsonb) from public, anon, authenticated;

-- the new entity's names, call and lists in sync_push's dispatch

create or replace function daybook_private.mutation_kind(p_name text) returns text
language sql immutable as $$
  select case
    when p_name in ('list.create', 'list.update', 'list.delete', 'list.restore', 'list.leave') then 'list'
    when p_name in ('member.invite', 'member.set_role', 'member.remove') then 'member'
    when p_name in ('task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
      'task.uncomplete_occurrence') then 'task'
    when p_name in ('step.create', 'step.update', 'step.delete', 'step.restore') then 'step'
    when p_name in ('reminder.set', 'reminder.clear', 'reminder.snooze') then 'reminder'
    when p_name in ('label.create', 'label.update', 'label.delete') then 'label'
    when p_name in ('task_label.add', 'task_label.remove') then 'task_label'
    when p_name in ('filter.create', 'filter.update', 'filter.delete') then 'filter'
  end
$$;

create or replace function daybook_private.apply_change(p_name text, p_args jsonb) returns void
language plpgsql as $$
begin
  case daybook_private.mutation_kind(p_name)
    when 'list' then perform daybook_private.apply_list(p_name, p_args);
    when 'member' then perform daybook_private.apply_member(p_name, p_args);
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
    when 'label' then perform daybook_private.apply_label(p_name, p_args);
    when 'task_label' then perform daybook_private.apply_task_label(p_name, p_args);
    when 'filter' then perform daybook_private.apply_filter(p_name, p_args);
  end case;
end $$;

create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select array(
    select daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id')) from x
      where x.kind in ('list', 'member')
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


-- filters in every pull

create or replace function public.sync_pull(p_client_id uuid, p_cursors jsonb default '{}'::jsonb, p_limit int default 1000,
  p_count boolean default false)
returns jsonb language plpgsql security invoker
-- JIT compiling this one big statement costs far more (about a second) than running it
set search_path = public, pg_temp set jit = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 1000), 1), 1000);
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

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;


create policy filters_read on public.filters for select to authenticated
  using (user_id = auth.uid());
