-- reminder.set {task_id, offset_minutes} · reminder.clear {task_id} · reminder.snooze {task_id,
-- occurrence, until}. Always the caller's own row: anyone who can see the task may act (viewers
-- too), strangers get `not_found`. set needs a live task with a due date and ends any snooze;
-- clear keeps the row (offset null) so it syncs, and is applied on a deleted task too; snoozing
-- a reminder that is not set (cleared meanwhile on another device) is an applied no-op.
create or replace function daybook_private.apply_reminder(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  t public.tasks;
  rem public.reminders;
  is_set boolean;
  off jsonb;
  occ date;
  until_at timestamptz;
begin
  -- the task's row lock orders this against a move of the task (which moves its reminders)
  select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
  if not found or daybook_private.role_on(t.list_id) is null then
    perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
  end if;
  select * into rem from public.reminders where task_id = t.id and user_id = uid for update;
  is_set := found and rem.offset_minutes is not null;

  if p_name = 'reminder.clear' then
    if is_set then
      update public.reminders set offset_minutes = null, snoozed_until = null, snoozed_occurrence = null
      where task_id = t.id and user_id = uid;
    end if;
    return;
  end if;
  if t.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
  end if;

  if p_name = 'reminder.set' then
    off := p_args -> 'offset_minutes';
    if jsonb_typeof(off) is distinct from 'number' or (off #>> '{}') not in ('0', '5', '15', '30', '60', '1440') then
      perform daybook_private.refuse('invalid', 'Pick one of the reminder times', 'offset_minutes');
    end if;
    if t.due_date is null then
      perform daybook_private.refuse('invalid', 'Set a date before adding a reminder', 'due_date');
    end if;
    insert into public.reminders (task_id, user_id, list_id, offset_minutes)
    values (t.id, uid, t.list_id, (off #>> '{}')::int)
    on conflict (task_id, user_id) do update set offset_minutes = excluded.offset_minutes, list_id = excluded.list_id,
      snoozed_until = null, snoozed_occurrence = null;
  elsif p_name = 'reminder.snooze' then
    occ := daybook_private.check_day(p_args -> 'occurrence', 'occurrence');
    if occ is null then
      perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'occurrence');
    end if;
    until_at := daybook_private.check_instant(p_args -> 'until', 'until');
    if is_set then
      update public.reminders set snoozed_until = until_at, snoozed_occurrence = occ
      where task_id = t.id and user_id = uid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.apply_reminder(text, jsonb) from public, anon, authenticated;
