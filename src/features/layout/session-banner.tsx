// The expired-session banner (SPEC §4, §8): sync is paused, nothing queued is dropped, and one
// step signs the same person back in (the e-mail is filled in). Not shown on the sign-in screen.
// After a sign-out everywhere (SPEC §16) it says so, for someone who chose "Not now" there.
import { Link, useRouterState } from '@tanstack/react-router';
import { sessionExpired, signedOutEverywhere } from '@/sync-status/sync-messages';
import { useAccount } from '@/sync-status/use-sync-status';
import { t } from './messages';

export function SessionBanner() {
  const account = useAccount();
  const path = useRouterState({ select: (s) => s.location.pathname });
  if (account.state !== 'expired' || path === '/sign-in') return null;
  return (
    <section className="session-banner" aria-label={t('layout.sessionExpired')}>
      <p className="session-banner-text">{account.revoked ? signedOutEverywhere() : sessionExpired()}</p>
      <Link to="/sign-in" search={{ email: account.email || undefined }} className="btn btn-primary btn-sm">
        {t('layout.signIn')}
      </Link>
    </section>
  );
}
