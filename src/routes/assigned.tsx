import { createFileRoute } from '@tanstack/react-router';
import { AssignedScreen } from '@/features/assigned/assigned-screen';

export const Route = createFileRoute('/assigned')({
  component: AssignedScreen,
});
