// User actions on a task that answer with a toast, shared by every screen that shows tasks.
import { StorageFullError, tasks, ValidationError } from '@/data';
import type { Task } from '@/lib/model';
import { showErrorToast, showUndoToast } from './toasts';

/**
 * Shows why a write was refused: a validation message at the field when the caller has one
 * (`atField`), else as a toast, and a full disk always as the toast. Anything unexpected is
 * rethrown. Callers keep what was typed either way.
 */
export function reportWriteError(err: unknown, atField?: (message: string) => void): void {
  if (err instanceof ValidationError && atField) atField(err.message);
  else if (err instanceof StorageFullError || err instanceof ValidationError) showErrorToast(err.message);
  else throw err;
}

export async function setTaskDone(task: Pick<Task, 'id'>, done: boolean): Promise<void> {
  try {
    await tasks.setDone(task.id, done);
  } catch (err) {
    reportWriteError(err);
    return;
  }
  if (done) {
    showUndoToast('Completed', () => {
      tasks.setDone(task.id, false).catch(reportWriteError);
    });
  }
}

export async function deleteTask(task: Pick<Task, 'id'>): Promise<boolean> {
  try {
    await tasks.delete(task.id);
  } catch (err) {
    reportWriteError(err);
    return false;
  }
  showUndoToast('Task deleted', () => {
    tasks.restore(task.id).catch(reportWriteError);
  });
  return true;
}
