// /sign-in (SPEC §2, §6): sign in or create an account with e-mail and password, or carry on
// without one. Errors show at their field and nothing typed is cleared; signing in from local
// mode moves this device's lists into the account (the sync facade does it, once).
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AuthOutcome, loadSync } from '@/sync-status/load-sync';
import { useAccount, useOnline } from '@/sync-status/use-sync-status';
import { EmailInput } from '@/ui/email-input';
import { showToast } from '@/ui/toasts';
import { useLists, useOpenTaskCounts } from '@/data/react';
import { type AuthMode, type CredentialErrors, checkCredentials, checkName } from './credentials';
import { CheckEmailPanel } from './check-email-panel';
import { around, t } from './messages';
import { NameField } from './name-field';
import { RevealPassword } from './reveal-password';
import './auth.css';

export interface SignInScreenProps {
  /** Filled in (e.g. from the expired-session banner). */
  initialEmail?: string;
  /** After signing in or up: the app goes to /today. */
  onSignedIn: () => void;
}

export function SignInScreen({ initialEmail, onSignedIn }: SignInScreenProps) {
  const id = useId();
  const account = useAccount();
  const online = useOnline();
  const hasLocalData = useHasLocalData();
  const [email, setEmail] = useState(initialEmail ?? (account.state === 'local' ? '' : account.email));
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState<AuthMode | null>(null);
  const [errors, setErrors] = useState<CredentialErrors>({});
  // the account waits for its e-mail's confirmation: "Check your e-mail" with a way to resend
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Fetch the sync code while the user types, so pressing "Sign in" waits only for the server.
  useEffect(() => {
    loadSync().catch(() => undefined);
  }, []);

  function showErrors(next: CredentialErrors) {
    setErrors(next);
    if (next.email) emailRef.current?.focus();
    else if (next.password) passwordRef.current?.focus();
    else if (next.name) document.getElementById(`${id}-name`)?.focus();
  }

  async function submit(mode: AuthMode) {
    if (busy) return;
    const problems = checkCredentials(email, password, mode);
    const named = mode === 'sign-up' ? checkName(name) : { name: null };
    if (problems || 'error' in named) {
      showErrors({ ...problems, ...('error' in named ? { name: named.error } : {}) });
      return;
    }
    setErrors({});
    setBusy(mode);
    const wasExpired = account.state === 'expired';
    let outcome: AuthOutcome;
    try {
      const sync = await loadSync();
      outcome = mode === 'sign-in' ? await sync.signIn(email.trim(), password) : await sync.signUp(email.trim(), password, named.name);
    } catch (err) {
      console.warn('Signing in failed', err);
      outcome = { ok: false, message: t('auth.cantReach') };
    }
    if (!outcome.ok && outcome.confirm) {
      setBusy(null);
      setAwaiting(email.trim());
      return;
    }
    if (!outcome.ok) {
      setBusy(null);
      showErrors(outcome.field ? { [outcome.field]: outcome.message } : { form: outcome.message });
      return;
    }
    // Signed in, the data is worth keeping: ask the browser not to evict it (ARCHITECTURE.md).
    navigator.storage?.persist?.().catch(() => undefined);
    const who = outcome.account.state === 'local' ? email.trim() : outcome.account.email || email.trim();
    showToast(
      wasExpired
        ? t('auth.signedInAgain', { email: who })
        : hasLocalData
          ? t('auth.signedInMoving', { email: who })
          : t('auth.signedIn', { email: who }),
      undefined,
      { id: 'signed-in' },
    );
    onSignedIn();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit('sign-in');
  }

  if (account.state === 'signed-in' && !busy) {
    const [asBefore, asAfter] = around('auth.alreadySignedInLead', 'email');
    return (
      <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
        <div className="auth-card">
          <h1 id={`${id}-title`} className="screen-title">
            {t('auth.alreadySignedIn')}
          </h1>
          <p className="auth-lead">
            {asBefore}
            <strong>{account.email || t('auth.yourAccount')}</strong>
            {asAfter}
          </p>
          <div className="auth-actions">
            <Link to="/today" className="btn btn-primary">
              {t('auth.goToday')}
            </Link>
            <Link to="/settings" className="btn">
              {t('auth.settings')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  if (awaiting) {
    return (
      <CheckEmailPanel
        email={awaiting}
        onBack={() => {
          setAwaiting(null);
          setPassword('');
        }}
      />
    );
  }

  const expired = account.state === 'expired';
  const fieldError = (field: 'email' | 'password') =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          {expired ? t('auth.signInAgain') : t('auth.signInToSync')}
        </h1>
        <p className="auth-lead">
          {expired ? (account.revoked ? t('auth.revokedLead') : t('auth.expiredLead')) : t('auth.lead')}
        </p>
        {!online && (
          <p className="auth-note">{t('auth.offline')}</p>
        )}
        <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy !== null}>
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
              errorId={errors.email ? `${id}-email-error` : null}
            />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`} className="field-label">
              {t('auth.password')}
            </label>
            <div className="auth-password">
              <input
                ref={passwordRef}
                id={`${id}-password`}
                className="input"
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? `${id}-password-error` : undefined}
              />
              <RevealPassword shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />
            </div>
            {fieldError('password')}
            <Link to="/forgot-password" search={{ email: email.trim() || undefined }} className="auth-link auth-forgot">
              {t('auth.forgotPassword')}
            </Link>
          </div>
          {!expired && <NameField id={`${id}-name`} value={name} onChange={setName} error={errors.name} />}
          {errors.form && (
            <p role="alert" className="field-error auth-form-error">
              {errors.form}
            </p>
          )}
          <p role="status" className={busy ? 'auth-busy' : 'visually-hidden'}>
            {busy === 'sign-in' ? t('auth.signingIn') : busy === 'sign-up' ? t('auth.creatingAccount') : ''}
          </p>
          <div className="auth-actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy ? true : undefined}>
              {t('auth.signIn')}
            </button>
            {/* After an expired session the person is signing back in, not starting over. */}
            {!expired && (
              <button type="button" className="btn" aria-disabled={busy ? true : undefined} onClick={() => void submit('sign-up')}>
                {t('auth.createAccount')}
              </button>
            )}
          </div>
        </form>
        <p className="auth-local">
          <Link to="/today" className="auth-link">
            {expired ? t('auth.notNow') : t('auth.continueWithout')}
          </Link>
          {!expired && <span className="auth-muted">{t('auth.staysLocal')}</span>}
        </p>
      </div>
    </section>
  );
}

/** Whether signing in will bring anything along (lists besides the Inbox, or open tasks). */
function useHasLocalData(): boolean {
  const lists = useLists();
  const counts = useOpenTaskCounts();
  return (lists?.length ?? 0) > 1 || Object.values(counts ?? {}).some((n) => n > 0);
}
