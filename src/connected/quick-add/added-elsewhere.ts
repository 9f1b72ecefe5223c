// "Added to <where>" with "Show" (SPEC §18 "Dates"): a task quick add put somewhere the screen
// behind does not show (a date typed on Today for tomorrow, a "#list" typed on another list) is
// said to have landed there, with a way to go and see it.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useLists } from '@/data/react';
import type { Task } from '@/domain/model';
import { dayLabel } from '@/lib/dates';
import { showToast } from '@/ui/toasts';
import { useToday } from '@/ui/use-today';
import { t } from './messages';

/** Where a task shows: its day on Upcoming when it has one, else its list. */
export function addedWhere(task: Pick<Task, 'due_date' | 'list_id'>, today: string, listName: string | undefined) {
  if (task.due_date) return { where: dayLabel(task.due_date, today), to: '/upcoming', search: { day: task.due_date } };
  return { where: listName ?? t('quickAdd.theList'), to: '/lists/$listId', params: { listId: task.list_id } };
}

export function useAddedElsewhere(): (task: Task) => void {
  const navigate = useNavigate();
  const lists = useLists();
  const today = useToday();
  return useCallback(
    (task: Task) => {
      const place = addedWhere(task, today, lists?.find((l) => l.id === task.list_id)?.name);
      showToast(t('quickAdd.addedTo', { where: place.where }), {
        label: t('quickAdd.show'),
        onClick: () => void navigate({ to: place.to, params: place.params, search: place.search } as never),
      });
    },
    [navigate, lists, today],
  );
}
