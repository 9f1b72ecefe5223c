// A quiet offer to sign in (SPEC §6: a first visit starts local, "with a quiet offer to sign in to
// sync"). Shown on Today while there is no account, until the user says "Not now".
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAccount } from '@/sync-status/use-sync-status';
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
    <section className="sign-in-offer" aria-label="Sync offer">
      <p className="sign-in-offer-text">Your tasks are on this device only. Sign in to sync them to your other devices.</p>
      <div className="sign-in-offer-actions">
        <Link to="/sign-in" className="btn btn-sm">
          Sign in
        </Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismiss}>
          Not now
        </button>
      </div>
    </section>
  );
}
