-- A deleted account's comments stay under "Former member", and mentions of them become text.

create or replace function daybook_private.forget_person(p_user uuid, p_lists uuid[]) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lid uuid;
begin
  foreach lid in array p_lists loop
    perform daybook_private.drop_assignments(lid, p_user);
  end loop;
  update public.tasks set created_by = daybook_private.former_member() where created_by = p_user;
  -- their comments stay in the lists that live on, under "Former member"; a mention of them in
  -- anyone's comment becomes plain text (always shorter than the token, so within the limit)
  update public.comments set author_id = daybook_private.former_member() where author_id = p_user;
  update public.comments set body = regexp_replace(body, '@\[[^]]*\]\(' || p_user::text || '\)', '@Former member', 'g')
  where list_id = any(p_lists) and strpos(body, p_user::text) > 0;
end $$;

