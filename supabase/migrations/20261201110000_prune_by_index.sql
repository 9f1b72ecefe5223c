-- The pruning of a client's records and the forgetting of its refusals delete by the ids their
-- subquery picks, probed one by one in the primary key: as `in (subquery)`, PostgreSQL could
-- plan a walk over all the client's records with the subquery run again for each, which made
-- each push of a long backlog slower than the one before.

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
  with gone as (
    delete from public.sync_mutations
    where client_id = p_client_id and mutation_id = any(array(
      select s.mutation_id from public.sync_mutations s
      where s.client_id = p_client_id and s.status = 'applied' and s.mutation_id between p_from and upto
      order by s.mutation_id limit 500))
    returning mutation_id)
  select count(*), max(mutation_id) into n, last_gone from gone;
  -- fewer than the limit: every applied record up to `upto` is gone
  return case when n < 500 then upto + 1 else last_gone + 1 end;
end $$;

create or replace function daybook_private.forget_refusals(p_client_id uuid, p_upto bigint) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    return;
  end if;
  delete from public.sync_mutations
  where client_id = p_client_id and mutation_id = any(array(
    select s.mutation_id from public.sync_mutations s
    where s.client_id = p_client_id and s.user_id = auth.uid() and s.status = 'refused' and s.mutation_id <= p_upto
    order by s.mutation_id limit 1000 for update skip locked));
end $$;
