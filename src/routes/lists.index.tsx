import { createFileRoute } from '@tanstack/react-router';
import { FiltersSection } from '@/features/filters/filters-section';
import { LabelsSection } from '@/features/labels/labels-section';
import { ListsScreen } from '@/features/lists/lists-screen';

export const Route = createFileRoute('/lists/')({
  component: ListsRoute,
});

function ListsRoute() {
  return (
    <ListsScreen
      after={
        <>
          <FiltersSection />
          <LabelsSection />
        </>
      }
    />
  );
}
