-- Realtime authorization. sync_push pokes each member on the private Realtime topic
-- user:<member id> (daybook_private.send_pokes). Supabase Realtime lets a client join a private
-- channel only if RLS on realtime.messages lets it select a broadcast message of that topic
-- (it inserts a probe message, selects it as the user, and rolls back), so this policy is what
-- keeps one user's pokes from everyone else: an authenticated user may read only the topic
-- named after them. Nobody may send on it from a client (no insert policy): pokes come from
-- the database. Runs on hosted Supabase and on the local stand-in's realtime stub.
create policy daybook_own_pokes on realtime.messages for select to authenticated
  using (
    (select realtime.topic()) = 'user:' || (select auth.uid())::text
    and realtime.messages.extension = 'broadcast'
  );
