import { createFileRoute } from '@tanstack/react-router';
import { TodayScreen } from '@/features/today/today-screen';

interface TodaySearch {
  /** 'task' focuses quick add: the manifest's "New task" shortcut opens /today?add=task. */
  add?: 'task';
}

export const Route = createFileRoute('/today')({
  // undefined, not a missing key: the router merges this over the raw query.
  validateSearch: (search: Record<string, unknown>): TodaySearch => ({
    add: search.add === 'task' ? 'task' : undefined,
  }),
  component: TodayRoute,
});

function TodayRoute() {
  const { add } = Route.useSearch();
  return <TodayScreen focusQuickAdd={add === 'task'} />;
}
