// A quiet offer to sign in (SPEC §6: a first visit starts local, "with a quiet offer to sign in to
// sync"). Shown on Today while there is no account, until the user says "Not now".
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAccount } from '@/sync-status/use-sync-status';
import { t } from './messages';
import './sign-in-offer.css';

export const OFFER_DISMISSED_KEY = 'daybook-sign-in-offer-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(OFFER_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function SignInOffer() {
  const account = useAccount();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (account.state !== 'local' || dismissed) return null;

  function dismiss() {
    setDismissed(true);
    try {
      localStorage.setItem(OFFER_DISMISSED_KEY, new Date().toISOString());
    } catch {
      // without storage the offer comes back next time, which is harmless
    }
  }

  return (
    <section className="sign-in-offer" aria-label={t('today.offerLabel')}>
      <p className="sign-in-offer-text">{t('today.offerText')}</p>
      <div className="sign-in-offer-actions">
        <Link to="/sign-in" className="btn btn-sm">
          {t('today.signIn')}
        </Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismiss}>
          {t('today.notNow')}
        </button>
      </div>
    </section>
  );
}
