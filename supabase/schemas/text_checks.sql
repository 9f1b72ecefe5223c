create or replace function daybook_private.check_title(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Title is required', 'title');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Title is required', 'title');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Title contains a character that can’t be saved', 'title');
  elsif char_length(t) > 500 then
    perform daybook_private.refuse('invalid', 'Title must be at most 500 characters', 'title');
  end if;
  return t;
end $$;

create or replace function daybook_private.check_notes(p_value jsonb) returns text
language plpgsql immutable as $$
begin
  if p_value is null or p_value = 'null'::jsonb then
    return '';
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Notes must be text', 'notes');
  end if;
  if daybook_private.has_control(p_value #>> '{}', true) then
    perform daybook_private.refuse('invalid', 'Notes contain a character that can’t be saved', 'notes');
  end if;
  if char_length(p_value #>> '{}') > 10000 then
    perform daybook_private.refuse('invalid', 'Notes must be at most 10,000 characters', 'notes');
  end if;
  return p_value #>> '{}';
end $$;

create or replace function daybook_private.check_list_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'List name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'List name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'List name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 80 then
    perform daybook_private.refuse('invalid', 'List name must be at most 80 characters', 'name');
  end if;
  return t;
end $$;

-- ECMAScript's WhiteSpace and LineTerminator, the set String.prototype.trim removes.
create or replace function daybook_private.trim_text(p_value text) returns text
language sql immutable parallel safe as $$
  select regexp_replace(p_value,
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;

-- Cc: C0 controls, DEL, C1 controls; notes may hold newline and tab.
create or replace function daybook_private.has_control(p_value text, p_multiline boolean) returns boolean
language sql immutable parallel safe as $$
  select case when p_multiline then p_value ~ '[\u0001-\u0008\u000b-\u001f\u007f-\u009f]'
    else p_value ~ '[\u0001-\u001f\u007f-\u009f]' end
$$;

create or replace function daybook_private.check_step_title(p_value jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Step is required', 'title');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Step is required', 'title');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Step contains a character that can’t be saved', 'title');
  elsif char_length(t) > 200 then
    perform daybook_private.refuse('invalid', 'Step must be at most 200 characters', 'title');
  end if;
  return t;
end $$;

revoke all on function daybook_private.check_title(jsonb) from public, anon;
revoke all on function daybook_private.check_notes(jsonb) from public, anon;
revoke all on function daybook_private.check_list_name(jsonb) from public, anon;
revoke all on function daybook_private.trim_text(text) from public, anon;
revoke all on function daybook_private.has_control(text, boolean) from public, anon;
revoke all on function daybook_private.check_step_title(jsonb) from public, anon;
