import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { showToast } from '@/ui/toasts';
import { t } from '@/features/join/messages';
import { ShareDialog } from '@/features/sharing/share-dialog';

// The share dialog renders in the list route's Outlet, so the list stays on screen behind it
// and a deep link or reload of /lists/<id>/share (offline too) shows both.
export const Route = createFileRoute('/lists/$listId/share')({
  component: ShareRoute,
});

function ShareRoute() {
  const { listId } = Route.useParams();
  const navigate = useNavigate();
  const router = useRouter();

  // Back to the list: a step back in history when the dialog was opened from it, else (a deep
  // link) the list's address in place of this one.
  const close = useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/lists/$listId', params: { listId }, search: (prev) => prev, replace: true });
  }, [router, navigate, listId]);

  const left = useCallback(
    (name: string) => {
      void navigate({ to: '/lists', replace: true });
      showToast(t('join.left', { name }));
    },
    [navigate],
  );

  return <ShareDialog listId={listId} onClose={close} onLeft={left} />;
}
