create or replace function daybook_private.refuse(p_code text, p_message text, p_field text default null)
returns void language plpgsql as $$
begin
  raise exception using errcode = 'DB001', message = p_code, detail = p_message, hint = coalesce(p_field, '');
end $$;

create or replace function daybook_private.try_uuid(p_value text) returns uuid
language sql immutable as $$
  select case when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid end
$$;

create or replace function daybook_private.arg_uuid(p_args jsonb, p_key text) returns uuid
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_args -> p_key) is distinct from 'string'
     or (p_args ->> p_key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform daybook_private.refuse('invalid', p_key || ' must be a UUID', p_key);
  end if;
  return (p_args ->> p_key)::uuid;
end $$;

create or replace function daybook_private.arg_text(p_args jsonb, p_key text, p_label text) returns text
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_args -> p_key) is distinct from 'string' then
    perform daybook_private.refuse('invalid', p_label || ' must be text', p_key);
  end if;
  return p_args ->> p_key;
end $$;

revoke all on function daybook_private.refuse(text, text, text) from public, anon;
revoke all on function daybook_private.try_uuid(text) from public, anon;
revoke all on function daybook_private.arg_uuid(jsonb, text) from public, anon;
revoke all on function daybook_private.arg_text(jsonb, text, text) from public, anon;
