import { createFileRoute } from '@tanstack/react-router';
import { NoInvitationsScreen } from '@/features/invitations/no-invitations-screen';

export const Route = createFileRoute('/no-invitations/$token')({
  component: NoInvitationsRoute,
});

function NoInvitationsRoute() {
  const { token } = Route.useParams();
  return <NoInvitationsScreen token={token} />;
}
