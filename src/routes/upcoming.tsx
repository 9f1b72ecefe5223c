import { createFileRoute } from '@tanstack/react-router';
import { UpcomingScreen } from '@/features/upcoming/upcoming-screen';
import { isValidIsoDate } from '@/lib/dates';

interface UpcomingSearch {
  /** A day picked on the calendar (YYYY-MM-DD); survives reload. */
  day?: string;
}

export const Route = createFileRoute('/upcoming')({
  // undefined, not a missing key: the router merges this over the raw query.
  validateSearch: (search: Record<string, unknown>): UpcomingSearch => ({
    day: typeof search.day === 'string' && isValidIsoDate(search.day) ? search.day : undefined,
  }),
  component: UpcomingRoute,
});

function UpcomingRoute() {
  const { day } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UpcomingScreen
      day={day}
      onDayChange={(next) => navigate({ search: (prev) => ({ ...prev, day: next }), replace: true })}
    />
  );
}
