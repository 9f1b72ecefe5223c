import { createFileRoute } from '@tanstack/react-router';
import { WeekScreen } from '@/features/week/week-screen';
import { isValidIsoDate } from '@/lib/dates';

interface WeekSearch {
  /** Any day of the week to show (YYYY-MM-DD); the week holding it is shown. Default: this week. */
  start?: string;
  /** A day's timeline (YYYY-MM-DD) instead of the week. */
  day?: string;
}

const date = (value: unknown) => (typeof value === 'string' && isValidIsoDate(value) ? value : undefined);

export const Route = createFileRoute('/week')({
  // undefined, not a missing key: the router merges this over the raw query.
  validateSearch: (search: Record<string, unknown>): WeekSearch => ({ start: date(search.start), day: date(search.day) }),
  component: WeekRoute,
});

function WeekRoute() {
  const { start, day } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WeekScreen
      start={start}
      day={day}
      onShowWeek={(next) => navigate({ search: (prev) => ({ ...prev, start: next, day: undefined }) })}
      onShowDay={(next) => navigate({ search: (prev) => ({ ...prev, day: next }) })}
    />
  );
}
