import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SignInScreen } from '@/features/auth/sign-in-screen';
import { JoinScreen } from '@/features/join/join-screen';
import { useAccount } from '@/sync-status/use-sync-status';

// A share link (SPEC §13.1). Signed out (or with an expired session), sign-in shows here first,
// at this address, so the join page follows it without a redirect to remember.
export const Route = createFileRoute('/join/$token')({
  component: JoinRoute,
});

function JoinRoute() {
  const { token } = Route.useParams();
  const account = useAccount();
  const navigate = useNavigate();
  if (account.state !== 'signed-in') {
    return (
      <>
        <p className="join-signin-note">Sign in or create an account to join the list this link shares.</p>
        <SignInScreen initialEmail={account.state === 'expired' ? account.email : undefined} onSignedIn={() => {}} />
      </>
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
