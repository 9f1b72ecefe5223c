-- Recording history and notifications costs the push that carries a change less.
-- Notifications: a transaction locks a person's counter once and settles it at its commit, rather
-- than writing the counter row again in each change's sub-transaction (every such write left a
-- row version the next one walked past); a person's rows past 90 days are pruned at that commit,
-- not at each insert. History: no foreign keys on task_history (an entry is written by its own
-- task's change); the entries go with their task or list by triggers, as the cascade did.

alter table daybook_private.notification_heads add column pending boolean not null default false;

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

create or replace function daybook_private.apply_notification(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  ids uuid[];
  lid uuid;
  lvl text;
  before timestamptz;
  first_v bigint;
begin
  if p_name = 'list.notify' then
    lid := daybook_private.arg_uuid(p_args, 'list_id');
    if daybook_private.role_on(lid) is null then
      perform daybook_private.refuse('not_found', 'That list no longer exists', 'list_id');
    end if;
    lvl := case when jsonb_typeof(p_args -> 'level') = 'string' then p_args ->> 'level' end;
    if lvl is null or lvl not in ('all', 'mine', 'off') then
      perform daybook_private.refuse('invalid', 'Notifications must be All, Only mine or Off', 'level');
    end if;
    insert into public.list_notify as n (list_id, user_id, level) values (lid, me, lvl)
    on conflict (list_id, user_id) do update set level = excluded.level, updated_at = now();
    -- a new head version: the pull sends the levels again
    perform daybook_private.take_notification_version(me);
    return;
  end if;
  if p_name = 'notification.read' then
    if jsonb_typeof(p_args -> 'ids') is distinct from 'array' or jsonb_array_length(p_args -> 'ids') > 1000 then
      perform daybook_private.refuse('invalid', 'ids must be a list of at most 1,000 notification ids', 'ids');
    end if;
    select array_agg(n.id order by n.id) into ids from public.notifications n
    where n.recipient = me and n.read_at is null
      and n.id = any (array(select daybook_private.try_uuid(e) from jsonb_array_elements_text(p_args -> 'ids') e));
  else
    begin
      before := (p_args ->> 'before')::timestamptz;
    exception when others then
      before := null;
    end;
    if before is null then
      perform daybook_private.refuse('invalid', 'before must be a time', 'before');
    end if;
    select array_agg(n.id order by n.id) into ids from public.notifications n
    where n.recipient = me and n.read_at is null and n.at <= before;
  end if;
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  first_v := daybook_private.take_notification_versions(me, cardinality(ids));
  update public.notifications x set read_at = now(), version = first_v + o.rn - 1
  from unnest(ids) with ordinality o(id, rn) where x.id = o.id;
end $$;

revoke all on function daybook_private.take_notification_versions(uuid, int), daybook_private.settle_notification_head()
  from public, anon, authenticated;

alter table daybook_private.task_history drop constraint task_history_task_id_fkey,
  drop constraint task_history_list_id_fkey;

create or replace function daybook_private.forget_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if tg_table_name = 'tasks' then
    delete from daybook_private.task_history h where h.task_id in (select o.id from old_rows o);
  else
    delete from daybook_private.task_history h where h.list_id in (select o.id from old_rows o);
  end if;
  return null;
end $$;

create trigger tasks_history_forget after delete on public.tasks
  referencing old table as old_rows
  for each statement execute function daybook_private.forget_history();

create trigger lists_history_forget after delete on public.lists
  referencing old table as old_rows
  for each statement execute function daybook_private.forget_history();

revoke all on function daybook_private.forget_history() from public, anon, authenticated;
