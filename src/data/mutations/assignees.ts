// Who does what (SPEC §13.2), as the server's assignees.sql checks and keeps it: an assignee or a
// person in a turn order is a member of the task's list; completing an occurrence hands the turn
// on; a person taken off a list is taken off its tasks.
import type { Task } from '@/domain/model';
import { refuse } from './checks';
import { memberKey, type Rows, type TaskRecord } from './types';

export const NOT_A_MEMBER = 'That person is not a member of this list';

/** The person acting is a member of a list they edit (a list made here has no row for them yet). */
const isMember = (rows: Rows, listId: string, who: string, userId: string) => who === userId || rows.members.has(memberKey(listId, who));

export function checkAssignee(rows: Rows, value: unknown, listId: string, userId: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !isMember(rows, listId, value, userId)) refuse('invalid', NOT_A_MEMBER, 'assignee');
  return value;
}

export function checkTurns(rows: Rows, value: unknown, listId: string, userId: string): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length < 1 || value.length > 50 || value.some((v) => typeof v !== 'string')) {
    refuse('invalid', 'Pick the people who take turns', 'turns');
  }
  const ids = value as string[];
  if (new Set(ids).size !== ids.length || ids.some((id) => !isMember(rows, listId, id, userId))) refuse('invalid', NOT_A_MEMBER, 'turns');
  return ids;
}

/** Whose turn follows `who`'s (the first person's when `who` is not in the order); step -1: whose came before. */
export function turnAfter(turns: string[] | null | undefined, who: string | null | undefined, step: 1 | -1): string | null {
  if (!turns?.length) return who ?? null;
  const at = who ? turns.indexOf(who) : -1;
  if (at < 0) return turns[0]!;
  return turns[(at + step + turns.length) % turns.length]!;
}

/**
 * The assignee and turns a task.update leaves: the ones the patch names (checked against the list
 * the task ends in), a move keeping only members of the new list, and a new turn order handing
 * the task to its first person unless its assignee is in it.
 */
export function assignedFields(rows: Rows, task: TaskRecord, patch: Record<string, unknown>, listId: string, userId: string): Pick<Task, 'assignee' | 'turns'> {
  let assignee = 'assignee' in patch ? checkAssignee(rows, patch.assignee, listId, userId) : (task.assignee ?? null);
  let turns = 'turns' in patch ? checkTurns(rows, patch.turns, listId, userId) : (task.turns ?? null);
  if (listId !== task.list_id) {
    const member = (id: string) => isMember(rows, listId, id, userId);
    if (assignee && !member(assignee)) assignee = null;
    turns = turns?.filter(member) ?? null;
    if (!turns?.length) turns = null;
  }
  if ('turns' in patch && turns && (!assignee || !turns.includes(assignee))) assignee = turns[0]!;
  return { assignee, turns };
}

/** The list's tasks (any state) with `who` taken off them: their assignments and turn orders. */
export function droppedAssignments(rows: Rows, listId: string, who: string, now: string): TaskRecord[] {
  return [...rows.tasks.values()]
    .filter((t) => t.list_id === listId && (t.assignee === who || t.turns?.includes(who)))
    .map((t) => {
      const turns = t.turns?.filter((id) => id !== who) ?? null;
      return { ...t, assignee: t.assignee === who ? null : t.assignee, turns: turns?.length ? turns : null, updated_at: now };
    });
}
