// The phone's "New task" sheet (SPEC §18 "Phone"), loaded when the floating button is pressed
// (./new-task-fab.tsx): quick add, adding to what the screen is about — its list, its day (Today,
// a day picked on Upcoming or Week) — or to the Inbox. A task that lands off the screen says
// where it went ("Added to <where>", with "Show").
import { useRouterState } from '@tanstack/react-router';
import type { NewTask } from '@/data';
import type { Task } from '@/domain/model';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { addDays, isValidIsoDate, UPCOMING_DAYS } from '@/lib/dates';
import { DialogShell } from '@/ui/dialog-shell';
import { useToday } from '@/ui/use-today';
import { t } from './messages';

interface Target {
  defaults: Omit<NewTask, 'title'>;
  onScreen: (task: Task) => boolean;
  placeholder: string;
}

/** What the screen at `path` (with its query) is about, for quick add's defaults. */
export function screenTarget(path: string, search: Record<string, unknown>, today: string): Target {
  const day = typeof search.day === 'string' && isValidIsoDate(search.day) ? search.day : null;
  const list = /^\/lists\/([^/]+)/.exec(path)?.[1];
  if (list && list !== 'index') return { defaults: { list_id: decodeURIComponent(list) }, onScreen: (t) => t.list_id === decodeURIComponent(list), placeholder: t('layout.addToList') };
  if (path === '/today' || path === '/') return { defaults: { due_date: today }, onScreen: (t) => t.due_date !== null && t.due_date <= today, placeholder: t('layout.addForToday') };
  if ((path === '/upcoming' || path === '/week') && day) return { defaults: { due_date: day }, onScreen: (t) => t.due_date === day, placeholder: t('layout.addForDay') };
  // Week on a phone shows one day of the week: the one in the address, else today
  if (path === '/week') {
    const shown = typeof search.start === 'string' && isValidIsoDate(search.start) ? search.start : today;
    return { defaults: { due_date: shown }, onScreen: (t) => t.due_date === shown, placeholder: t('layout.addForDay') };
  }
  if (path === '/upcoming') {
    const end = addDays(today, UPCOMING_DAYS);
    return { defaults: {}, onScreen: (t) => t.due_date !== null && t.due_date >= today && t.due_date < end, placeholder: t('layout.addTask') };
  }
  return { defaults: {}, onScreen: () => false, placeholder: t('layout.addTask') };
}

export default function NewTaskSheet({ onClose, returnFocus }: { onClose: () => void; returnFocus: () => void }) {
  const location = useRouterState({ select: (s) => s.location });
  const today = useToday();
  const target = screenTarget(location.pathname, location.search as Record<string, unknown>, today);
  return (
    <DialogShell
      frame="sheet"
      onOpenChange={(open) => !open && onClose()}
      title={t('layout.newTask')}
      className="new-task-sheet"
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        returnFocus();
      }}
    >
      <QuickAdd defaults={target.defaults} placeholder={target.placeholder} onScreen={target.onScreen} autoFocus />
    </DialogShell>
  );
}
