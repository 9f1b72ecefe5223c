// /confirm?token_hash=…&type=signup|email_change (SPEC §16): a confirmation link, opened on any
// device. Opening it confirms the address (or moves the account to the new one) and signs the
// account in here, as signing in does.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { type AuthLinkType, loadSync } from '@/sync-status/load-sync';
import { showToast } from '@/ui/toasts';
import { t } from './messages';
import './auth.css';

export interface ConfirmLinkScreenProps {
  tokenHash?: string;
  type: Extract<AuthLinkType, 'signup' | 'email_change'>;
  onDone: () => void;
}

export function ConfirmLinkScreen({ tokenHash, type, onDone }: ConfirmLinkScreenProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(tokenHash ? null : t('auth.linkIncomplete'));
  const started = useRef(false);
  const title = type === 'email_change' ? t('auth.confirmingNewEmail') : t('auth.confirmingEmail');

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
          showToast(type === 'email_change' ? t('auth.emailChanged', { email: who }) : t('auth.emailConfirmed', { email: who }), undefined, { id: 'signed-in' });
          onDone();
        },
        () => setProblem(t('auth.cantReach')),
      );
  }, [tokenHash, type, onDone]);

  return (
    <section className="screen auth-screen" aria-labelledby={`${id}-title`}>
      <div className="auth-card">
        <h1 id={`${id}-title`} className="screen-title">
          {problem ? t('auth.linkFailed') : title}
        </h1>
        {problem ? (
          <>
            <p role="alert" className="field-error auth-form-error">
              {problem}
            </p>
            <p className="auth-lead">
              {type === 'email_change' ? t('auth.askAgainInSettings') : t('auth.signInForNewLink')}
            </p>
            <div className="auth-actions">
              <Link to={type === 'email_change' ? '/settings' : '/sign-in'} className="btn btn-primary">
                {type === 'email_change' ? t('auth.openSettings') : t('auth.backToSignIn')}
              </Link>
            </div>
          </>
        ) : (
          <p role="status" className="auth-lead">
            {t('auth.oneMoment')}
          </p>
        )}
      </div>
    </section>
  );
}
