// Today's "Reschedule" button; its sheet (the date picker, the bulk write) loads when pressed.
import { lazy, Suspense, useState } from 'react';
import type { Task } from '@/domain/model';
import { t } from './messages';

const Sheet = lazy(() => import('./reschedule-sheet'));

export function RescheduleButton({ tasks, today }: { tasks: readonly Task[]; today: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm reschedule-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('today.reschedule')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Sheet tasks={tasks} today={today} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
