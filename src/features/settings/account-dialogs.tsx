// Settings → Account's dialogs for the password and the e-mail (SPEC §16), loaded when one is
// opened. Each keeps what was typed when the server refuses it, with the reason at the field.
import { type FormEvent, useId, useRef, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { DialogShell } from '@/ui/dialog-shell';
import '@/ui/confirm-dialog.css';
import { EmailInput } from '@/ui/email-input';
import { showToast } from '@/ui/toasts';

const CANT_REACH = "Can't reach the server — check your connection and try again";
const MIN_PASSWORD = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account's e-mail now. */
  email: string;
}

function Actions({ busy, submitLabel, onCancel }: { busy: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <div className="confirm-actions">
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {submitLabel}
      </button>
    </div>
  );
}

export function ChangePasswordDialog({ open, onOpenChange }: AccountDialogProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = !password ? 'Choose a password' : password.length < MIN_PASSWORD ? `Password must be at least ${MIN_PASSWORD} characters` : null;
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const answer = await loadSync()
      .then((sync) => sync.changePassword(password))
      .catch(() => ({ ok: false as const, message: CANT_REACH }));
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      input.current?.focus();
      return;
    }
    showToast('Password changed', undefined, { id: 'password-changed' });
    setPassword('');
    setError(null);
    onOpenChange(false);
  }

  return (
    <DialogShell
      frame="sheet"
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Change password"
      description="Your other devices stay signed in."
      descriptionClassName="confirm-description"
    >
      <form className="settings-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${id}-password`} className="field-label">
            New password
          </label>
          <input
            ref={input}
            id={`${id}-password`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <Actions busy={busy} submitLabel="Change password" onCancel={() => onOpenChange(false)} />
      </form>
    </DialogShell>
  );
}

export function ChangeEmailDialog({ open, onOpenChange, email: current }: AccountDialogProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function close(next: boolean) {
    if (busy) return;
    onOpenChange(next);
    if (!next) setSentTo(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const wanted = email.trim();
    const problem = !wanted
      ? 'Enter the new e-mail address'
      : !EMAIL.test(wanted)
        ? 'Enter a valid e-mail address'
        : wanted.toLowerCase() === current.toLowerCase()
          ? 'That is already your e-mail'
          : null;
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const answer = await loadSync()
      .then((sync) => sync.changeEmail(wanted))
      .catch(() => ({ ok: false as const, message: CANT_REACH }));
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      input.current?.focus();
      return;
    }
    setError(null);
    setEmail('');
    setSentTo(wanted);
  }

  return (
    <DialogShell frame="sheet" open={open} onOpenChange={close} title="Change e-mail" descriptionClassName="confirm-description" description={sentTo ? undefined : `Now ${current || 'unknown'}. A link goes to the new address; the e-mail changes when it is opened.`}>
      {sentTo ? (
        <div className="settings-form">
          <p role="status" className="settings-text">
            We sent a link to <strong>{sentTo}</strong>. Your e-mail changes when you open it; until then you sign in with your current one.
          </p>
          <div className="confirm-actions">
            <button type="button" className="btn btn-primary" onClick={() => close(false)}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="settings-form" noValidate onSubmit={submit} aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              New e-mail
            </label>
            <EmailInput
              ref={input}
              id={`${id}-email`}
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              errorId={error ? `${id}-error` : null}
            />
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
          <Actions busy={busy} submitLabel="Send link" onCancel={() => close(false)} />
        </form>
      )}
    </DialogShell>
  );
}
