// comment.create · comment.update · comment.delete, as pure applies (SPEC §17). A comment belongs
// to a task and takes its rights from the task's list: owners and editors write, viewers are
// refused, strangers get not_found; only its author edits it, its author or the list's owner
// deletes it. A comment of a deleted task went with it (deleted_with_task; the task's restore
// brings it back), so edits are refused `deleted`. Each comment merges on its own.
import { LIMITS, MESSAGES, normalizeCommentBody } from '@/domain/validation';
import { COMMENT_MISSING, refuse, roleOn, TASK_MISSING, valid, VIEW_ONLY } from './checks';
import type { CommentRecord, MutationDef, Rows, TaskRecord } from './types';

export const AUTHOR_ONLY = 'Only its author can edit a comment';
export const AUTHOR_OR_OWNER = "Only its author or the list's owner can delete a comment";

function commentsOf(rows: Rows): ReadonlyMap<string, CommentRecord> {
  return rows.comments ?? new Map();
}

/** The comment and its task, seen by this person, and their role on the task's list. */
function visibleComment(rows: Rows, id: string, userId: string): { comment: CommentRecord; task: TaskRecord; role: string } {
  const comment = commentsOf(rows).get(id);
  const task = comment && rows.tasks.get(comment.task_id);
  if (!comment || !task || !rows.lists.has(task.list_id)) refuse('not_found', COMMENT_MISSING, 'id');
  const role = roleOn(rows, task.list_id, userId);
  if (role === 'viewer') refuse('forbidden', VIEW_ONLY);
  return { comment, task, role };
}

function liveCount(rows: Rows, taskId: string): number {
  let n = 0;
  for (const c of commentsOf(rows).values()) if (c.task_id === taskId && !c.deleted_at) n++;
  return n;
}

export const commentCreate: MutationDef<'comment.create'> = {
  reads: (args) => ({ tasks: [args.task_id], comments: [args.id], taskComments: [{ taskId: args.task_id, state: 'live' }] }),
  apply(rows, args, { userId, now }) {
    const task = rows.tasks.get(args.task_id);
    if (!task || !rows.lists.has(task.list_id)) refuse('not_found', TASK_MISSING, 'task_id');
    if (roleOn(rows, task.list_id, userId) === 'viewer') refuse('forbidden', VIEW_ONLY);
    if (task.deleted_at) refuse('deleted', TASK_MISSING, 'task_id');
    if (commentsOf(rows).has(args.id)) refuse('invalid', 'That comment id is already in use', 'id');
    const body = valid(() => normalizeCommentBody(args.body));
    if (liveCount(rows, task.id) >= LIMITS.comments) refuse('invalid', MESSAGES.tooManyComments, 'task_id');
    const comment: CommentRecord = {
      id: args.id,
      task_id: task.id,
      list_id: task.list_id,
      author_id: userId,
      body,
      created_at: now,
      edited_at: null,
      updated_at: now,
      deleted_at: null,
      version: 0,
    };
    return { comments: [comment] };
  },
};

/** A body that does not change writes nothing (no edit mark). */
export const commentUpdate: MutationDef<'comment.update'> = {
  reads: (args) => ({ comments: [args.id] }),
  apply(rows, { id, body }, { userId, now }) {
    const { comment, task } = visibleComment(rows, id, userId);
    if (comment.author_id !== userId) refuse('forbidden', AUTHOR_ONLY);
    if (comment.deleted_at || task.deleted_at) refuse('deleted', 'This comment was deleted on another device');
    const clean = valid(() => normalizeCommentBody(body));
    if (clean === comment.body) return {};
    return { comments: [{ ...comment, body: clean, edited_at: now, updated_at: now }] };
  },
};

/** Deleting twice keeps the first delete; a comment its task's delete took becomes deleted on its own. */
export const commentDelete: MutationDef<'comment.delete'> = {
  reads: (args) => ({ comments: [args.id] }),
  apply(rows, { id }, { userId, now }) {
    const { comment, role } = visibleComment(rows, id, userId);
    if (comment.author_id !== userId && role !== 'owner') refuse('forbidden', AUTHOR_OR_OWNER);
    if (comment.deleted_at) return comment.deleted_with_task ? { comments: [{ ...comment, updated_at: now, deleted_with_task: false }] } : {};
    return { comments: [{ ...comment, deleted_at: now, updated_at: now, deleted_with_task: false }] };
  },
};

/** The task's comments in the rows, live, tombstoned or all. */
export function commentsOfTask(rows: Rows, taskId: string, state: 'live' | 'deleted' | 'all'): CommentRecord[] {
  return [...commentsOf(rows).values()].filter(
    (c) => c.task_id === taskId && (state === 'all' || (state === 'live' ? !c.deleted_at : Boolean(c.deleted_at))),
  );
}
