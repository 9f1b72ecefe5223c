// /forgot-password (SPEC §16): the account's e-mail, then a link by mail that opens "Reset
// password". The answer is the same whether or not the address has an account.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { EmailInput } from '@/ui/email-input';
import { checkEmail } from './credentials';
import { around, t } from './messages';
import './auth.css';

export function ForgotPasswordScreen({ initialEmail }: { initialEmail?: string }) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = checkEmail(email);
    if (problem) {
      setError(problem);
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await loadSync()
      .then((sync) => sync.requestPasswordReset(email.trim()))
      .catch(() => ({ ok: false as const, message: t('auth.cantReach') }));
    setBusy(false);
    if (answer.ok) setSentTo(email.trim());
    else {
      setError(answer.message);
      emailRef.current?.focus();
    }
  }

  if (sentTo) {
    const [sentBefore, sentAfter] = around('auth.resetSent', 'email');
    return (
      <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
        <div className="auth-card">
          <h1 id={`${id}-title`} className="screen-title">
            {t('auth.checkEmail')}
          </h1>
          <p className="auth-lead">
            {sentBefore}
            <strong>{sentTo}</strong>
            {sentAfter}
          </p>
          <div className="auth-actions">
            <Link to="/sign-in" search={{ email: sentTo }} className="btn btn-primary">
              {t('auth.backToSignIn')}
            </Link>
            <button type="button" className="btn" onClick={() => setSentTo(null)}>
              {t('auth.useAnotherEmail')}
            </button>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          {t('auth.forgotPassword')}
        </h1>
        <p className="auth-lead">{t('auth.forgotLead')}</p>
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              {t('auth.email')}
            </label>
            <EmailInput
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              errorId={error ? `${id}-email-error` : null}
            />
            {error && (
              <p id={`${id}-email-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
          <p role="status" className={busy ? 'auth-busy' : 'visually-hidden'}>
            {busy ? t('auth.sending') : ''}
          </p>
          <div className="auth-actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {t('auth.sendResetLink')}
            </button>
            <Link to="/sign-in" search={{ email: email.trim() || undefined }} className="btn">
              {t('auth.backToSignIn')}
            </Link>
          </div>
        </form>
      </div>
    </section>
  );
}
