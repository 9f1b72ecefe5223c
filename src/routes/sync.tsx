import { createFileRoute } from '@tanstack/react-router';
import { SyncCenterScreen } from '@/features/sync-center/sync-center-screen';

export const Route = createFileRoute('/sync')({
  component: () => <SyncCenterScreen />,
});
