-- The task's live steps, tombstoned with it.
create or replace function daybook_private.tombstone_task_steps(p_task uuid, p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.steps s set deleted_at = now(), deleted_with_task = true, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task and deleted_at is null) x
  where s.id = x.id;
end $$;

-- The steps the task's delete took, back with it.
create or replace function daybook_private.revive_task_steps(p_task uuid, p_list uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and deleted_with_task);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_list, n);
  update public.steps s set deleted_at = null, deleted_with_task = false, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task and deleted_with_task) x
  where s.id = x.id;
end $$;

-- The task's ticked live steps unticked: a repeating task's checklist starts over for its next
-- occurrence, in the completion's transaction. One version block, as for a delete.
create or replace function daybook_private.untick_task_steps(p_task uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and done and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions((select list_id from public.tasks where id = p_task), n);
  update public.steps s set done = false, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task and done and deleted_at is null) x
  where s.id = x.id;
end $$;

-- The step ids an Undo of a completion names (the steps that completion unticked): at most a
-- task's 100, each a UUID; null when it names none.
create or replace function daybook_private.check_step_ids(p_steps jsonb) returns uuid[]
language plpgsql immutable as $$
begin
  if p_steps is null or jsonb_typeof(p_steps) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_steps) <> 'array' or jsonb_array_length(p_steps) > 100
     or exists (select 1 from jsonb_array_elements(p_steps) e
                where jsonb_typeof(e) <> 'string'
                   or (e #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    perform daybook_private.refuse('invalid', 'steps must be a list of step ids', 'steps');
  end if;
  return array(select (e #>> '{}')::uuid from jsonb_array_elements(p_steps) e);
end $$;

-- Those of p_steps that are still the task's, live and unticked, ticked again by the Undo of the
-- completion that unticked them; a step ticked or deleted since is left as it is.
create or replace function daybook_private.tick_task_steps(p_task uuid, p_steps uuid[]) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task and id = any(p_steps) and not done and deleted_at is null);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions((select list_id from public.tasks where id = p_task), n);
  update public.steps s set done = true, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps
        where task_id = p_task and id = any(p_steps) and not done and deleted_at is null) x
  where s.id = x.id;
end $$;

-- Every step of the task (tombstones too), moved with it into p_to: new versions there.
create or replace function daybook_private.move_task_steps(p_task uuid, p_to uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  n bigint := (select count(*) from public.steps where task_id = p_task);
  first_v bigint;
begin
  if n = 0 then
    return;
  end if;
  first_v := daybook_private.take_versions(p_to, n);
  update public.steps s set list_id = p_to, updated_at = now(), version = first_v + x.rn - 1
  from (select id, row_number() over (order by id) as rn from public.steps where task_id = p_task) x
  where s.id = x.id;
end $$;

-- step.create · step.update · step.delete · step.restore. Rights come from the step's task's
-- list (editors and owners; viewers `forbidden`; strangers `not_found`); a step of a deleted task
-- is deleted with it, so edits are refused `deleted` until task.restore brings it back.
create or replace function daybook_private.apply_step(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  sid uuid := daybook_private.arg_uuid(p_args, 'id');
  s public.steps;
  t public.tasks;
  patch jsonb;
  r text;
  new_title text;
  new_position text;
begin
  if p_name = 'step.create' then
    -- the task's row lock serialises creates and restores of its steps, so the count below holds
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
    if exists (select 1 from public.steps where id = sid) then
      perform daybook_private.refuse('invalid', 'That step id is already in use', 'id');
    end if;
    new_title := daybook_private.check_step_title(p_args -> 'title');
    new_position := daybook_private.check_position(p_args -> 'position');
    if (select count(*) from public.steps where task_id = t.id and deleted_at is null) >= 100 then
      perform daybook_private.refuse('invalid', 'A task holds at most 100 steps', 'task_id');
    end if;
    insert into public.steps (id, task_id, list_id, title, position) values (sid, t.id, t.list_id, new_title, new_position);
    return;
  end if;

  select * into s from public.steps where id = sid for update;
  if found then
    select * into t from public.tasks where id = s.task_id;
  end if;
  r := case when t.id is not null then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This step was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'step.update' then
    if s.deleted_at is not null or t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This step was deleted on another device');
    end if;
    patch := p_args -> 'patch';
    if jsonb_typeof(patch) is distinct from 'object' then
      perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
    end if;
    if patch ? 'done' and jsonb_typeof(patch -> 'done') is distinct from 'boolean' then
      perform daybook_private.refuse('invalid', 'done must be true or false', 'done');
    end if;
    update public.steps set
      title = case when patch ? 'title' then daybook_private.check_step_title(patch -> 'title') else title end,
      done = case when patch ? 'done' then (patch ->> 'done')::boolean else done end,
      position = case when patch ? 'position' then daybook_private.check_position(patch -> 'position') else position end
    where id = sid;
  elsif p_name = 'step.delete' then
    if s.deleted_at is null then
      update public.steps set deleted_at = now(), deleted_with_task = false where id = sid;
    elsif s.deleted_with_task then
      -- deleted with its task, and now on its own: restoring the task must not bring it back
      update public.steps set deleted_with_task = false where id = sid;
    end if;
  elsif p_name = 'step.restore' then
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'Its task was deleted', 'task_id');
    end if;
    if s.deleted_at is not null then
      -- a step coming back counts like a new one (SPEC §15: every path into a live record); the
      -- task's row lock serialises it with creates on the task, as in step.create
      perform 1 from public.tasks where id = t.id for update;
      if (select count(*) from public.steps where task_id = t.id and deleted_at is null) >= 100 then
        perform daybook_private.refuse('invalid', 'A task holds at most 100 steps', 'task_id');
      end if;
      update public.steps set deleted_at = null, deleted_with_task = false where id = sid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.tombstone_task_steps(uuid, uuid) from public, anon, authenticated;
revoke all on function daybook_private.revive_task_steps(uuid, uuid) from public, anon, authenticated;
revoke all on function daybook_private.move_task_steps(uuid, uuid) from public, anon, authenticated;
revoke all on function daybook_private.untick_task_steps(uuid) from public, anon, authenticated;
revoke all on function daybook_private.check_step_ids(jsonb) from public, anon, authenticated;
revoke all on function daybook_private.tick_task_steps(uuid, uuid[]) from public, anon, authenticated;
revoke all on function daybook_private.apply_step(text, jsonb) from public, anon, authenticated;
