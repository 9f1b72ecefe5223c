// The task dialog's "Comments" (SPEC §17): each comment with its author's avatar and name, when it
// was written and its text; "Edit" and "Delete" for its author, "Delete" on any for the list's
// owner; "Add a comment" and "Comment" below for owners and editors (viewers read only). A comment
// is a change like any other: written offline it waits in the outbox, and a refused one lands in
// the sync centre with its text. What is typed and not sent yet stays for the task until sent.
import { useId, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { comments as commentWrites } from '@/data';
import { useTaskComments } from '@/data/react';
import { ValidationError } from '@/lib/errors';
import { absoluteTime, relativeTime } from '@/lib/relative-time';
import { mentionsOf, plainBody } from '@/domain/mentions';
import type { Comment, ListColor, Member, Role } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import { personIn } from '@/ui/member-name';
import { CommentBody } from './comment-body';
import { CommentEditor, type Escapers } from './comment-editor';
import { t } from './messages';

/** Unsent text per task, for this session: closing the dialog keeps it. */
const drafts = new Map<string, string>();

interface CommentsSectionProps {
  taskId: string;
  role: Role | undefined;
  me: string | undefined;
  members: readonly Member[];
  escapers: Escapers;
}

/** The refusal's words (kept at the box), or null once written. */
async function attempt(write: () => Promise<unknown>): Promise<string | null> {
  try {
    await write();
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.message;
    reportWriteError(err, { unexpected: t('tasks.commentFailed') });
    return t('tasks.commentFailed');
  }
}

export function CommentsSection({ taskId, role, me, members, escapers }: CommentsSectionProps) {
  const id = useId();
  const comments = useTaskComments(taskId);
  const [editing, setEditing] = useState<string | null>(null);
  const canWrite = role === 'owner' || role === 'editor';
  const now = Date.now();

  return (
    <section className="field comments-field" aria-labelledby={`${id}-label`}>
      <h3 className="field-label" id={`${id}-label`}>
        {t('tasks.comments')}
      </h3>
      {comments && comments.length > 0 && (
        <ul className="comments" aria-labelledby={`${id}-label`}>
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              author={personIn(members, c.author_id)}
              now={now}
              canEdit={canWrite && c.author_id === me}
              canDelete={canWrite && (c.author_id === me || role === 'owner')}
              editing={editing === c.id}
              onEdit={(on) => setEditing(on ? c.id : null)}
              members={members}
              me={me}
              escapers={escapers}
            />
          ))}
        </ul>
      )}
      {comments && comments.length === 0 && !canWrite && <p className="comments-empty">{t('tasks.noComments')}</p>}
      {canWrite && (
        <CommentEditor
          label={t('tasks.addComment')}
          submitLabel={t('tasks.comment')}
          initialText={drafts.get(taskId) ?? ''}
          members={members}
          me={me}
          escapers={escapers}
          onDraft={(text) => (text ? drafts.set(taskId, text) : drafts.delete(taskId))}
          onSubmit={async (body) => {
            const refused = await attempt(() => commentWrites.create(taskId, body));
            if (refused === null) drafts.delete(taskId);
            return refused;
          }}
        />
      )}
    </section>
  );
}

interface CommentItemProps {
  comment: Comment;
  author: { name: string; color: ListColor };
  now: number;
  canEdit: boolean;
  canDelete: boolean;
  editing: boolean;
  onEdit: (on: boolean) => void;
  members: readonly Member[];
  me: string | undefined;
  escapers: Escapers;
}

function CommentItem({ comment, author, now, canEdit, canDelete, editing, onEdit, members, me, escapers }: CommentItemProps) {
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="comment">
      <span className="comment-avatar">
        <Avatar name={author.name} color={author.color} size="sm" />
      </span>
      <div className="comment-main">
        <p className="comment-meta">
          <span className="comment-author">{author.name}</span>{' '}
          <time dateTime={comment.created_at} title={absoluteTime(comment.created_at)}>
            {relativeTime(comment.created_at, now)}
          </time>
          {comment.edited_at && <span className="comment-edited"> · {t('tasks.edited')}</span>}
        </p>
        {editing ? (
          <CommentEditor
            label={t('tasks.editComment')}
            submitLabel={t('tasks.save')}
            initialText={plainBody(comment.body)}
            initialPicks={mentionsOf(comment.body)}
            members={members}
            me={me}
            escapers={escapers}
            autoFocus
            onCancel={() => onEdit(false)}
            onSubmit={async (body) => {
              const refused = await attempt(() => commentWrites.update(comment.id, body));
              if (refused === null) onEdit(false);
              return refused;
            }}
          />
        ) : (
          <p className="comment-body">
            <CommentBody body={comment.body} />
          </p>
        )}
        {!editing && (canEdit || canDelete) && (
          <div className="comment-actions">
            {canEdit && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onEdit(true)}>
                {t('tasks.edit')}
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  void attempt(() => commentWrites.delete(comment.id)).then(setError);
                }}
              >
                {t('tasks.delete')}
              </button>
            )}
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
