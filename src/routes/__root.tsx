import { createRootRoute, Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { AppShell } from '@/features/layout/app-shell';
import { useCloseTaskDialog } from '@/features/tasks/use-close-task-dialog';

// The dialog is not needed for the first paint; load it when a task is opened.
const TaskDialog = lazy(() => import('@/features/tasks/task-dialog').then((m) => ({ default: m.TaskDialog })));

interface RootSearch {
  /** A task open in the dialog over the current screen (the address bar shows /tasks/<id>). */
  task?: string;
}

export const Route = createRootRoute({
  // undefined, not a missing key: the router merges this over the raw query.
  validateSearch: (search: Record<string, unknown>): RootSearch => ({
    task: typeof search.task === 'string' && search.task !== '' ? search.task : undefined,
  }),
  component: RootLayout,
});

function RootLayout() {
  const { task } = Route.useSearch();
  return (
    <AppShell>
      <Outlet />
      {task && <TaskDialogOverScreen taskId={task} />}
    </AppShell>
  );
}

function TaskDialogOverScreen({ taskId }: { taskId: string }) {
  const navigate = useNavigate();
  const dropTask = useCallback(
    () => void navigate({ to: '.', search: ({ task: _, ...rest }: RootSearch) => rest, replace: true }),
    [navigate],
  );
  const close = useCloseTaskDialog(dropTask);
  return (
    <Suspense fallback={null}>
      <TaskDialog taskId={taskId} onClose={close} />
    </Suspense>
  );
}
