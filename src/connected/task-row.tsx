// A task row that finds out for itself whether the user may edit it and completes the task when
// ticked: for screens that mix lists (Today, Upcoming). A list screen knows its role once and
// renders ui/task-row's TaskRowView directly. Step counts come from the screen, which reads them
// for all its rows in one query (useStepCounts), not one per row.
import { useLabelsByTask } from '@/data/react';
import { type TaskRowProps, TaskRowView } from '@/ui/task-row';
import { setTaskDone } from './task-actions';
import { useListRole } from './use-list-role';

export function TaskRow(props: TaskRowProps) {
  const role = useListRole(props.task.list_id);
  const labels = useLabelsByTask()?.get(props.task.id);
  return <TaskRowView labels={labels} {...props} viewOnly={role === 'viewer'} onDoneChange={(done) => void setTaskDone(props.task, done)} />;
}
