// The task dialog (SPEC §10): every field saves on change or blur; a refusal shows its SPEC §5
// message at the field and keeps what was typed. Closing first saves pending text; if that is
// refused the dialog stays open, so nothing is lost.
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTask } from '@/data/react';
import { CloseIcon } from '@/ui/icons';
import { toastLayerRef } from '@/ui/toast-layer';
import { TaskForm } from './task-form';
import './tasks.css';

export interface TaskDialogProps {
  taskId: string;
  onClose: () => void;
}

/** Resolves to false when pending edits were refused and the dialog must stay open. */
export type FlushEdits = () => Promise<boolean>;

export function TaskDialog({ taskId, onClose }: TaskDialogProps) {
  const task = useTask(taskId);
  const flushRef = useRef<FlushEdits | null>(null);
  const escapeRef = useRef<(() => boolean) | null>(null);

  async function requestClose() {
    if (flushRef.current && !(await flushRef.current())) return;
    onClose();
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) void requestClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={toastLayerRef}
          className="dialog task-dialog"
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => {
            // An open date picker takes Escape for itself.
            if (escapeRef.current?.()) e.preventDefault();
          }}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{task === null ? "This task doesn't exist" : 'Task'}</Dialog.Title>
            <button type="button" className="icon-btn" aria-label="Close" onClick={() => void requestClose()}>
              <CloseIcon />
            </button>
          </div>
          {task === null && (
            <div className="dialog-body">
              <p>It may have been deleted, or it belongs to a list that is no longer shared with you.</p>
              <p>
                <Link to="/today" className="btn btn-primary">
                  Go to Today
                </Link>
              </p>
            </div>
          )}
          {task && (
            <TaskForm
              key={task.id}
              task={task}
              flushRef={flushRef}
              escapeRef={escapeRef}
              onDeleted={onClose}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
