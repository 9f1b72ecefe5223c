-- Limits shared exactly by every connection (SPEC §12, §15: several server processes on one
-- database). The invitations limit counted, then inserted: two pushes of one inviter at once
-- (two devices, or two server processes) both saw 99 and both invited, 101 in the hour. Each
-- inviter's counting now takes turns on a transaction-scoped advisory lock of their own.
create or replace function daybook_private.count_invitation() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('daybook_private.invitations'), hashtext(auth.uid()::text));
  delete from daybook_private.invitations where inviter = auth.uid() and at <= now() - interval '1 hour';
  if (select count(*) from daybook_private.invitations where inviter = auth.uid()) >= 100 then
    perform daybook_private.refuse('rate_limited', 'Too many invitations — try again later', 'email');
  end if;
  insert into daybook_private.invitations (inviter) values (auth.uid());
end $$;
