// On top of every screen while a sync pulls a large backlog (a new device's first sync, or a
// long time away): how far it has got, where the user is looking while their lists fill in.
// The engine reports progress only when more than one page is to come; the strip fades in after
// a moment (CSS) so a pull of a couple of pages does not flash it. Not on /sync, whose card
// shows the same bar. The indicator keeps saying "Syncing".
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSyncStatus } from '@/sync-status/use-sync-status';

// Loaded when a large pull first reports progress (the strip fades in after a moment anyway).
const PullProgressBar = lazy(() => import('@/ui/pull-progress').then((m) => ({ default: m.PullProgressBar })));

export function SyncProgressStrip() {
  const { pull } = useSyncStatus();
  const path = useRouterState({ select: (s) => s.location.pathname });
  if (!pull || path === '/sync') return null;
  return (
    <Suspense fallback={null}>
      <PullProgressBar progress={pull} className="sync-progress-strip" />
    </Suspense>
  );
}
