// "Delete list": confirms with the number of tasks that go with the list, then deletes it,
// goes to /lists and offers Undo (lists.restore brings the list and those tasks back).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { lists } from '@/data';
import { useListTasks } from '@/data/react';
import type { List } from '@/domain/model';
import { TrashIcon } from '@/ui/icons';
import { DialogClose } from '@/ui/dialog-shell';
import { ListDialog } from './list-dialog';
import { showUndoToast } from '@/ui/toasts';

export function deleteConsequence(taskCount: number): string {
  if (taskCount === 0) return 'It has no tasks.';
  return taskCount === 1 ? 'Its 1 task will be deleted with it.' : `Its ${taskCount} tasks will be deleted with it.`;
}

export function DeleteListDialog({ list }: { list: List }) {
  const [open, setOpen] = useState(false);
  return (
    <ListDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={`Delete “${list.name}”?`}
      description={<TaskCount listId={list.id} />}
      trigger={
        <button type="button" className="icon-btn lists-icon-btn--danger" aria-label="Delete list" title="Delete list">
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
      showUndoToast('List deleted', () => {
        lists.restore(list.id).catch((err: unknown) => reportWriteError(err, { unexpected: "Couldn't undo" }));
      });
    } catch (err) {
      reportWriteError(err, { unexpected: "Couldn't delete the list" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="lists-dialog-actions">
      <DialogClose asChild>
        <button type="button" className="btn">
          Cancel
        </button>
      </DialogClose>
      <button type="button" className="btn btn-danger" onClick={confirm} aria-disabled={busy || undefined}>
        Delete list
      </button>
    </div>
  );
}
