import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { JoinScreen } from '@/features/join/join-screen';
import { t } from '@/features/join/messages';
import { useAccount } from '@/sync-status/use-sync-status';

// A share link (SPEC §13.1). What it shares is shown only to someone signed in, so signed out
// (or with an expired session) it sends people to sign in and back here, the same way an
// invitation's page does (/sign-in?next=).
export const Route = createFileRoute('/join/$token')({
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useParams();
  const account = useAccount();
  const navigate = useNavigate();
  if (account.state !== 'signed-in') {
    return (
      <section className="join" aria-labelledby="join-signin-heading">
        <p className="join-eyebrow">{t('join.shareLink')}</p>
        <h1 id="join-signin-heading" className="join-title">
          {t('join.title')}
        </h1>
        <p className="join-text">{t('join.signInLead')}</p>
        <div className="join-actions">
          <Link
            to="/sign-in"
            search={{ next: `/join/${token}`, email: account.state === 'expired' ? account.email : undefined }}
            className="btn btn-primary"
          >
            {t('join.signIn')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <JoinScreen
      key={account.userId}
      token={token}
      onOpen={(listId) => void navigate({ to: '/lists/$listId', params: { listId }, replace: true })}
      onNotNow={() => void navigate({ to: '/today', replace: true })}
    />
  );
}
