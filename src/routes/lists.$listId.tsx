import { createFileRoute, Outlet } from '@tanstack/react-router';
import type { Show } from '@/data';
import { ActivityLink } from '@/features/lists/activity-link';
import { ListActions } from '@/features/lists/list-actions';
import { ShareButton } from '@/features/sharing/share-button';
import { ListNotify } from '@/features/notifications/list-notify';
import { ListScreen } from '@/features/tasks/list-screen';

interface ListSearch {
  /** Which tasks to show; absent means 'open'. */
  show?: Exclude<Show, 'open'>;
}

// Invalid values become undefined explicitly: the router merges the validated object over the
// raw query, so leaving a key out would let the raw value through.
export const Route = createFileRoute('/lists/$listId')({
  validateSearch: (search: Record<string, unknown>): ListSearch => ({
    show: search.show === 'done' || search.show === 'all' ? search.show : undefined,
  }),
  component: ListRoute,
});

function ListRoute() {
  const { listId } = Route.useParams();
  const { show = 'open' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <ListScreen
        listId={listId}
        show={show}
        onShowChange={(next) =>
          navigate({ search: (prev) => ({ ...prev, show: next === 'open' ? undefined : next }), replace: true })
        }
        actions={
          <>
            <ShareButton listId={listId} />
            <ListNotify listId={listId} />
            <ActivityLink listId={listId} />
            <ListActions listId={listId} />
          </>
        }
      />
      {/* Child routes (e.g. the share dialog) render over the list. */}
      <Outlet />
    </>
  );
}
