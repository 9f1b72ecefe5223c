// User actions on a task that answer with a toast, shared by every screen that shows tasks.
import { tasks } from '@/data';
import type { Task } from '@/domain/model';
import { mediumDate } from '@/ui/format';
import { showUndoToast } from '@/ui/toasts';
import { t } from './messages';
import { reportWriteError } from './write-error';

/**
 * Completing a repeating task completes one occurrence (SPEC §11.1): it stays open, due on the
 * next one, and the toast says "Next: <date>" with Undo, which puts the occurrence back. At the
 * end of the series it completes like a plain task.
 */
async function completeOccurrence(task: Pick<Task, 'id'>): Promise<void> {
  let done: Awaited<ReturnType<typeof tasks.completeOccurrence>>;
  try {
    done = await tasks.completeOccurrence(task.id);
  } catch (err) {
    reportWriteError(err);
    return;
  }
  showUndoToast(done.next ? t('connected.next', { date: mediumDate(done.next) }) : t('connected.completed'), () => {
    tasks.undoOccurrence(done).catch(reportWriteError);
  });
}

export async function setTaskDone(task: Pick<Task, 'id'> & Partial<Pick<Task, 'repeat' | 'due_date'>>, done: boolean): Promise<void> {
  if (done && task.repeat && task.due_date) return completeOccurrence(task);
  try {
    await tasks.setDone(task.id, done);
  } catch (err) {
    reportWriteError(err);
    return;
  }
  if (done) {
    showUndoToast(t('connected.completed'), () => {
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
  showUndoToast(t('connected.taskDeleted'), () => {
    tasks.restore(task.id).catch(reportWriteError);
  });
  return true;
}
