// The text box a comment is written in: "Add a comment" with its "Comment" button below the
// comments, or a comment's own text being edited. Ctrl/Cmd+Enter sends; "@" suggests members
// (use-mention-suggest.ts). A refusal shows its message under the box and keeps the text.
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { withMentionTokens } from '@/domain/mentions';
import type { Member } from '@/domain/model';
import { errorProps, FieldError } from '@/ui/field-error';
import { type Pick, useMentionSuggest } from './use-mention-suggest';
import { t } from './messages';

/** The escape handlers of the editors in the dialog: the first that takes Escape keeps the dialog open. */
export type Escapers = RefObject<Set<() => boolean>>;

interface CommentEditorProps {
  label: string;
  submitLabel: string;
  initialText?: string;
  initialPicks?: Pick[];
  members: readonly Member[];
  me: string | undefined;
  escapers: Escapers;
  /** Sends the body (mentions as tokens); resolves to the refusal's message, or null when it went. */
  onSubmit: (body: string) => Promise<string | null>;
  onCancel?: () => void;
  /** The text as it is typed (to keep an unsent draft). */
  onDraft?: (text: string) => void;
  autoFocus?: boolean;
}

export function CommentEditor({ label, submitLabel, initialText = '', initialPicks = [], members, me, escapers, onSubmit, onCancel, onDraft, autoFocus }: CommentEditorProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setTextState] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setText = (next: string) => {
    setTextState(next);
    onDraft?.(next);
  };
  const suggest = useMentionSuggest(field, members, me, text, setText);
  const picks = [...initialPicks, ...suggest.picked];

  const escapeNow = useRef(suggest.dismiss);
  escapeNow.current = suggest.dismiss;
  useEffect(() => {
    const set = escapers.current;
    const handler = () => escapeNow.current();
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, [escapers]);

  async function submit() {
    if (busy) return;
    setBusy(true);
    const message = await onSubmit(withMentionTokens(text, picks));
    setBusy(false);
    setError(message);
    if (message === null && !onCancel) {
      setText('');
      suggest.setPicked([]);
    }
  }

  const listId = `${id}-members`;
  return (
    <div className="comment-editor">
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {label}
      </label>
      <div className="comment-editor-box">
        <textarea
          id={`${id}-text`}
          ref={field}
          className="input comment-input"
          rows={2}
          placeholder={label}
          value={text}
          // biome-ignore lint/a11y/noAutofocus: an edit opened from its comment's "Edit" button
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-controls={suggest.open ? listId : undefined}
          aria-activedescendant={suggest.open ? `${listId}-${suggest.current}` : undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            suggest.sync(e.currentTarget.value, e.currentTarget.selectionStart);
          }}
          onSelect={(e) => suggest.sync(e.currentTarget.value, e.currentTarget.selectionStart)}
          onBlur={() => suggest.sync(text, null)}
          onKeyDown={(e) => {
            if (suggest.onKeyDown(e)) return;
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
            }
          }}
          {...errorProps(`${id}-error`, error)}
        />
        {suggest.open && (
          <div className="mention-options" role="listbox" id={listId} aria-label={t('tasks.members')}>
            {suggest.options.map((o, i) => (
              <div
                key={o.userId}
                id={`${listId}-${i}`}
                role="option"
                // Never focused: the text box keeps the focus and points here with aria-activedescendant.
                tabIndex={-1}
                aria-selected={i === suggest.current}
                className={i === suggest.current ? 'mention-option is-active' : 'mention-option'}
                // Pressing an option picks it without taking the focus from the text box.
                onMouseDown={(e) => {
                  e.preventDefault();
                  suggest.pick(o);
                }}
              >
                {o.name}
              </div>
            ))}
          </div>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div className="comment-editor-actions">
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('tasks.cancel')}
          </button>
        )}
        <button type="button" className="btn btn-primary" disabled={busy || text.trim() === ''} onClick={() => void submit()}>
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
