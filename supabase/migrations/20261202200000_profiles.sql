-- People have names (SPEC §16): profiles, the name and colour on member rows (filled by a trigger,
-- and taken now for every member row, which gives each a new version so devices pull them again),
-- profile.update, the caller's profile in the pull, and names instead of e-mail addresses wherever
-- a person is shown: invitations, link and invitation previews, the invitation mail.

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
create or replace function daybook_private.person_name(p_user uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(case when p.user_id is not null then p.display_name else daybook_private.meta_name(u.raw_user_meta_data) end,
    split_part(coalesce(u.email, ''), '@', 1))
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = p_user
$$;

create or replace function daybook_private.person_color(p_user uuid) returns text
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce((select p.color from public.profiles p where p.user_id = p_user), daybook_private.default_person_color(p_user))
$$;

alter table public.list_members add column display_name text not null default '';
alter table public.list_members add column color text not null default 'grey';

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

update public.list_members set display_name = display_name;

create policy profiles_read on public.profiles for select to authenticated
  using (user_id = (select auth.uid()));

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

create or replace function daybook_private.mutation_kind(p_name text) returns text
language sql immutable as $$
  select case
    when p_name in ('list.create', 'list.update', 'list.delete', 'list.restore', 'list.leave') then 'list'
    when p_name in ('member.invite', 'member.set_role', 'member.remove') then 'member'
    when p_name in ('invitation.accept', 'invitation.decline', 'invitation.cancel') then 'invitation'
    when p_name in ('link.create', 'link.revoke') then 'link'
    when p_name in ('task.create', 'task.update', 'task.delete', 'task.restore', 'task.complete_occurrence',
      'task.uncomplete_occurrence') then 'task'
    when p_name in ('step.create', 'step.update', 'step.delete', 'step.restore') then 'step'
    when p_name in ('reminder.set', 'reminder.clear', 'reminder.snooze') then 'reminder'
    when p_name in ('label.create', 'label.update', 'label.delete') then 'label'
    when p_name in ('task_label.add', 'task_label.remove') then 'task_label'
    when p_name in ('filter.create', 'filter.update', 'filter.delete') then 'filter'
    when p_name = 'profile.update' then 'profile'
  end
$$;

create or replace function daybook_private.apply_change(p_name text, p_args jsonb) returns void
language plpgsql as $$
begin
  case daybook_private.mutation_kind(p_name)
    when 'list' then perform daybook_private.apply_list(p_name, p_args);
    when 'member' then perform daybook_private.apply_member(p_name, p_args);
    when 'invitation' then perform daybook_private.apply_invitation(p_name, p_args);
    when 'link' then perform daybook_private.apply_link(p_name, p_args);
    when 'task' then perform daybook_private.apply_task(p_name, p_args);
    when 'step' then perform daybook_private.apply_step(p_name, p_args);
    when 'reminder' then perform daybook_private.apply_reminder(p_name, p_args);
    when 'label' then perform daybook_private.apply_label(p_name, p_args);
    when 'task_label' then perform daybook_private.apply_task_label(p_name, p_args);
    when 'filter' then perform daybook_private.apply_filter(p_name, p_args);
    when 'profile' then perform daybook_private.apply_profile(p_name, p_args);
  end case;
end $$;

create or replace function daybook_private.push_lists(p_mutations jsonb) returns uuid[]
language plpgsql stable security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  named uuid[];
  task_ids uuid[];
  step_ids uuid[];
  mine boolean;
  renaming boolean;
begin
  with x as (
    select x.value ->> 'name' as name, x.value -> 'args' as args,
      daybook_private.mutation_kind(x.value ->> 'name') as kind
    from jsonb_array_elements(p_mutations) x)
  select
    coalesce(array_agg(case
      when x.kind in ('list', 'member', 'invitation', 'link') then daybook_private.try_uuid(coalesce(x.args ->> 'list_id', x.args ->> 'id'))
      when x.name = 'task.create' then daybook_private.try_uuid(x.args ->> 'list_id')
      else daybook_private.try_uuid(x.args -> 'patch' ->> 'list_id') end)
      filter (where x.kind in ('list', 'member', 'invitation', 'link') or x.name in ('task.create', 'task.update')), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(case when x.kind = 'task' then x.args ->> 'id' else x.args ->> 'task_id' end))
      filter (where x.kind in ('task', 'reminder', 'task_label') or x.name = 'step.create'), '{}'),
    coalesce(array_agg(daybook_private.try_uuid(x.args ->> 'id')) filter (where x.kind = 'step'), '{}'),
    -- a person's labels and filters live in their Inbox's space, whose id is theirs
    coalesce(bool_or(x.kind in ('label', 'filter')), false),
    -- a profile change writes the person's member rows in every list they are on
    coalesce(bool_or(x.kind = 'profile'), false)
  into named, task_ids, step_ids, mine, renaming
  from x;
  -- (each lookup apart, then made distinct: under a `union` the planner may prefer reading a whole
  -- index in list order to probing the ids and sorting what it found)
  return array(select distinct u from unnest(named
    || array(select t.list_id from public.tasks t where t.id = any(task_ids))
    || array(select s.list_id from public.steps s where s.id = any(step_ids))
    || case when mine then array[auth.uid()] else '{}'::uuid[] end
    || case when renaming then array(select m.list_id from public.list_members m where m.user_id = auth.uid() and m.deleted_at is null) else '{}'::uuid[] end) u);
end $$;

create or replace function daybook_private.pull_shared(p_cursors jsonb) returns jsonb
language plpgsql stable set search_path = public, pg_temp as $$
declare
  k text;
  val jsonb;
  digest bigint;
  sent jsonb := '{}'::jsonb;
  digests jsonb := '{}'::jsonb;
begin
  foreach k in array array['invitations', 'links', 'profile'] loop
    val := case k when 'invitations' then daybook_private.my_invitations() when 'links' then daybook_private.my_links()
      else daybook_private.my_profile() end;
    if coalesce(jsonb_typeof(p_cursors -> k) = 'number', false) then
      digest := daybook_private.pull_digest(val);
      digests := digests || jsonb_build_object(k, digest);
      continue when (p_cursors ->> k)::numeric = digest;
    end if;
    sent := sent || jsonb_build_object(k, val);
  end loop;
  return sent || jsonb_build_object('cursors', digests);
end $$;

create or replace function daybook_private.my_invitations() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text := lower((select u.email from auth.users u where u.id = auth.uid()));
begin
  -- in one order always (ids break ties): sync_pull sends the set again whenever its text changes
  return coalesce((select jsonb_agg(x.row order by x.incoming desc, x.created_at, x.id) from (
    select true as incoming, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', true, 'list_name', l.name, 'list_color', l.color,
        'invited_by', coalesce(daybook_private.person_name(i.invited_by), ''), 'invited_by_color', daybook_private.person_color(i.invited_by),
        'expires_at', i.expires_at) as row
      from public.list_invitations i
      join public.lists l on l.id = i.list_id and l.deleted_at is null
      where (lower(i.email) = my_email or i.invitee = me) and i.status = 'pending' and i.expires_at > now()
        and not exists (select 1 from public.list_members m where m.list_id = i.list_id and m.user_id = me and m.deleted_at is null)
    union all
    select false, i.created_at, i.id, jsonb_build_object('id', i.id, 'list_id', i.list_id, 'email', i.email,
        'role', i.role, 'status', i.status, 'incoming', false, 'expires_at', i.expires_at)
      from public.list_members m
      join public.list_invitations i on i.list_id = m.list_id
      where m.user_id = me and m.role = 'owner' and m.deleted_at is null
        and (i.status = 'declined' or i.expires_at > now())
  ) x), '[]'::jsonb);
end $$;

create or replace function public.invitation_by_token(p_token text)
returns jsonb language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  inv public.list_invitations;
  l public.lists;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into inv from public.list_invitations where token_hash = daybook_private.token_hash(p_token) for update;
  if not found then
    return jsonb_build_object('state', 'unknown');
  end if;
  select * into l from public.lists where id = inv.list_id;
  if l.deleted_at is not null then
    return jsonb_build_object('state', 'unknown');
  end if;
  if me is not null and daybook_private.role_on(inv.list_id) is not null then
    return jsonb_build_object('state', 'member', 'list_id', l.id, 'list_name', l.name);
  end if;
  if inv.status = 'declined' then
    return jsonb_build_object('state', 'declined', 'list_name', l.name);
  end if;
  if inv.expires_at <= now() then
    return jsonb_build_object('state', 'expired', 'list_name', l.name);
  end if;
  if me is not null and inv.invitee is distinct from me then
    update public.list_invitations set invitee = me, updated_at = now() where id = inv.id;
  end if;
  return jsonb_build_object('state', 'open', 'list_id', l.id, 'list_name', l.name, 'list_color', l.color,
    'invited_by', coalesce(daybook_private.person_name(inv.invited_by), ''), 'invited_by_color', daybook_private.person_color(inv.invited_by),
    'role', inv.role, 'expires_at', inv.expires_at, 'bound', me is not null);
end $$;

create or replace function public.link_preview(p_token text) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  k public.list_links := daybook_private.link_of_token(p_token);
begin
  return (select jsonb_build_object('list_id', l.id, 'list_name', l.name, 'list_color', l.color, 'role', k.role,
      'shared_by', coalesce(daybook_private.person_name(k.created_by), ''), 'shared_by_color', daybook_private.person_color(k.created_by),
      'my_role', daybook_private.role_on(l.id))
    from public.lists l where l.id = k.list_id);
end $$;

create or replace function public.mail_claim(p_limit int, p_lease_seconds int)
returns table (id uuid, to_email text, token text, list_name text, invited_by text, role text, expires_at timestamptz, attempts int)
language plpgsql volatile security definer set search_path = public, pg_temp as $$
#variable_conflict use_column
begin
  delete from public.mail_outbox o using public.list_invitations i
  where i.id = o.invitation_id and (i.expires_at <= now() or i.status <> 'pending');
  return query
  with picked as (
    select o.id from public.mail_outbox o
    where o.next_attempt_at <= now() and (o.claimed_until is null or o.claimed_until <= now())
    order by o.next_attempt_at, o.id
    limit least(greatest(p_limit, 1), 500)
    for update skip locked
  ), claimed as (
    update public.mail_outbox o set claimed_until = now() + make_interval(secs => greatest(p_lease_seconds, 1)), attempts = o.attempts + 1
    from picked where o.id = picked.id
    returning o.id, o.invitation_id, o.to_email, o.token, o.attempts
  )
  select c.id, c.to_email, c.token, l.name, coalesce(daybook_private.person_name(i.invited_by), ''), i.role, i.expires_at, c.attempts
  from claimed c
  join public.list_invitations i on i.id = c.invitation_id
  join public.lists l on l.id = i.list_id;
end $$;

