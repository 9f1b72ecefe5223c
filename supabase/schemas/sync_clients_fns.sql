-- Binds a client id to its user; another user's client id is refused as a whole.
create or replace function daybook_private.client_last_mutation_id(p_client_id uuid) returns bigint
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  c record;
begin
  select user_id, last_mutation_id into c from public.sync_clients where client_id = p_client_id;
  if not found then
    return 0;
  end if;
  if c.user_id <> auth.uid() then
    raise exception using errcode = '42501', message = 'This client id belongs to another user';
  end if;
  return c.last_mutation_id;
end $$;

-- An applied change's record answers a replay of its id. A device replays only what it has sent
-- and not yet seen acknowledged by a pull, oldest first, so the records of a client's last 1000
-- mutation ids (five full batches) cover every replay an app makes. Older ones go once at least
-- 100 have left that window (a push of one change then pays nothing 99 times in 100), at most
-- 500 per push (each push adds at most 200, so a backlog drains). Refused records are not
-- touched here: they stay until their device acknowledges them (forget_refusals).
-- sync_clients.applied_from is where the next prune starts: applied ids below it are gone. Starting there
-- rather than at the client's first id keeps each prune to the rows it removes — otherwise it
-- would step over every row removed before, which stay in the index until a vacuum (PGlite
-- never runs one), making each push slower the longer its client has been in use.
-- Removes the applied records in [p_from, p_last - 1000], oldest first, at most 500; returns where
-- the next prune starts. New records always take ids above p_last, so nothing lands below it.
-- sync_push calls it only when at least 100 ids have left the window. The oldest 500 are found
-- first, then deleted as one range of the primary key: deleting `in (subquery)` could be planned
-- as a walk over all of the client's records running the subquery again for each (statistics from
-- when clients had few records), and even `= any(array)` is a filter over all of them on
-- PostgreSQL 15. No record can appear inside the range meanwhile (new ids are above p_last, and
-- sync_push holds the client's row).
create or replace function daybook_private.prune_applied(p_client_id uuid, p_from bigint, p_last bigint) returns bigint
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  upto bigint := p_last - 1000;
  n int;
  last_gone bigint;
begin
  if upto < p_from then
    return p_from;
  end if;
  select max(x.mutation_id) into last_gone from (
    select s.mutation_id from public.sync_mutations s
    where s.client_id = p_client_id and s.status = 'applied' and s.mutation_id between p_from and upto
    order by s.mutation_id limit 500) x;
  if last_gone is null then
    return upto + 1;
  end if;
  delete from public.sync_mutations
  where client_id = p_client_id and mutation_id between p_from and last_gone and status = 'applied';
  get diagnostics n = row_count;
  -- fewer than the limit: every applied record up to `upto` is gone
  return case when n < 500 then upto + 1 else last_gone + 1 end;
end $$;

-- A pull that sends cursor `refused: N` has received every refusal up to N: they are forgotten,
-- at most 1000 per pull (the rest at the next one; none is sent again either way, the page
-- starts past N). Only the caller's own rows; rows another pull of this client is deleting are
-- skipped rather than waited for. A read-only call (an RPC made with GET) forgets nothing.
create or replace function daybook_private.forget_refusals(p_client_id uuid, p_upto bigint) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    return;
  end if;
  -- (`status` repeated outside: the refusals' own index then finds the rows, not a walk over all
  -- of the client's records)
  delete from public.sync_mutations
  where client_id = p_client_id and status = 'refused' and mutation_id = any(array(
    select s.mutation_id from public.sync_mutations s
    where s.client_id = p_client_id and s.user_id = auth.uid() and s.status = 'refused' and s.mutation_id <= p_upto
    order by s.mutation_id limit 1000 for update skip locked));
end $$;

-- The failures that abort a whole push so its client retries it unchanged (serialization,
-- deadlock, lock timeout, cancellation, out of memory / connections): one list for both of
-- sync_push's handlers, the set-wise attempt's and each change's.
create or replace function daybook_private.is_transient(p_state text) returns boolean
language sql immutable as $$
  select p_state in ('40001', '40P01', '55P03', '57014', '53200', '53300')
$$;

revoke all on function daybook_private.client_last_mutation_id(uuid) from public, anon;
grant execute on function daybook_private.client_last_mutation_id(uuid) to authenticated;
revoke all on function daybook_private.prune_applied(uuid, bigint, bigint) from public, anon, authenticated;
revoke all on function daybook_private.forget_refusals(uuid, bigint) from public, anon;
grant execute on function daybook_private.forget_refusals(uuid, bigint) to authenticated;
revoke all on function daybook_private.is_transient(text) from public, anon, authenticated;
