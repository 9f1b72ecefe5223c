// The task dialog (SPEC §10) over the current screen. Closing first saves pending text; if that
// is refused the dialog stays open, so nothing is lost.
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTask } from '@/data/react';
import { DialogShell } from '@/ui/dialog-shell';
import { TaskForm } from './task-form';
import type { TaskFormHandle } from './task-form-handle';
import './tasks.css';
import { t } from './messages';

export interface TaskDialogProps {
  taskId: string;
  onClose: () => void;
}

export function TaskDialog({ taskId, onClose }: TaskDialogProps) {
  const task = useTask(taskId);
  const form = useRef<TaskFormHandle>(null);

  async function requestClose() {
    if (form.current && !(await form.current.flush())) return;
    onClose();
  }

  return (
    <DialogShell
      frame="panel"
      className="task-dialog"
      title={task === null ? t('tasks.missingTitle') : t('tasks.dialogTitle')}
      onOpenChange={(open) => {
        if (!open) void requestClose();
      }}
      onEscapeKeyDown={(e) => {
        // An open date picker takes Escape for itself.
        if (form.current?.escape()) e.preventDefault();
      }}
    >
      {task === null && (
        <div className="dialog-body">
          <p>{t('tasks.missingText')}</p>
          <p>
            <Link to="/today" className="btn btn-primary">
              {t('tasks.goToday')}
            </Link>
          </p>
        </div>
      )}
      {task && <TaskForm key={task.id} ref={form} task={task} onDelete={onClose} />}
    </DialogShell>
  );
}
