-- Labels (SPEC §14.1): a person's labels (their Inbox's version space) and their labels on tasks
-- (per person, in the task's list, like reminders), each add and remove its own change.

-- A person's labels (SPEC §14.1): a name and a colour, seen only by their owner. Their version
-- space is the owner's Inbox (whose id is the owner's id, and which every account has), so they
-- reach the owner's devices through the same cursors as everything else and need no list of their
-- own; list_id is that space, kept equal to user_id.
create table public.labels (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  list_id uuid not null,
  name text not null,
  color text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  constraint labels_space check (list_id = user_id),
  constraint labels_name_len check (char_length(name) between 1 and 60),
  constraint labels_color check (color in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'))
);

-- pull reads the caller's rows past its Inbox's cursor; the limit counts the live ones
create index labels_user_version on public.labels (user_id, list_id, version);

create trigger labels_version before insert or update on public.labels
  for each row execute function daybook_private.take_version_in_list();

alter table public.labels enable row level security;

revoke all on public.labels from public, anon, authenticated;
grant select on public.labels to authenticated;

-- What sync_pull brings of this table (kind 'b'): the caller's own labels, deleted ones too (a
-- delete reaches their other devices), in the caller's Inbox only.
create or replace function daybook_private.pull_labels_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'b'::text, b.list_id, b.version, b.id from public.labels b
    where b.user_id = p_me and b.list_id = p_list and b.version > p_after order by b.version limit p_limit
$$;
create or replace function daybook_private.pull_labels_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(b) - 'user_id' - 'list_id' order by b.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.labels b on b.id = k.row_id and b.user_id = p_me);
end $$;
create or replace function daybook_private.pull_labels_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.labels b on b.user_id = p_me and b.list_id = c.list_id and b.version > c.after);
end $$;
revoke all on function daybook_private.pull_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_labels_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_labels_count(uuid, uuid[], bigint[]) to authenticated;

-- One person's label on one task (SPEC §14.1): like a reminder, a per-person record in the task's
-- list (its version space, kept equal to the task's list: a move moves it), so a viewer may label
-- for themselves and nobody else sees it. One row per label, so two devices adding different
-- labels keep both. A removed label keeps its row (deleted_at set), so the removal syncs.
-- `id` names the row for pull's keys, which are one uuid a row.
create table public.task_labels (
  task_id uuid not null references public.tasks (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label_id uuid not null references public.labels (id) on delete cascade,
  list_id uuid not null references public.lists (id) on delete cascade,
  id uuid not null default gen_random_uuid() unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  version bigint not null default 0,
  primary key (task_id, user_id, label_id)
);

create index task_labels_user_list_version on public.task_labels (user_id, list_id, version);

create trigger task_labels_version before insert or update on public.task_labels
  for each row execute function daybook_private.take_version_in_list();

alter table public.task_labels enable row level security;

-- A task's move carries every member's labels on it into the target list, as it does reminders.
create or replace function daybook_private.move_task_labels() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update public.task_labels set list_id = new.list_id where task_id = new.id;
  return null;
end $$;

create trigger tasks_move_labels after update of list_id on public.tasks
  for each row when (old.list_id is distinct from new.list_id)
  execute function daybook_private.move_task_labels();

revoke all on public.task_labels from public, anon, authenticated;
grant select on public.task_labels to authenticated;
revoke all on function daybook_private.move_task_labels() from public, anon, authenticated;

-- What sync_pull brings of this table (kind 'g'): the caller's own rows past a list's cursor,
-- removed ones too, without the user id (the caller's).
create or replace function daybook_private.pull_task_labels_keys(p_me uuid, p_list uuid, p_after bigint, p_limit int)
returns table (kind text, list_id uuid, version bigint, row_id uuid) language sql stable as $$
  select 'g'::text, g.list_id, g.version, g.id from public.task_labels g
    where g.user_id = p_me and g.list_id = p_list and g.version > p_after order by g.version limit p_limit
$$;
create or replace function daybook_private.pull_task_labels_rows(p_me uuid, p_lists uuid[], p_rows uuid[]) returns jsonb
language plpgsql stable as $$
begin
  return (select coalesce(jsonb_agg(to_jsonb(g) - 'user_id' - 'id' - 'created_at' order by g.list_id, g.version), '[]')
    from unnest(p_lists, p_rows) k(list_id, row_id) join public.task_labels g on g.id = k.row_id and g.user_id = p_me);
end $$;
create or replace function daybook_private.pull_task_labels_count(p_me uuid, p_lists uuid[], p_after bigint[]) returns bigint
language plpgsql stable as $$
begin
  return (select count(*) from unnest(p_lists, p_after) c(list_id, after) join public.task_labels g on g.user_id = p_me and g.list_id = c.list_id and g.version > c.after);
end $$;
revoke all on function daybook_private.pull_task_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_task_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_task_labels_count(uuid, uuid[], bigint[]) from public, anon;
grant execute on function daybook_private.pull_task_labels_keys(uuid, uuid, bigint, int), daybook_private.pull_task_labels_rows(uuid, uuid[], uuid[]),
  daybook_private.pull_task_labels_count(uuid, uuid[], bigint[]) to authenticated;

-- A label's name: trimmed, 1–60 characters, one line (the rule of every name: text_checks.sql).
create or replace function daybook_private.check_label_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Label name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Label name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Label name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 60 then
    perform daybook_private.refuse('invalid', 'Label name must be at most 60 characters', 'name');
  end if;
  return t;
end $$;

-- label.create {id, name, color} · label.update {id, patch: {name?, color?}} · label.delete {id}.
-- Always the caller's own label: anyone else's is `not_found`, as if it did not exist. A delete
-- keeps the row (deleted_at) so it syncs; deleting twice is harmless. At most 500 live labels a
-- person, counted under the caller's Inbox counter lock (every label write of one person takes it).
create or replace function daybook_private.apply_label(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  lid uuid := daybook_private.arg_uuid(p_args, 'id');
  b public.labels;
  patch jsonb;
begin
  if p_name = 'label.create' then
    perform daybook_private.version_base(uid);
    if exists (select 1 from public.labels where id = lid) then
      perform daybook_private.refuse('invalid', 'That label id is already in use', 'id');
    end if;
    if (select count(*) from public.labels where user_id = uid and deleted_at is null) >= 500 then
      perform daybook_private.refuse('invalid', 'You can have at most 500 labels', 'id');
    end if;
    insert into public.labels (id, user_id, list_id, name, color)
    values (lid, uid, uid, daybook_private.check_label_name(p_args -> 'name'), daybook_private.check_color(p_args -> 'color'));
    return;
  end if;

  select * into b from public.labels where id = lid and user_id = uid for update;
  if not found then
    perform daybook_private.refuse('not_found', 'That label no longer exists', 'id');
  end if;
  if p_name = 'label.delete' then
    if b.deleted_at is null then
      update public.labels set deleted_at = now() where id = lid;
    end if;
    return;
  end if;
  if b.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'That label was deleted on another device', 'id');
  end if;
  patch := p_args -> 'patch';
  if jsonb_typeof(patch) is distinct from 'object' then
    perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
  end if;
  update public.labels set
    name = case when patch ? 'name' then daybook_private.check_label_name(patch -> 'name') else name end,
    color = case when patch ? 'color' then daybook_private.check_color(patch -> 'color') else color end
  where id = lid;
end $$;

revoke all on function daybook_private.check_label_name(jsonb) from public, anon;
revoke all on function daybook_private.apply_label(text, jsonb) from public, anon, authenticated;

-- task_label.add {task_id, label_id} · task_label.remove {task_id, label_id}: the caller's own
-- label on a task they can see (viewers too: nobody else sees it); strangers get `not_found`.
-- add needs a live task and a live label of the caller's, and holds at most 20 live labels on a
-- task for a person (counted under the task's row lock, which every add on it takes); adding what
-- is on is an applied no-op. remove keeps the row (deleted_at) so it syncs, works on a deleted
-- task too, and is a no-op for what is not on.
create or replace function daybook_private.apply_task_label(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  t public.tasks;
  b public.labels;
  g public.task_labels;
begin
  select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
  if not found or daybook_private.role_on(t.list_id) is null then
    perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
  end if;
  select * into g from public.task_labels
    where task_id = t.id and user_id = uid and label_id = daybook_private.arg_uuid(p_args, 'label_id') for update;

  if p_name = 'task_label.remove' then
    if found and g.deleted_at is null then
      update public.task_labels set deleted_at = now() where task_id = t.id and user_id = uid and label_id = g.label_id;
    end if;
    return;
  end if;

  if t.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
  end if;
  select * into b from public.labels where id = daybook_private.arg_uuid(p_args, 'label_id') and user_id = uid;
  if not found then
    perform daybook_private.refuse('not_found', 'That label no longer exists', 'label_id');
  end if;
  if b.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'That label was deleted on another device', 'label_id');
  end if;
  if g.task_id is not null and g.deleted_at is null then
    return;
  end if;
  if (select count(*) from public.task_labels tl join public.labels l on l.id = tl.label_id
      where tl.task_id = t.id and tl.user_id = uid and tl.deleted_at is null and l.deleted_at is null) >= 20 then
    perform daybook_private.refuse('invalid', 'A task holds at most 20 labels', 'label_id');
  end if;
  insert into public.task_labels (task_id, user_id, label_id, list_id) values (t.id, uid, b.id, t.list_id)
  on conflict (task_id, user_id, label_id) do update set deleted_at = null, list_id = excluded.list_id;
end $$;

revoke all on function daybook_private.apply_task_label(text, jsonb) from public, anon, authenticated;

-- the new entities' names, calls and lists in sync_push's dispatch

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
    -- a person's labels live in their Inbox's space, whose id is theirs
    union
    select auth.uid() from x where x.kind = 'label'
    union
    select t.list_id from public.tasks t
      where t.id in (select daybook_private.try_uuid(x.args ->> 'task_id') from x where x.kind = 'task_label')));
end $$;


-- labels and task labels in every pull

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
          + daybook_private.pull_departed_count(me, n.lists, n.afters)
        from (select array_agg(nxt.list_id) as lists, array_agg(nxt.c) as afters from nxt) n) end
  ) into result;

  if not coalesce(p_count, false) then
    result := result - 'remaining';
  end if;
  return result;
end $$;


create policy labels_read on public.labels for select to authenticated
  using (user_id = auth.uid());

create policy task_labels_read on public.task_labels for select to authenticated
  using (user_id = auth.uid() and list_id in (select daybook_private.my_list_ids()));
