import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/today')({
  component: () => <h1>Today</h1>,
});
