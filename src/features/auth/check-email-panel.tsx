// After a sign-up while confirmations are on (SPEC §16): the account waits for its e-mail's link,
// and the device stays as it was (signed out, its lists kept) until it is opened on any device.
import { useId, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { around, t } from './messages';

export interface CheckEmailPanelProps {
  email: string;
  /** Back to the sign-in form (the e-mail kept). */
  onBack: () => void;
}

export function CheckEmailPanel({ email, onBack }: CheckEmailPanelProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    if (busy) return;
    setBusy(true);
    const answer = await loadSync()
      .then((sync) => sync.resendConfirmation(email))
      .catch(() => ({ ok: false as const, message: t('auth.cantReach') }));
    setBusy(false);
    setNote(answer.ok ? { ok: true, text: t('auth.sentAgain', { email }) } : { ok: false, text: answer.message });
  }

  const [sentBefore, sentAfter] = around('auth.linkSent', 'email');
  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          {t('auth.checkEmail')}
        </h1>
        <p className="auth-lead">
          {sentBefore}
          <strong>{email}</strong>
          {sentAfter}
        </p>
        <p className="auth-note">{t('auth.untilThen')}</p>
        <p role="status" className={note ? (note.ok ? 'auth-busy' : 'field-error auth-form-error') : 'visually-hidden'}>
          {busy ? t('auth.sending') : (note?.text ?? '')}
        </p>
        <div className="auth-actions">
          <button type="button" className="btn btn-primary" onClick={onBack}>
            {t('auth.backToSignIn')}
          </button>
          <button type="button" className="btn" aria-disabled={busy || undefined} onClick={() => void resend()}>
            {t('auth.resend')}
          </button>
        </div>
      </div>
    </section>
  );
}
