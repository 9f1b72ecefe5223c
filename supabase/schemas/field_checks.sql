create or replace function daybook_private.check_color(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'string'
     or (p_value #>> '{}') not in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple') then
    perform daybook_private.refuse('invalid',
      'Color must be one of grey, red, orange, yellow, green, teal, blue, purple', 'color');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_position(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'string' or char_length(p_value #>> '{}') not between 1 and 200 then
    perform daybook_private.refuse('invalid', 'Position must be a non-empty string', 'position');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_date(p_value jsonb) returns date
language plpgsql immutable as $$
declare
  d date;
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' or (p_value #>> '{}') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'due_date');
  end if;
  begin
    d := (p_value #>> '{}')::date;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'due_date');
  end;
  if d not between date '1900-01-01' and date '2999-12-31' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', 'due_date');
  end if;
  return d;
end $$;

create or replace function daybook_private.check_time(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' or (p_value #>> '{}') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    perform daybook_private.refuse('invalid', 'Time must be HH:MM', 'due_time');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_priority(p_value jsonb) returns smallint
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return 0;
  end if;
  if jsonb_typeof(p_value) <> 'number' or (p_value #>> '{}') not in ('0', '1', '2', '3') then
    perform daybook_private.refuse('invalid', 'Priority must be none, low, medium or high', 'priority');
  end if;
  return (p_value #>> '{}')::smallint;
end $$;

-- The RRULE text a change carries, trimmed and upper-cased (an "RRULE:" prefix and empty parts
-- dropped), or null for none; a shape outside the subset is refused `invalid` on 'repeat'.
create or replace function daybook_private.check_repeat(p_value jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  body text;
  part text;
  k text;
  v text;
  seen text[] := '{}';
  parts text[] := '{}';
begin
  if p_value is null or p_value = 'null'::jsonb or p_value = '""'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Repeat must be a rule', 'repeat');
  end if;
  body := upper(btrim(p_value #>> '{}'));
  if char_length(body) > 500 then
    perform daybook_private.refuse('invalid', 'The repeat rule is too long', 'repeat');
  end if;
  if body like 'RRULE:%' then
    body := substr(body, 7);
  end if;
  foreach part in array string_to_array(body, ';') loop
    part := btrim(part);
    continue when part = '';
    k := btrim(split_part(part, '=', 1));
    v := btrim(substr(part, strpos(part, '=') + 1));
    if strpos(part, '=') = 0 or k = any(seen) then
      perform daybook_private.refuse('invalid', 'The repeat rule can''t be read', 'repeat');
    end if;
    seen := seen || k;
    if k = 'FREQ' then
      if v not in ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY') then
        perform daybook_private.refuse('invalid', 'Repeats are daily, weekly, monthly or yearly', 'repeat');
      end if;
    elsif k = 'INTERVAL' then
      if v !~ '^[0-9]{1,4}$' or v::int not between 1 and 99 then
        perform daybook_private.refuse('invalid', 'Pick an interval between 1 and 99', 'repeat');
      end if;
    elsif k = 'COUNT' then
      if v !~ '^[0-9]{1,4}$' or v::int not between 1 and 999 then
        perform daybook_private.refuse('invalid', 'Pick a number of times between 1 and 999', 'repeat');
      end if;
    elsif k = 'BYDAY' then
      if v !~ '^([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU)(,([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU))*$' then
        perform daybook_private.refuse('invalid', 'The repeat rule''s weekdays can''t be read', 'repeat');
      end if;
    elsif k = 'BYMONTHDAY' then
      if v !~ '^[+-]?[0-9]{1,2}$' then
        perform daybook_private.refuse('invalid', 'Pick a day of the month between 1 and 31, or the last day', 'repeat');
      end if;
    elsif k = 'UNTIL' then
      if v !~ '^[0-9]{8}(T[0-9]{6}Z?)?$' then
        perform daybook_private.refuse('invalid', 'Pick an end date between 1900 and 2999', 'repeat');
      end if;
    elsif k = 'FROM' then
      -- Daybook's own part (SPEC §14.3 "From the day it's done"), outside RFC 5545
      if v <> 'DONE' then
        perform daybook_private.refuse('invalid', 'FROM takes only DONE', 'repeat');
      end if;
    elsif k = 'WKST' then
      if v not in ('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU') then
        perform daybook_private.refuse('invalid', 'The repeat rule''s week start can''t be read', 'repeat');
      end if;
    else
      perform daybook_private.refuse('invalid', format('Repeat rules with %s aren''t supported', k), 'repeat');
    end if;
    parts := parts || (k || '=' || v);
  end loop;
  if not 'FREQ' = any(seen) then
    perform daybook_private.refuse('invalid', 'The repeat rule has no FREQ', 'repeat');
  end if;
  if 'COUNT' = any(seen) and 'UNTIL' = any(seen) then
    perform daybook_private.refuse('invalid', 'End a repeat after a number of times or on a date, not both', 'repeat');
  end if;
  if 'FROM' = any(seen) and ('COUNT' = any(seen) or 'BYDAY' = any(seen) or 'BYMONTHDAY' = any(seen)) then
    perform daybook_private.refuse('invalid', 'A repeat from the day it’s done takes no weekdays, day of the month or number of times', 'repeat');
  end if;
  return array_to_string(parts, ';');
end $$;

-- A date argument other than a due date ('occurrence', 'next', 'repeat_anchor'): null when absent.
create or replace function daybook_private.check_day(p_value jsonb, p_field text) returns date
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  d date;
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' or (p_value #>> '{}') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', p_field);
  end if;
  begin
    d := (p_value #>> '{}')::date;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', p_field);
  end;
  if d not between date '1900-01-01' and date '2999-12-31' then
    perform daybook_private.refuse('invalid', 'Pick a date between 1900 and 2999', p_field);
  end if;
  return d;
end $$;

-- An instant argument ('until'): ISO 8601 with a zone (Z or ±HH:MM), its date in 1900–2999.
-- Without a zone the server would read it in its own, which a device cannot know.
create or replace function daybook_private.check_instant(p_value jsonb, p_field text) returns timestamptz
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  v text;
  t timestamptz;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end if;
  v := p_value #>> '{}';
  if v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?(Z|[-+]([01][0-9]|2[0-3]):[0-5][0-9])$' then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end if;
  perform daybook_private.check_day(to_jsonb(left(v, 10)), p_field);
  begin
    t := v::timestamptz;
  exception when others then
    perform daybook_private.refuse('invalid', 'Pick a valid time to snooze until', p_field);
  end;
  return t;
end $$;

revoke all on function daybook_private.check_color(jsonb) from public, anon;
revoke all on function daybook_private.check_position(jsonb) from public, anon;
revoke all on function daybook_private.check_date(jsonb) from public, anon;
revoke all on function daybook_private.check_time(jsonb) from public, anon;
revoke all on function daybook_private.check_priority(jsonb) from public, anon;
revoke all on function daybook_private.check_repeat(jsonb) from public, anon;
revoke all on function daybook_private.check_day(jsonb, text) from public, anon;
revoke all on function daybook_private.check_instant(jsonb, text) from public, anon, authenticated;
