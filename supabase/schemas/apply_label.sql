-- A label's name: trimmed, 1–60 characters, one line (the rule of every name: text_checks.sql).
create or replace function daybook_private.check_label_name(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Label name is required', 'name');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Label name is required', 'name');
  elsif daybook_private.has_control(t, false) then
    perform daybook_private.refuse('invalid', 'Label name contains a character that can’t be saved', 'name');
  elsif char_length(t) > 60 then
    perform daybook_private.refuse('invalid', 'Label name must be at most 60 characters', 'name');
  end if;
  return t;
end $$;

-- label.create {id, name, color} · label.update {id, patch: {name?, color?}} · label.delete {id}.
-- Always the caller's own label: anyone else's is `not_found`, as if it did not exist. A delete
-- keeps the row (deleted_at) so it syncs; deleting twice is harmless. At most 500 live labels a
-- person, counted under the caller's Inbox counter lock (every label write of one person takes it).
create or replace function daybook_private.apply_label(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  lid uuid := daybook_private.arg_uuid(p_args, 'id');
  b public.labels;
  patch jsonb;
begin
  if p_name = 'label.create' then
    perform daybook_private.version_base(uid);
    if exists (select 1 from public.labels where id = lid) then
      perform daybook_private.refuse('invalid', 'That label id is already in use', 'id');
    end if;
    if (select count(*) from public.labels where user_id = uid and deleted_at is null) >= 500 then
      perform daybook_private.refuse('invalid', 'You can have at most 500 labels', 'id');
    end if;
    insert into public.labels (id, user_id, list_id, name, color)
    values (lid, uid, uid, daybook_private.check_label_name(p_args -> 'name'), daybook_private.check_color(p_args -> 'color'));
    return;
  end if;

  select * into b from public.labels where id = lid and user_id = uid for update;
  if not found then
    perform daybook_private.refuse('not_found', 'That label no longer exists', 'id');
  end if;
  if p_name = 'label.delete' then
    if b.deleted_at is null then
      update public.labels set deleted_at = now() where id = lid;
    end if;
    return;
  end if;
  if b.deleted_at is not null then
    perform daybook_private.refuse('deleted', 'That label was deleted on another device', 'id');
  end if;
  patch := p_args -> 'patch';
  if jsonb_typeof(patch) is distinct from 'object' then
    perform daybook_private.refuse('invalid', 'patch must be an object', 'patch');
  end if;
  update public.labels set
    name = case when patch ? 'name' then daybook_private.check_label_name(patch -> 'name') else name end,
    color = case when patch ? 'color' then daybook_private.check_color(patch -> 'color') else color end
  where id = lid;
end $$;

revoke all on function daybook_private.check_label_name(jsonb) from public, anon;
revoke all on function daybook_private.apply_label(text, jsonb) from public, anon, authenticated;
