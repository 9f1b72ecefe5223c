// The owner's invite: an address and a role. Refusals (ours or the data layer's) show at the
// Email field and keep what was typed; an accepted invite is queued like any other change and
// shows as pending in the people list until the server confirms it.
import { type FormEvent, useId, useRef, useState } from 'react';
import { members } from '@/data';
import { EmailInput } from '@/ui/email-input';
import { reportWriteError } from '@/connected/write-error';
import type { Role } from '@/domain/model';
import { type InviteContext, inviteProblem } from './invite-check';
import { roleName } from './member-views';
import { t } from './messages';
import { FieldError } from '@/ui/field-error';

type SharedRole = Exclude<Role, 'owner'>;

interface InviteFormProps {
  listId: string;
  context: InviteContext;
  onInvited: (email: string, role: SharedRole) => void;
}

export function InviteForm({ listId, context, onInvited }: InviteFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SharedRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  function refuse(message: string) {
    setError(message);
    emailRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = inviteProblem(email, context);
    if (problem) {
      refuse(problem);
      return;
    }
    setBusy(true);
    const address = email.trim();
    try {
      await members.invite(listId, address, role);
      setEmail('');
      setError(null);
      onInvited(address, role);
    } catch (err) {
      reportWriteError(err, { atField: refuse });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="invite-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 className="share-section-title" id={`${id}-heading`}>
        {t('sharing.inviteTitle')}
      </h3>
      <div className="invite-row">
        <div className="field invite-email">
          <label className="field-label" htmlFor={`${id}-email`}>
            {t('sharing.email')}
          </label>
          <EmailInput
            ref={emailRef}
            id={`${id}-email`}
            autoComplete="off"
            enterKeyHint="send"
            placeholder={t('sharing.emailPlaceholder')}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(null);
            }}
            errorId={error ? `${id}-error` : null}
          />
        </div>
        <div className="field invite-role">
          <label className="field-label" htmlFor={`${id}-role`}>
            {t('sharing.roleLabel')}
          </label>
          <select
            id={`${id}-role`}
            className="input"
            value={role}
            aria-describedby={`${id}-role-hint`}
            onChange={(e) => setRole(e.target.value === 'viewer' ? 'viewer' : 'editor')}
          >
            <option value="editor">{roleName('editor')}</option>
            <option value="viewer">{roleName('viewer')}</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary invite-button" aria-disabled={busy || undefined}>
          {t('sharing.invite')}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <p className="share-hint" id={`${id}-role-hint`}>
        {t('sharing.inviteHint', { role })}
      </p>
    </form>
  );
}
