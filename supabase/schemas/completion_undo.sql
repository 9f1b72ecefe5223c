-- What a completion of an occurrence did, kept on the task (tasks.last_completion_did) for its
-- Undo, and the checks that keep a completion or its Undo from moving a deadline out of range.

-- The assignee an Undo leaves: the one before the completion, only while the task is still with
-- the person the completion handed it to; someone who has since left the list (no longer in the
-- turn order) is not handed it back. A completion with no record hands the turn back.
create or replace function daybook_private.assignee_undone(p_did jsonb, p_turns uuid[], p_assignee uuid) returns uuid
language sql immutable as $$
  select case
    when p_did is null then daybook_private.turn_after(p_turns, p_assignee, -1)
    when p_assignee is distinct from (p_did ->> 'assignee_after')::uuid then p_assignee
    when p_did ->> 'assignee_before' is null
      or (p_did ->> 'assignee_before') is not distinct from (p_did ->> 'assignee_after')
      or (p_did ->> 'assignee_before')::uuid = any(coalesce(p_turns, '{}')) then (p_did ->> 'assignee_before')::uuid
    else p_assignee
  end
$$;

-- A deadline moved by p_days stays between 1900 and 2999, or the change is refused in words.
create or replace function daybook_private.check_moved_deadline(p_deadline date, p_days int) returns void
language plpgsql immutable as $$
begin
  if p_deadline + p_days > date '2999-12-31' then
    perform daybook_private.refuse('invalid', 'This would move the deadline past 2999 — set an earlier deadline first', 'deadline');
  elsif p_deadline + p_days < date '1900-01-01' then
    perform daybook_private.refuse('invalid', 'This would move the deadline before 1900 — set a later deadline first', 'deadline');
  end if;
end $$;

revoke all on function daybook_private.assignee_undone(jsonb, uuid[], uuid) from public, anon, authenticated;
revoke all on function daybook_private.check_moved_deadline(date, int) from public, anon, authenticated;
