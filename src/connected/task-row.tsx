// A task row that finds out for itself whether the user may edit it and completes the task when
// ticked: for screens that mix lists (Today, Upcoming). A list screen knows its role once and
// renders ui/task-row's TaskRowView directly. Step counts come from the screen, which reads them
// for all its rows in one query (useStepCounts), not one per row.
import { useLabelsByTask, useMembers } from '@/data/react';
import type { Member, Task } from '@/domain/model';
import { personColor, personName } from '@/domain/people';
import { type TaskRowProps, TaskRowView } from '@/ui/task-row';
import { t } from './messages';
import { setTaskDone } from './task-actions';
import { useListRole } from './use-list-role';

/** Who a row shows as the task's assignee (SPEC §13.2, §16): their name and colour, from the list's members. */
export function assigneeName(task: Task, members: readonly Member[] | undefined): TaskRowProps['assignee'] {
  if (!task.assignee) return undefined;
  const m = members?.find((row) => row.user_id === task.assignee);
  return m ? { name: personName(m), color: personColor(m) } : { name: t('connected.someone'), color: 'grey' };
}

export function TaskRow(props: TaskRowProps) {
  const role = useListRole(props.task.list_id);
  const members = useMembers(props.task.list_id);
  const labels = useLabelsByTask()?.get(props.task.id);
  return (
    <TaskRowView
      labels={labels}
      {...props}
      assignee={assigneeName(props.task, members)}
      viewOnly={role === 'viewer'}
      onDoneChange={(done) => void setTaskDone(props.task, done)}
    />
  );
}
