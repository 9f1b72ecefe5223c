// "Leave list" for members who are not the owner, confirmed in a small alert dialog over the
// share dialog. Leaving is queued like any change; the list disappears from this device when the
// server confirms it at the next sync, which the confirmation and the toast both say.
import { useState } from 'react';
import { refusalMessage } from '@/connected/write-error';
import { lists } from '@/data';
import type { List } from '@/domain/model';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FieldError } from '@/ui/field-error';
import { t } from './messages';

export function LeaveList({ list, onLeft }: { list: List; onLeft: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    try {
      await lists.leave(list.id);
      setOpen(false);
      onLeft();
    } catch (err) {
      // Said inside this dialog, a full disk too: it is what the user is looking at.
      const message = refusalMessage(err);
      if (message === null) throw err;
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="share-leave">
      <ConfirmDialog
        frame="stacked"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        trigger={
          <button type="button" className="btn btn-danger">
            {t('sharing.leave')}
          </button>
        }
        title={t('sharing.leaveTitle', { name: list.name })}
        description={t('sharing.leaveText')}
        confirmLabel={t('sharing.leave')}
        onConfirm={() => void leave()}
        busy={busy}
      >
        {error && <FieldError message={error} />}
      </ConfirmDialog>
    </div>
  );
}
