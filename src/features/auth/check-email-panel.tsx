// After a sign-up while confirmations are on (SPEC §16): the account waits for its e-mail's link,
// and the device stays as it was (signed out, its lists kept) until it is opened on any device.
import { useId, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { CANT_REACH } from './messages';

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
      .catch(() => ({ ok: false as const, message: CANT_REACH }));
    setBusy(false);
    setNote(answer.ok ? { ok: true, text: `Sent again to ${email}.` } : { ok: false, text: answer.message });
  }

  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          Check your e-mail
        </h1>
        <p className="auth-lead">
          We sent a link to <strong>{email}</strong>. Open it on any device to confirm your account — then sign in here.
        </p>
        <p className="auth-note">Until then, everything you do stays on this device.</p>
        <p role="status" className={note ? (note.ok ? 'auth-busy' : 'field-error auth-form-error') : 'visually-hidden'}>
          {busy ? 'Sending…' : (note?.text ?? '')}
        </p>
        <div className="auth-actions">
          <button type="button" className="btn btn-primary" onClick={onBack}>
            Back to sign in
          </button>
          <button type="button" className="btn" aria-disabled={busy || undefined} onClick={() => void resend()}>
            Resend e-mail
          </button>
        </div>
      </div>
    </section>
  );
}
