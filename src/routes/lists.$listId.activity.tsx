import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ActivityDialog } from '@/features/lists/activity-dialog';

// The list's activity renders in the list route's Outlet, over the list, like its share dialog.
export const Route = createFileRoute('/lists/$listId/activity')({
  component: ActivityRoute,
});

function ActivityRoute() {
  const { listId } = Route.useParams();
  const navigate = useNavigate();
  const router = useRouter();
  const close = useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/lists/$listId', params: { listId }, search: (prev) => prev, replace: true });
  }, [router, navigate, listId]);
  return <ActivityDialog listId={listId} onClose={close} />;
}
