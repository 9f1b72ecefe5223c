// /forgot-password (SPEC §16): the account's e-mail, then a link by mail that opens "Reset
// password". The answer is the same whether or not the address has an account.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { EmailInput } from '@/ui/email-input';
import { checkEmail } from './credentials';
import { CANT_REACH } from './messages';
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
      .catch(() => ({ ok: false as const, message: CANT_REACH }));
    setBusy(false);
    if (answer.ok) setSentTo(email.trim());
    else {
      setError(answer.message);
      emailRef.current?.focus();
    }
  }

  if (sentTo) {
    return (
      <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
        <div className="auth-card">
          <h1 id={`${id}-title`} className="screen-title">
            Check your e-mail
          </h1>
          <p className="auth-lead">
            If an account uses <strong>{sentTo}</strong>, a link to reset its password is on its way. It works for an hour.
          </p>
          <div className="auth-actions">
            <Link to="/sign-in" search={{ email: sentTo }} className="btn btn-primary">
              Back to sign in
            </Link>
            <button type="button" className="btn" onClick={() => setSentTo(null)}>
              Use another e-mail
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
          Forgot password?
        </h1>
        <p className="auth-lead">Enter your account’s e-mail and we’ll send you a link to choose a new password.</p>
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              Email
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
            {busy ? 'Sending…' : ''}
          </p>
          <div className="auth-actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              Send reset link
            </button>
            <Link to="/sign-in" search={{ email: email.trim() || undefined }} className="btn">
              Back to sign in
            </Link>
          </div>
        </form>
      </div>
    </section>
  );
}
