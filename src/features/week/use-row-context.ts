// What every task row of the week needs besides its task — may the user edit it (their role on
// its list), its assignee's name, its labels — read once for the screen, as a list screen reads its
// role once, rather than by each of a week's hundreds of rows on its own.
import { useMemo } from 'react';
import { useAllMembers, useLabelsByTask, useListSharing } from '@/data/react';
import type { Label, Member, Task } from '@/domain/model';
import { assigneeName } from '@/connected/task-row';

export interface RowContext {
  viewOnly: (task: Task) => boolean;
  assignee: (task: Task) => ReturnType<typeof assigneeName>;
  labels: (task: Task) => readonly Label[] | undefined;
}

export function useRowContext(): RowContext {
  const sharing = useListSharing();
  const members = useAllMembers();
  const labels = useLabelsByTask();
  return useMemo(() => {
    const byList = new Map<string, Member[]>();
    for (const m of members ?? []) {
      const list = byList.get(m.list_id);
      if (list) list.push(m);
      else byList.set(m.list_id, [m]);
    }
    return {
      viewOnly: (task) => sharing?.[task.list_id]?.role === 'viewer',
      assignee: (task) => assigneeName(task, byList.get(task.list_id)),
      labels: (task) => labels?.get(task.id),
    };
  }, [sharing, members, labels]);
}
