// A task row that finds out for itself whether the user may edit it and completes the task when
// ticked: for screens that mix lists (Today, Upcoming). A list screen knows its role once and
// renders ui/task-row's TaskRowView directly.
import { useTaskSteps } from '@/data/react';
import { type TaskRowProps, TaskRowView } from '@/ui/task-row';
import { setTaskDone } from './task-actions';
import { useListRole } from './use-list-role';

export function TaskRow(props: TaskRowProps) {
  const role = useListRole(props.task.list_id);
  const steps = useTaskSteps(props.task.id);
  const counts = steps && steps.length > 0 ? { done: steps.filter((s) => s.done).length, total: steps.length } : undefined;
  return (
    <TaskRowView
      {...props}
      steps={counts}
      viewOnly={role === 'viewer'}
      onDoneChange={(done) => void setTaskDone(props.task, done)}
    />
  );
}
