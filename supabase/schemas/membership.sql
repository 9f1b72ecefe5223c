create or replace function daybook_private.my_list_ids() returns setof uuid
language sql stable security definer rows 20 set search_path = public, pg_temp as $$
  select list_id from public.list_members where user_id = auth.uid() and deleted_at is null
$$;

create or replace function daybook_private.ensure_inbox() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  -- checked first so routine calls take no lock on the inbox's version counter
  if exists (select 1 from public.lists where id = uid) then
    return;
  end if;
  -- a device of a deleted account (its token still valid): 401, so it renews, is refused, and
  -- learns the account is gone (account_deleted)
  if not exists (select 1 from auth.users where id = uid) then
    raise exception using errcode = 'PT401', message = 'account_deleted';
  end if;
  insert into public.lists (id, owner_id, name, color, position, is_inbox)
  values (uid, uid, 'Inbox', 'grey', 'a0', true)
  on conflict (id) do nothing;
  insert into public.list_members (list_id, user_id, email, role)
  values (uid, uid, coalesce((select email from auth.users where id = uid), ''), 'owner')
  on conflict (list_id, user_id) do nothing;
end $$;

create or replace function daybook_private.role_on(p_list uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select role from public.list_members where list_id = p_list and user_id = auth.uid() and deleted_at is null
$$;

-- Returns the list row after checking the caller's role; non-members get not_found so a
-- stranger learns nothing about the list.
create or replace function daybook_private.require_list(p_list uuid, p_min_role text) returns public.lists
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  l public.lists;
  r text := daybook_private.role_on(p_list);
begin
  select * into l from public.lists where id = p_list;
  if not found or r is null then
    perform daybook_private.refuse('not_found', 'This list was deleted or unshared', 'list_id');
  end if;
  if l.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted', 'list_id');
  end if;
  if p_min_role = 'owner' and r <> 'owner' then
    perform daybook_private.refuse('forbidden', case when r = 'viewer' then 'You can only view this list'
      else 'Only the list''s owner can do that' end);
  elsif p_min_role = 'editor' and r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;
  return l;
end $$;

revoke all on function daybook_private.my_list_ids() from public, anon;
revoke all on function daybook_private.ensure_inbox() from public, anon;
revoke all on function daybook_private.role_on(uuid) from public, anon;
revoke all on function daybook_private.require_list(uuid, text) from public, anon;
grant execute on function daybook_private.my_list_ids() to authenticated;
grant execute on function daybook_private.ensure_inbox() to authenticated;
