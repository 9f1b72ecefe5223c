-- Deleting an account (SPEC §16): the caller's own RPC, run in one transaction. Lists the person
-- owns that have other live members pass to the longest-standing editor (else member), through
-- ordinary updates, so the version triggers give every change a version in its list and the
-- other members' devices learn the new owner at their next pull. Everything else of the person
-- goes: their other lists (with all in them), memberships, invitations sent and received, labels,
-- filters, reminders, push subscriptions, links, sync bookkeeping, sessions and the auth user.
-- What they leave in lists that live on keeps no trace of them (forget_person).

-- The id that stands for a person who deleted their account wherever a row must name someone
-- (a task's created_by): the nil uuid, which no account ever has. The app shows "Former member".
create or replace function daybook_private.former_member() returns uuid
language sql immutable as $$
  select '00000000-0000-0000-0000-000000000000'::uuid
$$;

-- Takes p_user out of every row that outlives them: assignments and turn orders in p_lists (the
-- lists they were on; an assignee is always a live member, so no other list has any), and the
-- tasks they added, wherever those went since. The one place where whatever else names a person in
-- a shared list (comments, history entries) is handed to the former member.
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
  -- what they did stays in the others' notifications as the former member's, pulled again as changed
  update public.notifications n set actor_id = daybook_private.former_member(),
    payload = n.payload || jsonb_build_object('actor_name', 'Former member'),
    version = daybook_private.take_notification_version(n.recipient)
  where n.actor_id = p_user;
  -- History keeps what they did, as the former member's, in every list they were ever on (p_lists
  -- too: those passed on have lost their member row already); what the rest of the deletion
  -- writes of them is recorded so too (history_actor).
  perform set_config('daybook.forgotten', p_user::text, true);
  update daybook_private.task_history h set actor_id = daybook_private.history_actor(h.actor_id),
    before = replace(h.before::text, p_user::text, daybook_private.former_member()::text)::jsonb,
    after = replace(h.after::text, p_user::text, daybook_private.former_member()::text)::jsonb
  where (h.list_id = any (p_lists) or h.list_id in (select m.list_id from public.list_members m where m.user_id = p_user))
    and (h.actor_id = p_user or (h.kind in ('assignee', 'joined', 'left')
      and strpos(coalesce(h.before::text, '') || coalesce(h.after::text, ''), p_user::text) > 0));
end $$;

create or replace function public.delete_account() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me uuid := auth.uid();
  my_email text;
  l record;
  heir uuid;
  -- the lists that live on without the person: passed on, or someone else's they were on
  kept uuid[] := '{}';
  -- their lists' counters before: the other members are poked for what changes (send_pokes)
  before jsonb;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Not signed in';
  end if;
  select lower(u.email) into my_email from auth.users u where u.id = me for update;
  if not found then
    raise exception using errcode = 'PT401', message = 'account_deleted';
  end if;
  select coalesce(jsonb_object_agg(s.list_id::text, s.version), '{}') into before
  from public.list_members m join public.sync_spaces s on s.list_id = m.list_id where m.user_id = me;

  -- Owned lists with other live members pass on; the person's own row goes first (one owner a list).
  for l in select x.id from public.lists x where x.owner_id = me and not x.is_inbox and x.deleted_at is null order by x.id for update loop
    heir := null;
    select m.user_id into heir from public.list_members m
    where m.list_id = l.id and m.user_id <> me and m.deleted_at is null
    order by (m.role = 'editor') desc, m.created_at, m.user_id limit 1;
    if heir is not null then
      delete from public.list_members where list_id = l.id and user_id = me;
      update public.list_members set role = 'owner' where list_id = l.id and user_id = heir;
      update public.lists set owner_id = heir, updated_at = now() where id = l.id;
      kept := kept || l.id;
    end if;
  end loop;

  -- Their own lists and all in them go (their Inbox's version counter too: its id is theirs).
  delete from public.lists where owner_id = me;
  delete from public.sync_spaces where list_id = me;

  kept := kept || array(select m.list_id from public.list_members m where m.user_id = me order by m.list_id);
  perform daybook_private.forget_person(me, kept);
  delete from public.list_members where user_id = me;
  -- no tombstone of theirs can tell the others' devices: each list they were on says its member set changed
  perform daybook_private.mark_member_sets(kept);
  perform daybook_private.send_pokes(null::uuid, kept, before);
  -- Invitations addressed to them (those they sent go with the auth user, on delete cascade).
  delete from public.list_invitations where lower(email) = my_email or invitee = me;
  delete from daybook_private.invitations where inviter = me;
  delete from daybook_private.token_misses where key = 'account:' || me::text;
  -- Other people's refused changes keep their arguments for their devices; any naming the person
  -- is rewritten to the former member.
  update public.sync_mutations set
    args = regexp_replace(replace(args::text, me::text, daybook_private.former_member()::text),
      regexp_replace(my_email, '([.+*?^$(){}|\[\]\\])', '\\\1', 'g'), '', 'gi')::jsonb
  where status = 'refused' and user_id <> me
    and (strpos(args::text, me::text) > 0 or strpos(lower(args::text), my_email) > 0);

  -- The stand-in's sessions and refresh tokens (on hosted Supabase, Auth's own tables follow the
  -- auth user: on delete cascade).
  if to_regclass('daybook_meta.sessions') is not null then
    execute 'delete from daybook_meta.sessions where user_id = $1' using me;
  end if;
  -- Labels, filters, reminders, labels on tasks, push subscriptions, links, invitations sent, sync
  -- records: each row names them, and deleting the auth user takes it (on delete cascade).
  delete from auth.users where id = me;
end $$;

-- Whether an account with that id is gone: a device whose session was refused asks it before it
-- removes its local copy, so an expired session (or a sign-out everywhere) never loses what was
-- not synced. Anyone may ask: a user id is a random uuid, and the answer says only that.
create or replace function public.account_deleted(p_user_id uuid) returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select p_user_id is not null and not exists (select 1 from auth.users u where u.id = p_user_id)
$$;

revoke all on function daybook_private.former_member(), daybook_private.forget_person(uuid, uuid[]) from public, anon, authenticated;
revoke all on function public.delete_account() from public, anon;
grant execute on function public.delete_account() to authenticated;
revoke all on function public.account_deleted(uuid) from public;
grant execute on function public.account_deleted(uuid) to anon, authenticated;
