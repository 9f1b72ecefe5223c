// Settings → Account's dialogs for the password and the e-mail (SPEC §16), loaded when one is
// opened. Each keeps what was typed when the server refuses it, with the reason at the field.
import { type FormEvent, useId, useRef, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { DialogShell } from '@/ui/dialog-shell';
import '@/ui/confirm-dialog.css';
import { EmailInput } from '@/ui/email-input';
import { showToast } from '@/ui/toasts';
import { around, t } from './messages';

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
        {t('settings.cancel')}
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
    const problem = !password
      ? t('settings.choosePassword')
      : password.length < MIN_PASSWORD
        ? t('settings.passwordTooShort', { min: MIN_PASSWORD })
        : null;
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const answer = await loadSync()
      .then((sync) => sync.changePassword(password))
      .catch(() => ({ ok: false as const, message: t('settings.cantReach') }));
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      input.current?.focus();
      return;
    }
    showToast(t('settings.passwordChanged'), undefined, { id: 'password-changed' });
    setPassword('');
    setError(null);
    onOpenChange(false);
  }

  return (
    <DialogShell
      frame="sheet"
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t('settings.changePassword')}
      description={t('settings.passwordDialogText')}
      descriptionClassName="confirm-description"
    >
      <form className="settings-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${id}-password`} className="field-label">
            {t('settings.newPassword')}
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
        <Actions busy={busy} submitLabel={t('settings.changePassword')} onCancel={() => onOpenChange(false)} />
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
      ? t('settings.enterNewEmail')
      : !EMAIL.test(wanted)
        ? t('settings.enterValidEmail')
        : wanted.toLowerCase() === current.toLowerCase()
          ? t('settings.alreadyYourEmail')
          : null;
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const answer = await loadSync()
      .then((sync) => sync.changeEmail(wanted))
      .catch(() => ({ ok: false as const, message: t('settings.cantReach') }));
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

  const [sentBefore, sentAfter] = around('settings.emailLinkSent', 'email');
  return (
    <DialogShell
      frame="sheet"
      open={open}
      onOpenChange={close}
      title={t('settings.changeEmail')}
      descriptionClassName="confirm-description"
      description={sentTo ? undefined : t('settings.emailDialogText', { email: current || t('settings.unknown') })}
    >
      {sentTo ? (
        <div className="settings-form">
          <p role="status" className="settings-text">
            {sentBefore}
            <strong>{sentTo}</strong>
            {sentAfter}
          </p>
          <div className="confirm-actions">
            <button type="button" className="btn btn-primary" onClick={() => close(false)}>
              {t('settings.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className="settings-form" noValidate onSubmit={submit} aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              {t('settings.newEmail')}
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
          <Actions busy={busy} submitLabel={t('settings.sendLink')} onCancel={() => close(false)} />
        </form>
      )}
    </DialogShell>
  );
}
