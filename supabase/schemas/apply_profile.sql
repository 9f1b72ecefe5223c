-- profile.update { display_name?, color?, language?, week_start? } (SPEC §16, §18, §20): each
-- field named is set, null clearing it ("not chosen"); a name of only white space clears it too.
-- The row is made on the first update, starting from the sign-up's "Name". When the name or colour
-- others see changes, the person's live member rows are written again (the member trigger takes
-- the new values and each row a new version in its list), so every member's next pull brings them;
-- sync_push has locked those lists' counters first (push_lists), in its one order.
create or replace function daybook_private.check_display_name(p_value jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  t text;
begin
  if p_value is null or p_value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_value) <> 'string' then
    perform daybook_private.refuse('invalid', 'Name must be text', 'display_name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    return null;
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Name contains a character that can’t be saved', 'display_name');
  elsif char_length(t) > 50 then
    perform daybook_private.refuse('invalid', 'Name must be at most 50 characters', 'display_name');
  end if;
  return t;
end $$;

create or replace function daybook_private.apply_profile(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  p public.profiles;
  shown_before text[];
begin
  if jsonb_typeof(p_args) is distinct from 'object' then
    perform daybook_private.refuse('invalid', 'A profile change must be an object');
  end if;
  shown_before := array[daybook_private.person_name(me), daybook_private.person_color(me)];
  insert into public.profiles (user_id, display_name)
    select u.id, daybook_private.meta_name(u.raw_user_meta_data) from auth.users u where u.id = me
  on conflict (user_id) do nothing;
  select * into p from public.profiles where user_id = me for update;
  if p_args ? 'display_name' then
    p.display_name := daybook_private.check_display_name(p_args -> 'display_name');
  end if;
  if p_args ? 'color' then
    p.color := case when p_args -> 'color' = 'null'::jsonb then null else daybook_private.check_color(p_args -> 'color') end;
  end if;
  if p_args ? 'language' then
    if p_args -> 'language' <> 'null'::jsonb and (jsonb_typeof(p_args -> 'language') <> 'string'
        or (p_args ->> 'language') not in ('en', 'de', 'es', 'fr', 'pt-BR', 'ja')) then
      perform daybook_private.refuse('invalid', 'Language must be one of en, de, es, fr, pt-BR, ja', 'language');
    end if;
    p.language := p_args ->> 'language';
  end if;
  if p_args ? 'week_start' then
    if p_args -> 'week_start' <> 'null'::jsonb and (jsonb_typeof(p_args -> 'week_start') <> 'number'
        or (p_args ->> 'week_start') not in ('0', '1', '2', '3', '4', '5', '6')) then
      perform daybook_private.refuse('invalid', 'The week starts on a day from 0 (Sunday) to 6 (Saturday)', 'week_start');
    end if;
    p.week_start := (p_args ->> 'week_start')::smallint;
  end if;
  update public.profiles set display_name = p.display_name, color = p.color, language = p.language,
    week_start = p.week_start, updated_at = now()
  where user_id = me;
  if array[daybook_private.person_name(me), daybook_private.person_color(me)] is distinct from shown_before then
    update public.list_members set updated_at = now() where user_id = me and deleted_at is null;
  end if;
end $$;

-- The caller's profile as sync_pull sends it (pull_shared.sql): the name they chose (or gave at
-- sign-up), the colour they chose, their language and first day of the week; null where not chosen.
create or replace function daybook_private.my_profile() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (select jsonb_build_object(
      'display_name', case when p.user_id is not null then p.display_name else daybook_private.meta_name(u.raw_user_meta_data) end,
      'color', p.color, 'language', p.language, 'week_start', p.week_start)
    from auth.users u left join public.profiles p on p.user_id = u.id where u.id = auth.uid());
end $$;

revoke all on function daybook_private.check_display_name(jsonb), daybook_private.apply_profile(text, jsonb) from public, anon, authenticated;
revoke all on function daybook_private.my_profile() from public, anon;
grant execute on function daybook_private.my_profile() to authenticated;
