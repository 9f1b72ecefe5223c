import { createFileRoute } from '@tanstack/react-router';
import { FilterScreen } from '@/features/filters/filter-screen';

// Loaded when opened (the router splits each route's component into its own chunk).
export const Route = createFileRoute('/filters/$filterId')({
  component: FilterRoute,
});

function FilterRoute() {
  const { filterId } = Route.useParams();
  return <FilterScreen filterId={filterId} />;
}
