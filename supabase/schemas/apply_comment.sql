-- A comment's body (SPEC §17): plain text, trimmed, 1–2,000 characters, newlines and tabs kept.
create or replace function daybook_private.check_comment_body(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  t text;
begin
  if jsonb_typeof(p_value) is distinct from 'string' then
    perform daybook_private.refuse('invalid', 'Comment is required', 'body');
  end if;
  t := daybook_private.trim_text(p_value #>> '{}');
  if t = '' then
    perform daybook_private.refuse('invalid', 'Comment is required', 'body');
  elsif daybook_private.has_control(t, true) then
    perform daybook_private.refuse('invalid', 'Comment contains a character that can’t be saved', 'body');
  elsif char_length(t) > 2000 then
    perform daybook_private.refuse('invalid', 'Comment must be at most 2,000 characters', 'body');
  end if;
  return t;
end $$;

-- The people a comment's body mentions: the user ids of its `@[name](user id)` tokens, each
-- once, in the order they first appear (what notifications read; the app parses the same way).
create or replace function daybook_private.comment_mentions(p_body text) returns uuid[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(u order by first), '{}') from (
    select lower(m[1])::uuid as u, min(n) as first
    from regexp_matches(p_body, '@\[[^\]\n]{1,80}\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)', 'g')
      with ordinality r(m, n)
    group by 1) x
$$;

-- comment.create {id, task_id, body} · comment.update {id, body} · comment.delete {id}. Rights come
-- from the task's list: owners and editors write, viewers are `forbidden`, strangers `not_found`;
-- only the author edits, the author or the list's owner deletes. A comment of a deleted task went
-- with it, so edits are refused `deleted` until the task's restore brings it back.
create or replace function daybook_private.apply_comment(p_name text, p_args jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  cid uuid := daybook_private.arg_uuid(p_args, 'id');
  c public.comments;
  t public.tasks;
  r text;
  new_body text;
begin
  if p_name = 'comment.create' then
    -- the task's row lock serialises creates on the task, so the count below holds
    select * into t from public.tasks where id = daybook_private.arg_uuid(p_args, 'task_id') for update;
    r := case when found then daybook_private.role_on(t.list_id) end;
    if r is null then
      perform daybook_private.refuse('not_found', 'This task was deleted or unshared', 'task_id');
    end if;
    if r = 'viewer' then
      perform daybook_private.refuse('forbidden', 'You can only view this list');
    end if;
    if t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This task was deleted on another device', 'task_id');
    end if;
    if exists (select 1 from public.comments where id = cid) then
      perform daybook_private.refuse('invalid', 'That comment id is already in use', 'id');
    end if;
    new_body := daybook_private.check_comment_body(p_args -> 'body');
    if (select count(*) from public.comments where task_id = t.id and deleted_at is null) >= 500 then
      perform daybook_private.refuse('invalid', 'A task holds at most 500 comments', 'task_id');
    end if;
    insert into public.comments (id, task_id, list_id, author_id, body) values (cid, t.id, t.list_id, auth.uid(), new_body);
    return;
  end if;

  select * into c from public.comments where id = cid for update;
  if found then
    select * into t from public.tasks where id = c.task_id;
  end if;
  r := case when t.id is not null then daybook_private.role_on(t.list_id) end;
  if r is null then
    perform daybook_private.refuse('not_found', 'This comment was deleted or unshared', 'id');
  end if;
  if r = 'viewer' then
    perform daybook_private.refuse('forbidden', 'You can only view this list');
  end if;

  if p_name = 'comment.update' then
    if c.author_id is distinct from auth.uid() then
      perform daybook_private.refuse('forbidden', 'Only its author can edit a comment');
    end if;
    if c.deleted_at is not null or t.deleted_at is not null then
      perform daybook_private.refuse('deleted', 'This comment was deleted on another device');
    end if;
    new_body := daybook_private.check_comment_body(p_args -> 'body');
    if new_body is distinct from c.body then
      update public.comments set body = new_body, edited_at = now() where id = cid;
    end if;
  elsif p_name = 'comment.delete' then
    if c.author_id is distinct from auth.uid() and r <> 'owner' then
      perform daybook_private.refuse('forbidden', 'Only its author or the list''s owner can delete a comment');
    end if;
    if c.deleted_at is null then
      update public.comments set deleted_at = now(), deleted_with_task = false where id = cid;
    elsif c.deleted_with_task then
      -- deleted with its task, and now on its own: restoring the task must not bring it back
      update public.comments set deleted_with_task = false where id = cid;
    end if;
  end if;
end $$;

revoke all on function daybook_private.check_comment_body(jsonb) from public, anon, authenticated;
revoke all on function daybook_private.comment_mentions(text) from public, anon, authenticated;
revoke all on function daybook_private.apply_comment(text, jsonb) from public, anon, authenticated;
