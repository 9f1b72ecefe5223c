-- Reminders by Web Push (#14): zoned_instant as one expression PostgreSQL can inline into
-- due_pushes. The first version (20261125300000_push) ran as a separate function call per
-- candidate reminder (its SET search_path and sub-selects keep it from being inlined): most of a
-- minute tick's claim time. Same rule (occurrenceAt in src/lib/recurrence/zone.ts): PostgreSQL's
-- own reading of a wall time already moves a time in a spring-forward gap on by the gap; of a
-- time that happens twice it takes the later, so the earlier reading — the wall time with the
-- offset in force a day before — is taken when it gives the same wall time back.
-- No SET clause (it would stop inlining): the function names only pg_catalog's operators and runs
-- with its callers' search_path (public, pg_temp in the security definer ones).
create or replace function daybook_private.zoned_instant(p_date date, p_time time, p_zone text) returns timestamptz
language sql stable as $$
  select case
    when (((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC') < ((p_date + p_time) at time zone p_zone)
     and ((((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC') at time zone p_zone) = (p_date + p_time)
    then (((p_date + p_time) - (((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone p_zone) - ((((p_date + p_time) at time zone p_zone) - interval '1 day') at time zone 'UTC'))) at time zone 'UTC')
    else ((p_date + p_time) at time zone p_zone)
  end
$$;
revoke all on function daybook_private.zoned_instant(date, time, text) from public, anon, authenticated;
