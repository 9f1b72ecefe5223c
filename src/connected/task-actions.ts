// User actions on a task that answer with a toast, shared by every screen that shows tasks.
import { tasks } from '@/data';
import type { Task } from '@/lib/model';
import { showUndoToast } from '@/ui/toasts';
import { reportWriteError } from './write-error';

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
