// Reads of comments (SPEC §17): a task's comments in the order they were written, and how many
// live comments each task has for the rows. Counts read index keys only, never the bodies, so a
// list screen pays for a key range, not for up to 2,000 characters a comment.
import type { Comment } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toComment } from '../db/schema';

/** The task's live comments, oldest first (the task dialog's "Comments"). */
export async function taskComments(taskId: string, db: DaybookDb = getDb()): Promise<Comment[]> {
  const rows = await db.comments.where('[task_id+created_at]').between([taskId, ''], [taskId, '\uffff']).toArray();
  return rows.filter((r) => r.state !== STATE.deleted).map(toComment);
}

/** Live comments per task of the list that has any (one key range for a list screen's rows). */
export async function listCommentCounts(listId: string, db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const keys = await db.comments.where('[list_id+state+task_id]').between([listId, STATE.open, ''], [listId, STATE.open, '\uffff']).keys();
  return tally(keys.map((k) => (k as unknown as [string, number, string])[2]));
}

/** Live comments per task of `taskIds` that has any (screens whose rows mix lists). */
export async function commentCounts(taskIds: readonly string[], db: DaybookDb = getDb()): Promise<Record<string, number>> {
  if (taskIds.length === 0) return {};
  const keys = await db.comments.where('[task_id+state]').anyOf(taskIds.map((id) => [id, STATE.open])).keys();
  return tally(keys.map((k) => (k as unknown as [string, number])[0]));
}

function tally(taskIds: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of taskIds) counts[id] = (counts[id] ?? 0) + 1;
  return counts;
}
