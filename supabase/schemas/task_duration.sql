-- SPEC §18: a timed task's duration, whole minutes from 15 to 480 (8 hours), or null for none.
-- The device checks the same (src/domain/validation.ts checkDuration).
create or replace function daybook_private.check_duration(p_value jsonb) returns smallint
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'number' or (p_value #>> '{}')::numeric not between 15 and 480
     or (p_value #>> '{}')::numeric <> trunc((p_value #>> '{}')::numeric) then
    perform daybook_private.refuse('invalid', 'Pick a duration from 15 minutes to 8 hours', 'duration_min');
  end if;
  return (p_value #>> '{}')::smallint;
end $$;

revoke all on function daybook_private.check_duration(jsonb) from public, anon;
