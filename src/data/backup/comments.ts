// Comments (SPEC §17) in export and import. The file carries every live comment on the exported
// tasks with its author and time, so it is a whole record of the conversation; an import
// re-posts only the comments the exporting person wrote, as the importer's own, on the imported
// tasks — others' words are theirs, not the importer's to post under their own name, and are
// skipped with that reason. The 500-a-task limit is counted here: a write refused inside the
// import's transaction would abort all of it.
import { ValidationError } from '@/lib/errors';
import { isObject } from '@/lib/is-object';
import { LIMITS, MESSAGES, normalizeCommentBody } from '@/domain/validation';
import { type DaybookDb, STATE } from '../db/schema';
import { comments as commentMutators } from '../write';
import type { ImportReport } from './index';

export interface BackupComment {
  task_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

export const NOT_THEIRS = 'Written by someone else';

/** The live comments on the tasks `live` names, oldest first per task. */
export async function exportComments(db: DaybookDb, live: Set<string>): Promise<BackupComment[]> {
  const rows = await db.comments.orderBy('[task_id+created_at]').toArray();
  return rows.flatMap((c) => (c.state !== STATE.deleted && live.has(c.task_id) ? [{ task_id: c.task_id, author_id: c.author_id, body: c.body, created_at: c.created_at }] : []));
}

/** Re-posts the exporter's comments on the tasks this import created, in the file's order. */
export async function importComments(db: DaybookDb, fileComments: unknown[], exporter: unknown, taskIds: Map<string, string>, report: ImportReport): Promise<void> {
  const perTask = new Map<string, number>();
  for (const [index, raw] of fileComments.entries()) {
    try {
      if (!isObject(raw)) throw new ValidationError('comment', 'Not a comment record');
      const taskId = typeof raw.task_id === 'string' ? taskIds.get(raw.task_id) : undefined;
      if (!taskId) throw new ValidationError('task_id', 'Its task was not imported');
      if (typeof exporter !== 'string' || raw.author_id !== exporter) throw new ValidationError('author_id', NOT_THEIRS);
      const body = normalizeCommentBody(typeof raw.body === 'string' ? raw.body.replace(/\r\n?/g, '\n') : raw.body);
      if ((perTask.get(taskId) ?? 0) >= LIMITS.comments) throw new ValidationError('task_id', MESSAGES.tooManyComments);
      await commentMutators.create(taskId, body, db);
      perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
      report.imported.comments = (report.imported.comments ?? 0) + 1;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      report.skipped.push({ index, kind: 'comment', reason: err.message });
    }
  }
}
