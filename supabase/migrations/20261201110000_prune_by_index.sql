-- The pruning of a client's records finds the oldest 500 first and deletes them as one range of
-- the primary key; the forgetting of its refusals deletes through the refusals' index. Deleting
-- `in (subquery)`, PostgreSQL could plan a walk over all of the client's records with the subquery
-- run again for each, which made each push of a long backlog slower than the one before.

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
