-- ids_in_use: which of an import's ids someone on the server already holds (SPEC §15
-- "Imports never vanish"); the import gives those records new ids before queueing them.

create or replace function public.ids_in_use(p_ids jsonb)
returns jsonb language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  v_ids uuid[];
begin
  if auth.uid() is null then
    perform daybook_private.refuse('forbidden', 'Sign in to check ids');
  end if;
  if jsonb_typeof(p_ids) is distinct from 'array' then
    perform daybook_private.refuse('invalid', 'ids must be an array of UUIDs', 'p_ids');
  end if;
  if jsonb_array_length(p_ids) > 500 then
    perform daybook_private.refuse('too_large', 'At most 500 ids a call', 'p_ids');
  end if;
  v_ids := array(select daybook_private.try_uuid(e #>> '{}') from jsonb_array_elements(p_ids) e
    where jsonb_typeof(e) = 'string');
  if cardinality(v_ids) <> jsonb_array_length(p_ids) or array_position(v_ids, null) is not null then
    perform daybook_private.refuse('invalid', 'ids must be an array of UUIDs', 'p_ids');
  end if;
  return coalesce((select jsonb_agg(id order by id) from (
      select id from public.lists where id = any(v_ids)
      union select id from public.tasks where id = any(v_ids)
      union select id from auth.users where id = any(v_ids)) taken), '[]'::jsonb);
end $$;

revoke all on function public.ids_in_use(jsonb) from public, anon;
grant execute on function public.ids_in_use(jsonb) to authenticated;
