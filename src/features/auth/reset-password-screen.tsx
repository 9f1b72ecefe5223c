// /reset-password?token_hash=…&type=recovery (SPEC §16): the mailed link's page. "Reset
// password" uses the link's token (which signs the account in on this device, moving what was
// made here signed out into it, as signing in does), then sets the new password. The token is
// used only on submit, so a mail scanner opening the page spends nothing.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { showToast } from '@/ui/toasts';
import { checkNewPassword, MIN_PASSWORD } from './credentials';
import { t } from './messages';
import { RevealPassword } from './reveal-password';
import './auth.css';

export interface ResetPasswordScreenProps {
  tokenHash?: string;
  onDone: () => void;
}

export function ResetPasswordScreen({ tokenHash, onDone }: ResetPasswordScreenProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(tokenHash ? null : t('auth.linkIncomplete'));
  const [busy, setBusy] = useState(false);
  // once the link has signed in, a retry only sets the password
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !tokenHash) return;
    const problem = checkNewPassword(password);
    if (problem) {
      setError(problem);
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sync = await loadSync();
      let who = signedInAs;
      if (who === null) {
        const opened = await sync.openAuthLink(tokenHash, 'recovery');
        if (!opened.ok) {
          setLinkError(opened.message);
          return;
        }
        who = opened.account.state === 'local' ? '' : opened.account.email;
        setSignedInAs(who);
      }
      const changed = await sync.changePassword(password);
      if (!changed.ok) {
        setError(changed.message);
        passwordRef.current?.focus();
        return;
      }
      navigator.storage?.persist?.().catch(() => undefined);
      showToast(who ? t('auth.passwordChangedAs', { email: who }) : t('auth.passwordChanged'), undefined, { id: 'signed-in' });
      onDone();
    } catch (err) {
      console.warn('Resetting the password failed', err);
      setError(t('auth.cantReach'));
    } finally {
      setBusy(false);
    }
  }

  if (linkError) {
    return (
      <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
        <div className="auth-card">
          <h1 id={`${id}-title`} className="screen-title">
            {t('auth.resetPassword')}
          </h1>
          <p role="alert" className="field-error auth-form-error">
            {linkError}
          </p>
          <div className="auth-actions">
            <Link to="/forgot-password" className="btn btn-primary">
              {t('auth.sendNewLink')}
            </Link>
            <Link to="/sign-in" className="btn">
              {t('auth.backToSignIn')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          {t('auth.resetPassword')}
        </h1>
        <p className="auth-lead">{t('auth.resetLead')}</p>
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${id}-password`} className="field-label">
              {t('auth.newPassword')}
            </label>
            <div className="auth-password">
              <input
                ref={passwordRef}
                id={`${id}-password`}
                className="input"
                type={show ? 'text' : 'password'}
                name="new-password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-password-error` : `${id}-password-hint`}
              />
              <RevealPassword shown={show} onToggle={() => setShow((v) => !v)} />
            </div>
            {error ? (
              <p id={`${id}-password-error`} className="field-error">
                {error}
              </p>
            ) : (
              <p id={`${id}-password-hint`} className="auth-busy">
                {t('auth.passwordHint', { min: MIN_PASSWORD })}
              </p>
            )}
          </div>
          <p role="status" className={busy ? 'auth-busy' : 'visually-hidden'}>
            {busy ? t('auth.savingPassword') : ''}
          </p>
          <div className="auth-actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {t('auth.resetPassword')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
