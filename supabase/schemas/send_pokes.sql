-- Live updates: after a push, everyone who should pull is told to, through Supabase Realtime
-- (a broadcast on the private topic user:<id>, delivered after commit; RLS on
-- realtime.messages in realtime.sql lets only that user receive it). A poke carries
-- ids only, never row data, so a lost one costs nothing: the next scheduled pull heals it.
-- Who: the live members of every list whose version counter this push advanced, plus anyone
-- whose membership row it changed (so a removed member hears of the removal, then no more).
create or replace function daybook_private.send_pokes(p_client_id uuid, p_lists uuid[], p_before jsonb) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  r record;
begin
  for r in
    select distinct m.user_id, s.list_id
    from public.sync_spaces s
    join public.list_members m on m.list_id = s.list_id
    where s.list_id = any(p_lists)
      and s.version > coalesce((p_before ->> s.list_id::text)::bigint, 0)
      and (m.deleted_at is null or m.version > coalesce((p_before ->> s.list_id::text)::bigint, 0))
    order by m.user_id, s.list_id
  loop
    perform realtime.send(jsonb_build_object('list_id', r.list_id, 'client_id', p_client_id),
      'poke', 'user:' || r.user_id::text, true);
  end loop;
end $$;

revoke all on function daybook_private.send_pokes(uuid, uuid[], jsonb) from public, anon;
