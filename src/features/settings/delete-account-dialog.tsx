// Settings → Account → "Delete account" (SPEC §16): says what goes and what stays, offers
// "Export first", and enables "Delete account" only once the account's e-mail is typed. It needs a
// connection: offline it says so and deletes nothing; a failure keeps the dialog and what was typed.
import { useId, useState } from 'react';
import { DialogClose, DialogShell } from '@/ui/dialog-shell';
import { FieldError } from '@/ui/field-error';
import { showErrorToast } from '@/ui/toasts';
import { loadSync } from '@/sync-status/load-sync';
import { useOnline } from '@/sync-status/use-sync-status';
import { exportToFile } from './export-file';
import { t } from './messages';
import '@/ui/confirm-dialog.css';

export function sameEmail(typed: string, email: string): boolean {
  return email !== '' && typed.trim().toLowerCase() === email.trim().toLowerCase();
}

interface DeleteAccountDialogProps {
  email: string;
  /** After the account is gone (its data is off this device too). */
  onDeleted: () => void;
}

export function DeleteAccountDialog({ email, onDeleted }: DeleteAccountDialogProps) {
  const id = useId();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const ready = online && sameEmail(typed, email) && !busy;

  async function exportFirst() {
    try {
      setExported(await exportToFile());
    } catch (err) {
      console.error(err);
      showErrorToast(t('settings.exportFailed'));
    }
  }

  async function deleteNow() {
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await (await loadSync()).deleteAccount();
      if (answer.ok) {
        setOpen(false);
        onDeleted();
        return;
      }
      setError(answer.message);
    } catch (err) {
      console.error(err);
      setError(t('settings.deleteFailed'));
    }
    setBusy(false);
  }

  return (
    <DialogShell
      frame="sheet"
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={
        <button type="button" className="btn btn-danger">
          {t('settings.deleteAccount')}
        </button>
      }
      role="alertdialog"
      className="confirm-dialog"
      title={t('settings.deleteTitle')}
      description={t('settings.deleteText')}
      descriptionClassName="confirm-description"
    >
      <div className="confirm-body delete-account-body">
        <ul className="settings-text settings-muted delete-account-list">
          <li>{t('settings.deleteGoes')}</li>
          <li>{t('settings.deletePasses')}</li>
          <li>{t('settings.deleteKept')}</li>
        </ul>
        <div className="settings-buttons">
          <button type="button" className="btn" onClick={exportFirst}>
            {t('settings.exportFirst')}
          </button>
        </div>
        <p role="status" className={exported ? 'settings-text settings-muted' : 'visually-hidden'}>
          {exported}
        </p>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-email`}>
            {t('settings.typeToConfirm', { email: email || t('settings.yourEmail') })}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className="input"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void deleteNow();
            }}
            {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
          />
        </div>
        {!online && <p className="settings-text settings-muted">{t('settings.offline')}</p>}
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="confirm-actions">
        <DialogClose asChild>
          <button type="button" className="btn" aria-disabled={busy || undefined}>
            {t('settings.cancel')}
          </button>
        </DialogClose>
        <button type="button" className="btn btn-danger" aria-disabled={!ready || undefined} onClick={deleteNow}>
          {t('settings.deleteAccount')}
        </button>
      </div>
    </DialogShell>
  );
}
