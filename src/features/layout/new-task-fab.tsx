// Phones (SPEC §18 "Phone"): a "New task" button floats above the bottom bar on every screen and
// opens quick add in a sheet (./new-task-sheet.tsx, loaded when pressed) with the screen's list
// or day as its default.
import { lazy, Suspense, useRef, useState } from 'react';
import { PlusIcon } from '@/ui/icons';
import { t } from './messages';

const Sheet = lazy(() => import('./new-task-sheet'));

export function NewTaskButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="new-task-fab" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PlusIcon />
        {t('layout.newTask')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Sheet onClose={() => setOpen(false)} returnFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
