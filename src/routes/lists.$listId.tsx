import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/lists/$listId')({
  component: () => <h1>List</h1>,
});
