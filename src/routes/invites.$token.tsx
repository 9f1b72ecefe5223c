import { createFileRoute } from '@tanstack/react-router';
import { InviteScreen } from '@/features/invitations/invite-screen';

export const Route = createFileRoute('/invites/$token')({
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useParams();
  return <InviteScreen token={token} />;
}
