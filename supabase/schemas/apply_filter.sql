-- A filter's name: trimmed, 1–60 characters, one line (the rule of every name: text_checks.sql).
create or replace function daybook_private.check_filter_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Filter name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Filter name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Filter name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 60 then
    perform daybook_private.refuse('invalid', 'Filter name must be at most 60 characters', 'name');
  end if;
  return t;
end $$;

-- A filter's query: an object of the known fields, of bounded size. Only the device reads it (the
-- predicate runs there), so its fields' values are the client's to check (src/domain/filters.ts).
create or replace function daybook_private.check_filter_query(p_value jsonb) returns jsonb
language plpgsql immutable as $$
begin
  if jsonb_typeof(p_value) is distinct from 'object' or length(p_value::text) > 40000
     or exists (select 1 from jsonb_object_keys(p_value) k
       where k not in ('lists', 'labels', 'assignee', 'priority_at_least', 'due', 'deadline_within', 'status', 'words')) then
    perform daybook_private.refuse('invalid', 'That filter can’t be saved', 'query');
  end if;
  return p_value;
end $$;

-- filter.create {id, name, query} · filter.update {id, patch: {name?, query?}} · filter.delete {id}.
-- Always the caller's own filter: anyone else's is `not_found`. A delete keeps the row so it syncs;
-- deleting twice is harmless. At most 100 live filters a person, counted under the caller's Inbox
-- counter lock (every filter write of one person takes it).
create or replace function daybook_private.apply_filter(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  fid uuid := daybook_private.arg_uuid(p_args, 'id');
  f public.filters;
  patch jsonb;
begin
  if p_name = 'filter.create' then
    perform daybook_private.version_base(uid);
    if exists (select 1 from public.filters where id = fid) then
      perform daybook_private.refuse('invalid', 'That filter id is already in use', 'id');
    end if;
    if (select count(*) from public.filters where user_id = uid and deleted_at is null) >= 100 then
      perform daybook_private.refuse('invalid', 'You can have at most 100 filters', 'id');
    end if;
    insert into public.filters (id, user_id, list_id, name, query)
    values (fid, uid, uid, daybook_private.check_filter_name(p_args -> 'name'), daybook_private.check_filter_query(p_args -> 'query'));
    return;
  end if;

  select * into f from public.filters where id = fid and user_id = uid for update;
  if not found then
    perform daybook_private.refuse('not_found', 'That filter no longer exists', 'id');
  end if;
  if p_name = 'filter.delete' then
    if f.deleted_at is null then
      update public.filters set deleted_at = now() where id = fid;
    end if;
    return;
  end if;
  if f.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'That filter was deleted on another device', 'id');
  end if;
  patch := p_args -> 'patch';
  if jsonb_typeof(patch) is distinct from 'object' then
    perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
  end if;
  update public.filters set
    name = case when patch ? 'name' then daybook_private.check_filter_name(patch -> 'name') else name end,
    query = case when patch ? 'query' then daybook_private.check_filter_query(patch -> 'query') else query end
  where id = fid;
end $$;

revoke all on function daybook_private.check_filter_name(jsonb) from public, anon;
revoke all on function daybook_private.check_filter_query(jsonb) from public, anon;
revoke all on function daybook_private.apply_filter(text, jsonb) from public, anon, authenticated;
