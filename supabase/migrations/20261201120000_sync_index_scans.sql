-- sync_pull plans with index lookups only (no sequential scans, no hash or merge joins) and
-- sync_push without sequential scans, for every function they call too: PL/pgSQL keeps a
-- statement's plan for the session, and a plan made while a table's statistics said it was small
-- (a scan of a few rows, or a hash of them) read the whole table on every sync until the next
-- ANALYZE. Every lookup they make has its index.
alter function public.sync_pull(uuid, jsonb, int, boolean) set enable_seqscan = off;
alter function public.sync_pull(uuid, jsonb, int, boolean) set enable_hashjoin = off;
alter function public.sync_pull(uuid, jsonb, int, boolean) set enable_mergejoin = off;
alter function public.sync_push(uuid, jsonb) set enable_seqscan = off;

-- push_lists gathers the ids first and probes each lookup apart with `= any(variable)`: as
-- `in (subquery)` inside a `union`, a plan made with statistics from few tasks read every task.
create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  named uuid[];
  task_ids uuid[];
  step_ids uuid[];
  mine boolean;
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
    coalesce(bool_or(x.kind in ('label', 'filter')), false)
  into named, task_ids, step_ids, mine
  from x;
  -- (each lookup apart, then made distinct: under a `union` the planner may prefer reading a whole
  -- index in list order to probing the ids and sorting what it found)
  return array(select distinct u from unnest(named
    || array(select t.list_id from public.tasks t where t.id = any(task_ids))
    || array(select s.list_id from public.steps s where s.id = any(step_ids))
    || case when mine then array[auth.uid()] else '{}'::uuid[] end) u);
end $$;
