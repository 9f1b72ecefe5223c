// Keyboard shortcuts (SPEC §18 "Keyboard"): "?" opens "Keyboard shortcuts"; q new task, / search,
// g t / g u / g w to Today, Upcoming, Week; j / k to the next / previous task. x (select), c
// (complete) and Enter (open) act on the focused row and live with the row (ui/task-row.tsx).
// None fires while the person types in a field, with a modifier held, or under an open dialog.
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isTypingTarget } from '@/ui/typing-target';

// the list and its dialog load when "?" is first pressed
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** How long after "g" its second key counts. */
const CHORD_MS = 1500;

/** Focus the title of the task `step` rows from the focused one (the first or last when none is). */
export function focusTaskRow(step: 1 | -1): void {
  const titles = [...document.querySelectorAll<HTMLElement>('main .task-row .task-title')];
  if (titles.length === 0) return;
  const row = document.activeElement?.closest('.task-row');
  const at = row ? titles.findIndex((t) => row.contains(t)) : -1;
  const next = at < 0 ? (step === 1 ? 0 : titles.length - 1) : Math.min(titles.length - 1, Math.max(0, at + step));
  titles[next]?.focus();
  titles[next]?.scrollIntoView({ block: 'nearest' });
}

/** A screen's quick add field, or the floating "New task" (phones), or Today's field. */
function newTask(goToday: () => void): void {
  // by its class: its name ("New task") is in the person's language
  const field = document.querySelector<HTMLInputElement>('main input.quick-add-input');
  if (field) {
    field.focus();
    return;
  }
  const fab = document.querySelector<HTMLButtonElement>('.new-task-fab');
  if (fab) fab.click();
  else goToday();
}

export default function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const chord = useRef(0);
  useEffect(() => {
    const go = (to: string, search?: Record<string, string>) => void navigate({ to, search } as never);
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const g = chord.current > Date.now();
      chord.current = 0;
      let done = true;
      if (g && e.key === 't') go('/today');
      else if (g && e.key === 'u') go('/upcoming');
      else if (g && e.key === 'w') go('/week');
      else if (e.key === 'g') chord.current = Date.now() + CHORD_MS;
      else if (e.key === '?') setOpen(true);
      else if (e.key === '/') go('/search');
      else if (e.key === 'q') newTask(() => go('/today', { add: 'task' }));
      else if (e.key === 'j') focusTaskRow(1);
      else if (e.key === 'k') focusTaskRow(-1);
      else done = false;
      if (done) e.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
