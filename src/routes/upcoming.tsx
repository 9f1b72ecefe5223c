import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/upcoming')({
  component: () => <h1>Upcoming</h1>,
});
