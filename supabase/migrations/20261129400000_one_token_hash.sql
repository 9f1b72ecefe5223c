-- A link's token is hashed by the same function as an invitation mail's (daybook_private.token_hash).

create or replace function daybook_private.link_of_token(p_token text) returns public.list_links
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  k public.list_links;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  if p_token is null or char_length(p_token) not between 16 and 200 then
    perform daybook_private.refuse('not_found', 'This link is not valid');
  end if;
  select * into k from public.list_links where token_hash = daybook_private.token_hash(p_token);
  if not found then
    perform daybook_private.refuse('not_found', 'This link is not valid');
  end if;
  if k.revoked_at is not null then
    perform daybook_private.refuse('revoked', 'This link was revoked');
  end if;
  if k.expires_at <= now() then
    perform daybook_private.refuse('expired', 'This link has expired');
  end if;
  if (select deleted_at from public.lists where id = k.list_id) is not null then
    perform daybook_private.refuse('deleted', 'This list was deleted');
  end if;
  return k;
end $$;
