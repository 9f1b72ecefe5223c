// /confirm?token_hash=…&type=signup|email_change (SPEC §16): a confirmation link, opened on any
// device. Opening it confirms the address (or moves the account to the new one) and signs the
// account in here, as signing in does.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { type AuthLinkType, loadSync } from '@/sync-status/load-sync';
import { showToast } from '@/ui/toasts';
import { CANT_REACH } from './messages';
import './auth.css';

export interface ConfirmLinkScreenProps {
  tokenHash?: string;
  type: Extract<AuthLinkType, 'signup' | 'email_change'>;
  onDone: () => void;
}

export function ConfirmLinkScreen({ tokenHash, type, onDone }: ConfirmLinkScreenProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(tokenHash ? null : 'This link is incomplete — ask for a new one.');
  const started = useRef(false);
  const title = type === 'email_change' ? 'Confirming your new e-mail' : 'Confirming your e-mail';

  useEffect(() => {
    // once: the token works once, and development mode runs effects twice
    if (!tokenHash || started.current) return;
    started.current = true;
    loadSync()
      .then((sync) => sync.openAuthLink(tokenHash, type))
      .then(
        (outcome) => {
          if (!outcome.ok) return setProblem(outcome.message);
          const who = outcome.account.state === 'local' ? '' : outcome.account.email;
          showToast(type === 'email_change' ? `E-mail changed to ${who}` : `E-mail confirmed — signed in as ${who}`, undefined, { id: 'signed-in' });
          onDone();
        },
        () => setProblem(CANT_REACH),
      );
  }, [tokenHash, type, onDone]);

  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          {problem ? 'This link didn’t work' : title}
        </h1>
        {problem ? (
          <>
            <p role="alert" className="field-error auth-form-error">
              {problem}
            </p>
            <p className="auth-lead">
              {type === 'email_change'
                ? 'Ask again in Settings → Account → Change e-mail.'
                : 'Sign in with your e-mail and password to have a new link sent.'}
            </p>
            <div className="auth-actions">
              <Link to={type === 'email_change' ? '/settings' : '/sign-in'} className="btn btn-primary">
                {type === 'email_change' ? 'Open Settings' : 'Back to sign in'}
              </Link>
            </div>
          </>
        ) : (
          <p role="status" className="auth-lead">
            One moment…
          </p>
        )}
      </div>
    </section>
  );
}
