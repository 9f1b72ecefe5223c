import { createFileRoute } from '@tanstack/react-router';
import { ListsScreen } from '@/features/lists/lists-screen';

export const Route = createFileRoute('/lists/')({
  component: ListsScreen,
});
