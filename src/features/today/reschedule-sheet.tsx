// Today's "Reschedule" sheet (SPEC §18 "Overdue"): every overdue task to today, or to a picked
// date, in one change of many (the bar's bulk path: one transaction, one toast, one Undo).
// Loaded when "Reschedule" is pressed (./reschedule.tsx).
import type { Task } from '@/domain/model';
import { runBulk } from '@/connected/bulk-bar';
import { DateChoices } from '@/ui/date-choices';
import { DialogShell } from '@/ui/dialog-shell';
import { formatCount } from '@/ui/format';
import { t } from './messages';

export default function RescheduleSheet({ tasks, today, onClose }: { tasks: readonly Task[]; today: string; onClose: () => void }) {
  const setOpen = (open: boolean) => !open && onClose();
  const move = (day: string | null) => {
    setOpen(false);
    void runBulk(
      tasks.map((t) => t.id),
      { kind: 'date', due_date: day },
      { kind: 'date', due_date: day, today },
    );
  };
  return (
    <DialogShell
      frame="sheet"
      onOpenChange={setOpen}
      title={t('today.rescheduleTitle', { count: tasks.length, n: formatCount(tasks.length) })}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        document.querySelector<HTMLElement>('.reschedule-button')?.focus();
      }}
    >
      <div className="reschedule-body">
        <button type="button" className="btn btn-primary" onClick={() => move(today)}>
          {t('today.moveAll')}
        </button>
        <DateChoices value={null} today={today} noDate={false} onSelect={move} />
      </div>
    </DialogShell>
  );
}
