-- Retention (SPEC §17): history is kept 180 days and notifications 90. The writes trim as they go
-- (a task's history when it next changes, a person's notifications when they get a new one), so
-- what idle tasks and people hold would stay; prune_retained removes it, on a schedule: pg_cron,
-- daily, on hosted Supabase (supabase/README.md), a timer in the stand-in (server/retention.ts).

-- At most p_limit entries of history and p_limit notifications past their time, answering how
-- many of each went: a batch, so no call holds its row locks (which a trim or a read mark of the
-- same row would wait on) for long; call again until both counts are below p_limit. The rows are
-- found oldest first by the indexes on `at`, sequential scans off so that holds whatever the
-- statistics say (PGlite never analyzes): a call reads about the rows it removes.
create or replace function daybook_private.prune_retained(p_limit int default 5000)
returns table (history int, notifications int)
language plpgsql volatile security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  lim int := least(greatest(coalesce(p_limit, 5000), 1), 100000);
begin
  delete from daybook_private.task_history h
  where h.ctid = any (array(select x.ctid from daybook_private.task_history x where x.at < now() - interval '180 days' limit lim));
  get diagnostics history = row_count;
  delete from public.notifications n
  where n.id = any (array(select x.id from public.notifications x where x.at < now() - interval '90 days' limit lim));
  get diagnostics notifications = row_count;
  return next;
end $$;

-- Everything past its time, one batch a transaction (a committed batch stays should a later one
-- fail). What pg_cron calls (`call`, on its own, so that it may commit): neither security definer
-- nor with a SET clause, which a procedure that commits cannot have; it runs as the job's owner.
create or replace procedure daybook_private.prune_retained_all(p_limit int default 5000, p_max_batches int default 1000)
language plpgsql as $$
declare
  h int;
  n int;
begin
  for i in 1 .. p_max_batches loop
    select r.history, r.notifications into h, n from daybook_private.prune_retained(p_limit) r;
    commit;
    exit when h < p_limit and n < p_limit;
  end loop;
end $$;

-- The same for a sender that reaches the database through PostgREST: service_role alone.
create or replace function public.prune_retained(p_limit int default 5000)
returns table (history int, notifications int)
language sql volatile security definer set search_path = public, pg_temp as $$
  select * from daybook_private.prune_retained(p_limit)
$$;

revoke all on function daybook_private.prune_retained(int) from public, anon, authenticated, service_role;
revoke all on procedure daybook_private.prune_retained_all(int, int) from public, anon, authenticated, service_role;
revoke all on function public.prune_retained(int) from public, anon, authenticated;
grant execute on function public.prune_retained(int) to service_role;
