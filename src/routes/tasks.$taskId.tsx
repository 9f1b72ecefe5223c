import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TaskDialog } from '@/features/tasks/task-dialog';
import { useCloseTaskDialog } from '@/features/tasks/use-close-task-dialog';
import { TodayScreen } from '@/features/today/today-screen';

// A direct visit to /tasks/<id> (a shared or reloaded link) shows the dialog over Today.
// Opening a task from a screen keeps that screen instead (see TaskLink and the root route).
export const Route = createFileRoute('/tasks/$taskId')({
  component: TaskRoute,
});

function TaskRoute() {
  const { taskId } = Route.useParams();
  const { task } = Route.useSearch();
  const navigate = useNavigate();
  const toToday = useCallback(() => void navigate({ to: '/today', replace: true }), [navigate]);
  const close = useCloseTaskDialog(toToday);
  return (
    <>
      <TodayScreen />
      {/* A task opened from this screen is shown by the root layout instead. */}
      {!task && <TaskDialog taskId={taskId} onClose={close} />}
    </>
  );
}
