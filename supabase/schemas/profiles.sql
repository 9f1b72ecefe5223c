-- A person's profile (SPEC §16): the name and avatar colour others see, and the language and first
-- day of the week that follow them to every device. Null means "not chosen": the name then comes
-- from the sign-up's "Name" (auth.users.raw_user_meta_data.display_name, as GoTrue keeps it) until a
-- profile row exists, else the part of the e-mail before @; the colour from the person's id. The
-- server derives these once (person_name, person_color) and every place that shows a person reads
-- them from here: member rows, invitations, previews, mail. A person reads only their own profile;
-- the other members of a list see their name and colour through the list's member rows.
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text,
  color text,
  language text,
  week_start smallint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_display_name check (display_name is null or (char_length(display_name) between 1 and 50 and display_name = btrim(display_name))),
  constraint profiles_color check (color is null or color in ('grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple')),
  constraint profiles_language check (language is null or language in ('en', 'de', 'es', 'fr', 'pt-BR', 'ja')),
  constraint profiles_week_start check (week_start is null or week_start between 0 and 6)
);

alter table public.profiles enable row level security;

revoke all on public.profiles from public, anon, authenticated;
grant select on public.profiles to authenticated;

-- The sign-up's "Name" when it is one a profile could hold, else null (the metadata is the
-- person's own JSON, so anything may be there).
create or replace function daybook_private.meta_name(p_meta jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  t text;
begin
  if jsonb_typeof(p_meta -> 'display_name') is distinct from 'string' then
    return null;
  end if;
  t := daybook_private.trim_text(p_meta ->> 'display_name');
  if t = '' or char_length(t) > 50 or daybook_private.has_control(t, false) then
    return null;
  end if;
  return t;
end $$;

-- The colour of a person who has not chosen one: fixed by their id, so every device and every
-- list shows the same (src/domain/people.ts computes the same from the same 28 bits).
create or replace function daybook_private.default_person_color(p_user uuid) returns text
language sql immutable as $$
  select (array['grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'])[
    1 + ('x' || substr(replace(p_user::text, '-', ''), 1, 7))::bit(28)::int % 8]
$$;

-- The name shown for a person: their chosen one, else the part of their e-mail before @.
-- (PL/pgSQL, so that its plan is kept: each notification a push makes names its actor, and a SQL
-- function is planned again at each call from a new sub-transaction before PostgreSQL 18)
create or replace function daybook_private.person_name(p_user uuid) returns text
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  return (select coalesce(case when p.user_id is not null then p.display_name else daybook_private.meta_name(u.raw_user_meta_data) end,
    split_part(coalesce(u.email, ''), '@', 1))
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = p_user);
end $$;

create or replace function daybook_private.person_color(p_user uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce((select p.color from public.profiles p where p.user_id = p_user), daybook_private.default_person_color(p_user))
$$;

-- Member rows carry the member's name and colour, so the others see them with nothing else of the
-- person; every write of a member row (joining, a role, a rename through profile.update) takes
-- them afresh.
create or replace function daybook_private.member_person() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  new.display_name := coalesce(daybook_private.person_name(new.user_id), '');
  new.color := daybook_private.person_color(new.user_id);
  return new;
end $$;

create trigger list_members_person before insert or update on public.list_members
  for each row execute function daybook_private.member_person();

revoke all on function daybook_private.meta_name(jsonb), daybook_private.default_person_color(uuid),
  daybook_private.person_name(uuid), daybook_private.person_color(uuid), daybook_private.member_person() from public, anon, authenticated;
