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
