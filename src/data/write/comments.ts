// Comment edits (SPEC §17): check what was typed, then commit the change through its pure apply
// (../mutations/comments.ts). Offline it is queued like any change; nothing typed is lost.
import { ValidationError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { Comment } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toComment } from '../db/schema';
import { COMMENT_MISSING } from '../mutations/checks';
import { loadMutationCore } from './core-loader';
import { write } from './transaction';
import { commit } from './commit';

async function createComment(taskId: string, body: string, db: DaybookDb = getDb(), id: string = newId()): Promise<Comment> {
  const { normalizeCommentBody } = await loadMutationCore();
  const clean = normalizeCommentBody(body.replace(/\r\n?/g, '\n'));
  return write(db, async (enqueue) => {
    const { comments } = await commit(db, enqueue, 'comment.create', { id, task_id: taskId, body: clean });
    return toComment({ ...comments![0]!, state: STATE.open });
  });
}

/** A body that does not change writes nothing. */
async function updateComment(id: string, body: string, db: DaybookDb = getDb()): Promise<void> {
  const { normalizeCommentBody } = await loadMutationCore();
  const clean = normalizeCommentBody(body.replace(/\r\n?/g, '\n'));
  await write(db, async (enqueue) => {
    const row = await db.comments.get(id);
    if (!row || row.state === STATE.deleted) throw new ValidationError('id', COMMENT_MISSING);
    if (row.body !== clean) await commit(db, enqueue, 'comment.update', { id, body: clean });
  });
}

async function deleteComment(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, async (enqueue) => {
    const row = await db.comments.get(id);
    if (!row || row.state === STATE.deleted) return;
    await commit(db, enqueue, 'comment.delete', { id });
  });
}

export const comments = {
  create: createComment,
  update: updateComment,
  delete: deleteComment,
};
