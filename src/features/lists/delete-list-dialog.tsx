// "Delete list": confirms with the number of tasks that go with the list, then deletes it,
// goes to /lists and offers Undo (lists.restore brings the list and those tasks back).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { lists } from '@/data';
import { useListTasks } from '@/data/react';
import type { List } from '@/domain/model';
import { TrashIcon } from '@/ui/icons-more';
import { DialogClose } from '@/ui/dialog-shell';
import { ListDialog } from './list-dialog';
import { showUndoToast } from '@/ui/toasts';
import { t } from './messages';

export function deleteConsequence(taskCount: number): string {
  if (taskCount === 0) return t('lists.deleteNoTasks');
  return t('lists.deleteTasks', { count: taskCount });
}

export function DeleteListDialog({ list }: { list: List }) {
  const [open, setOpen] = useState(false);
  return (
    <ListDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={t('lists.deleteTitle', { name: list.name })}
      description={<TaskCount listId={list.id} />}
      trigger={
        <button type="button" className="icon-btn lists-icon-btn--danger" aria-label={t('lists.delete')} title={t('lists.delete')}>
          <TrashIcon />
        </button>
      }
    >
      <ConfirmDelete list={list} onDone={() => setOpen(false)} />
    </ListDialog>
  );
}

function TaskCount({ listId }: { listId: string }) {
  const tasks = useListTasks(listId, 'all');
  return <>{tasks ? deleteConsequence(tasks.length) : '\u00a0'}</>;
}

function ConfirmDelete({ list, onDone }: { list: List; onDone: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      await lists.delete(list.id);
      onDone();
      await navigate({ to: '/lists' });
      showUndoToast(t('lists.deleted'), () => {
        lists.restore(list.id).catch((err: unknown) => reportWriteError(err, { unexpected: t('lists.undoFailed') }));
      });
    } catch (err) {
      reportWriteError(err, { unexpected: t('lists.deleteFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="lists-dialog-actions">
      <DialogClose asChild>
        <button type="button" className="btn">
          {t('lists.cancel')}
        </button>
      </DialogClose>
      <button type="button" className="btn btn-danger" onClick={confirm} aria-disabled={busy || undefined}>
        {t('lists.delete')}
      </button>
    </div>
  );
}
