import { createFileRoute } from '@tanstack/react-router';
import { LabelScreen } from '@/features/labels/label-screen';

// Loaded when opened (the router splits each route's component into its own chunk).
export const Route = createFileRoute('/labels/$labelId')({
  component: LabelRoute,
});

function LabelRoute() {
  const { labelId } = Route.useParams();
  return <LabelScreen labelId={labelId} />;
}
