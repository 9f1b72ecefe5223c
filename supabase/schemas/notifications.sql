-- Notifications (SPEC §17): made by the server in the transaction of the change that causes them,
-- for the people §17 names and never the actor; a person reads only their own. Each recipient has
-- one counter (notification_heads) that every new row and read mark of theirs takes the next value
-- of: the row lock on the counter orders their writes in commit order, so a pull under the cursor
-- key `notifications` never skips a row committed late. A transaction locks the counter once and
-- settles it at commit (take_notification_versions). Kept 90 days: a transaction that writes a
-- recipient's rows prunes their older ones at commit, by the (recipient, at) index, and
-- prune_retained (retention.sql) those of the others.
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient uuid not null references auth.users (id) on delete cascade,
  -- assigned · task_changed · task_completed · comment · mention · invited · joined
  kind text not null,
  list_id uuid references public.lists (id) on delete cascade,
  task_id uuid,
  actor_id uuid,
  at timestamptz not null default now(),
  read_at timestamptz,
  -- what the screen shows without the task at hand: its title then, the actor's name, the list's name
  payload jsonb not null default '{}',
  version bigint not null default 0,
  constraint notifications_kind check (kind in ('assigned', 'task_changed', 'task_completed', 'comment', 'mention', 'invited', 'joined'))
);

create index notifications_recipient_version on public.notifications (recipient, version);

create index notifications_recipient_at on public.notifications (recipient, at);

create index notifications_unread on public.notifications (recipient) where read_at is null;

-- What prune_retained (retention.sql) finds idle people's old notifications by, oldest first
-- (a btree, as for history: task_history.sql).
create index notifications_at on public.notifications (at);

alter table public.notifications enable row level security;

revoke all on public.notifications from public, anon, authenticated;
grant select on public.notifications to authenticated;

create policy notifications_own on public.notifications for select to authenticated using (recipient = auth.uid());

create table daybook_private.notification_heads (
  user_id uuid primary key references auth.users (id) on delete cascade,
  version bigint not null default 0,
  -- true only inside the transaction that holds the row's lock, until its commit settles it
  pending boolean not null default false
);

-- Per list and person (list.notify): all, mine (assignments and mentions), or off. No row = all.
create table public.list_notify (
  list_id uuid not null references public.lists (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  level text not null,
  updated_at timestamptz not null default now(),
  primary key (list_id, user_id),
  constraint list_notify_level check (level in ('all', 'mine', 'off'))
);

alter table public.list_notify enable row level security;

revoke all on public.list_notify from public, anon, authenticated;
grant select on public.list_notify to authenticated;

create policy list_notify_own on public.list_notify for select to authenticated using (user_id = auth.uid());

-- The first of p_count new values of a person's counter. The first call of a transaction locks
-- their head row until commit and marks it pending; later calls of that transaction (each change
-- of a push is a sub-transaction of its own) number on from the highest value it holds, without
-- writing the row again: every write of one row in a new sub-transaction leaves a row version
-- that the next write walks past. The commit settles the head at the highest value taken
-- (settle_notification_head), so a pull's snapshot sees the rows and the head move together.
-- PL/pgSQL rather than SQL: PostgreSQL before 18 parses and plans a SQL function at every call
-- made from a new sub-transaction, PL/pgSQL keeps its plan for the session.
create or replace function daybook_private.take_notification_versions(p_user uuid, p_count int) returns bigint
language plpgsql as $$
declare
  v bigint;
  held boolean;
begin
  select greatest(h.version, coalesce((select max(n.version) from public.notifications n where n.recipient = p_user), 0)), h.pending
  into v, held
  from daybook_private.notification_heads h where h.user_id = p_user;
  if held then
    return v + 1;
  end if;
  insert into daybook_private.notification_heads as h (user_id, version, pending) values (p_user, p_count, true)
  on conflict (user_id) do update set version = h.version + p_count, pending = true
  returning h.version - p_count + 1 into v;
  return v;
end $$;

create or replace function daybook_private.take_notification_version(p_user uuid) returns bigint
language plpgsql as $$
begin
  return daybook_private.take_notification_versions(p_user, 1);
end $$;

-- At the commit of a transaction that took values of a person's counter: the head at the highest
-- of them, and the person's rows past 90 days gone.
create or replace function daybook_private.settle_notification_head() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  delete from public.notifications where recipient = new.user_id and at < now() - interval '90 days';
  update daybook_private.notification_heads h
  set version = greatest(h.version, coalesce((select max(n.version) from public.notifications n where n.recipient = new.user_id), 0)),
    pending = false
  where h.user_id = new.user_id;
  return null;
end $$;

create constraint trigger notification_heads_settle after insert or update on daybook_private.notification_heads
  deferrable initially deferred
  for each row when (new.pending)
  execute function daybook_private.settle_notification_head();

-- Makes one notification unless the recipient is the actor, has no account, or turned the list's
-- kind off (level `off`: none; `mine`: only what is theirs — assignments, changes to their tasks,
-- mentions, invitations).
create or replace function daybook_private.notify(
  p_recipient uuid, p_kind text, p_list uuid, p_task uuid, p_actor uuid, p_payload jsonb
) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lvl text;
begin
  if p_recipient is null or p_recipient is not distinct from p_actor then
    return;
  end if;
  if p_list is not null then
    lvl := (select level from public.list_notify where list_id = p_list and user_id = p_recipient);
    if lvl = 'off' or (lvl = 'mine' and p_kind in ('comment', 'joined')) then
      return;
    end if;
  end if;
  if not exists (select 1 from auth.users where id = p_recipient) then
    return;
  end if;
  insert into public.notifications (recipient, kind, list_id, task_id, actor_id, payload, version)
  values (p_recipient, p_kind, p_list, p_task, p_actor,
    p_payload || jsonb_build_object('actor_name', coalesce(daybook_private.person_name(p_actor), '')),
    daybook_private.take_notification_versions(p_recipient, 1));
end $$;

-- Tasks: assigned to someone; their task's title or date changed, or completed, by someone else.
create or replace function daybook_private.notify_task() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  actor uuid := auth.uid();
  payload jsonb := jsonb_build_object('title', new.title);
begin
  if new.deleted_at is not null or new.assignee is null then
    return null;
  end if;
  if tg_op = 'INSERT' or old.assignee is distinct from new.assignee then
    perform daybook_private.notify(new.assignee, 'assigned', new.list_id, new.id, actor, payload);
  elsif new.done and not old.done then
    perform daybook_private.notify(new.assignee, 'task_completed', new.list_id, new.id, actor, payload);
  elsif old.title is distinct from new.title or old.due_date is distinct from new.due_date then
    perform daybook_private.notify(new.assignee, 'task_changed', new.list_id, new.id, actor,
      payload || jsonb_build_object('old_title', old.title, 'due_date', new.due_date));
  end if;
  return null;
end $$;

create trigger tasks_notify_insert after insert on public.tasks
  for each row when (new.assignee is not null)
  execute function daybook_private.notify_task();

create trigger tasks_notify_update after update of assignee, done, title, due_date on public.tasks
  for each row when (new.assignee is not null)
  execute function daybook_private.notify_task();

-- Comments: the people mentioned (a mention), then the task's creator, assignee and earlier
-- commenters (a comment), each once.
create or replace function daybook_private.notify_comment() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  t public.tasks;
  mentioned uuid[] := daybook_private.comment_mentions(new.body);
  payload jsonb;
  r uuid;
begin
  select * into t from public.tasks where id = new.task_id;
  if not found then
    return null;
  end if;
  payload := jsonb_build_object('title', t.title, 'comment_id', new.id);
  for r in
    select distinct m.user_id from public.list_members m
    where m.list_id = new.list_id and m.deleted_at is null and m.user_id = any (mentioned)
  loop
    perform daybook_private.notify(r, 'mention', new.list_id, new.task_id, new.author_id, payload);
  end loop;
  for r in
    select u from (
      select t.created_by as u union select t.assignee
      union select c.author_id from public.comments c where c.task_id = new.task_id and c.id <> new.id and c.deleted_at is null
    ) x
    where u is not null and not (u = any (mentioned))
      and exists (select 1 from public.list_members m where m.list_id = new.list_id and m.user_id = x.u and m.deleted_at is null)
  loop
    perform daybook_private.notify(r, 'comment', new.list_id, new.task_id, new.author_id, payload);
  end loop;
  return null;
end $$;

create trigger comments_notify after insert on public.comments
  for each row execute function daybook_private.notify_comment();

-- Invitations: the invitee, when an account has that e-mail.
create or replace function daybook_private.notify_invitation() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  r uuid := (select id from auth.users where lower(email) = lower(new.email) and email_confirmed_at is not null limit 1);
begin
  perform daybook_private.notify(r, 'invited', null, null, new.invited_by,
    jsonb_build_object('list_name', (select name from public.lists where id = new.list_id), 'invited_list_id', new.list_id));
  return null;
end $$;

create trigger list_invitations_notify after insert on public.list_invitations
  for each row execute function daybook_private.notify_invitation();

-- Joins (an accepted invitation or a link): the list's owner.
create or replace function daybook_private.notify_join() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if new.role <> 'owner' and new.deleted_at is null and (tg_op = 'INSERT' or old.deleted_at is not null) then
    perform daybook_private.notify(l.owner_id, 'joined', l.id, null, new.user_id, jsonb_build_object('list_name', l.name))
    from public.lists l where l.id = new.list_id;
  end if;
  return null;
end $$;

create trigger list_members_notify after insert or update of deleted_at on public.list_members
  for each row execute function daybook_private.notify_join();

revoke all on function daybook_private.take_notification_versions(uuid, int), daybook_private.take_notification_version(uuid),
  daybook_private.settle_notification_head(), daybook_private.notify(uuid, text, uuid, uuid, uuid, jsonb),
  daybook_private.notify_task(), daybook_private.notify_comment(), daybook_private.notify_invitation(), daybook_private.notify_join()
  from public, anon, authenticated;
