-- The language the server writes to a person in (SPEC §20): mail and pushes. Their profile's,
-- else the one their device sent at sign-up (auth.users.raw_user_meta_data.language, where GoTrue
-- keeps signUp's options.data), else null (the senders then write English). The senders read it
-- after claiming their work, through the two service_role functions below, so the claims' own
-- shapes stay as they are.
create or replace function daybook_private.person_language(p_user uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(p.language, case when jsonb_typeof(u.raw_user_meta_data -> 'language') = 'string'
      and (u.raw_user_meta_data ->> 'language') in ('en', 'de', 'es', 'fr', 'pt-BR', 'ja') then u.raw_user_meta_data ->> 'language' end)
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = p_user
$$;

-- Each claimed invitation mail's language: the invitee's when the address has an account (or the
-- invitation is bound to one), else the inviter's — whoever invites someone without an account
-- most likely shares a language with them — else null.
create or replace function public.mail_languages(p_ids jsonb)
returns table (id uuid, language text)
language sql stable security definer set search_path = public, pg_temp as $$
  select o.id, coalesce(
    daybook_private.person_language(coalesce(i.invitee,
      (select u.id from auth.users u where lower(u.email) = lower(o.to_email) order by u.created_at limit 1))),
    daybook_private.person_language(i.invited_by))
  from public.mail_outbox o join public.list_invitations i on i.id = o.invitation_id
  where o.id in (select e::uuid from jsonb_array_elements_text(p_ids) e)
$$;

-- The language of each of these people (the reminder sender's claimed page). Both take a JSON
-- array of ids, as the other sender RPCs take their lists.
create or replace function public.push_languages(p_users jsonb)
returns table (user_id uuid, language text)
language sql stable security definer set search_path = public, pg_temp as $$
  select u.id, daybook_private.person_language(u.id) from (select distinct e::uuid from jsonb_array_elements_text(p_users) e) as u (id)
$$;

revoke all on function daybook_private.person_language(uuid), public.mail_languages(jsonb), public.push_languages(jsonb)
  from public, anon, authenticated;
grant execute on function public.mail_languages(jsonb), public.push_languages(jsonb) to service_role;
