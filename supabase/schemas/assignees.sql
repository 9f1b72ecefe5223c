-- Who does what (SPEC §13.2): a task's assignee and the order a repeating task takes turns in.
-- An assignee or a person in the turn order is always a live member of the task's list: set
-- only to members, and taken off every task of a list in the same transaction that takes the
-- person off it (leave, remove).

-- The assignee a change names: null, or a live member of the list (else `invalid`).
create or replace function daybook_private.check_assignee(p_value jsonb, p_list uuid) returns uuid
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  who uuid;
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  who := case when jsonb_typeof(p_value) = 'string' then daybook_private.try_uuid(p_value #>> '{}') end;
  if who is null or not exists (select 1 from public.list_members
      where list_id = p_list and user_id = who and deleted_at is null) then
    perform daybook_private.refuse('invalid', 'That person is not a member of this list', 'assignee');
  end if;
  return who;
end $$;

-- The turn order a change names: null (no taking turns), or 1 to 50 distinct live members of
-- the list, in the order the turn goes round.
create or replace function daybook_private.check_turns(p_value jsonb, p_list uuid) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  ids uuid[];
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'array' or jsonb_array_length(p_value) not between 1 and 50
     or exists (select 1 from jsonb_array_elements(p_value) e
       where jsonb_typeof(e.value) <> 'string' or daybook_private.try_uuid(e.value #>> '{}') is null) then
    perform daybook_private.refuse('invalid', 'Pick the people who take turns', 'turns');
  end if;
  ids := array(select (e.value #>> '{}')::uuid from jsonb_array_elements(p_value) with ordinality e(value, ord) order by e.ord);
  if (select count(distinct u) from unnest(ids) u) <> cardinality(ids)
     or (select count(*) from public.list_members
       where list_id = p_list and user_id = any(ids) and deleted_at is null) <> cardinality(ids) then
    perform daybook_private.refuse('invalid', 'That person is not a member of this list', 'turns');
  end if;
  return ids;
end $$;

-- Whose turn follows p_who's (the first person's when p_who is not in the order); p_step -1
-- gives whose turn came before (an Undo of a completion hands the turn back).
create or replace function daybook_private.turn_after(p_turns uuid[], p_who uuid, p_step int) returns uuid
language sql immutable as $$
  select case
    when coalesce(cardinality(p_turns), 0) = 0 then p_who
    when array_position(p_turns, p_who) is null then p_turns[1]
    else p_turns[((array_position(p_turns, p_who) - 1 + p_step + cardinality(p_turns)) % cardinality(p_turns)) + 1]
  end
$$;

-- Takes a person who leaves a list (or is removed) off its tasks: their assignments are
-- cleared and they drop out of every turn order (an order left empty ends the taking turns).
create or replace function daybook_private.drop_assignments(p_list uuid, p_user uuid) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update public.tasks set
    assignee = case when assignee = p_user then null else assignee end,
    turns = nullif(array_remove(turns, p_user), '{}')
  where list_id = p_list and (assignee = p_user or p_user = any(turns));
end $$;

revoke all on function daybook_private.check_assignee(jsonb, uuid), daybook_private.check_turns(jsonb, uuid),
  daybook_private.turn_after(uuid[], uuid, int), daybook_private.drop_assignments(uuid, uuid) from public, anon, authenticated;

-- The people of p_ids who are live members of the list, in their order (a task moved to another
-- list keeps only the assignee and turns that are members there).
create or replace function daybook_private.members_only(p_list uuid, p_ids uuid[]) returns uuid[]
language sql stable security definer set search_path = public, pg_temp as $$
  select array(select x.u from unnest(p_ids) with ordinality x(u, o)
    where exists (select 1 from public.list_members m where m.list_id = p_list and m.user_id = x.u and m.deleted_at is null)
    order by x.o)
$$;

revoke all on function daybook_private.members_only(uuid, uuid[]) from public, anon, authenticated;
