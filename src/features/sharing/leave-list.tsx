// "Leave list" for members who are not the owner, confirmed in a small alert dialog. Leaving is
// queued like any change; the list disappears from this device when the server confirms it at
// the next sync, which the confirmation and the toast both say.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { lists, StorageFullError, ValidationError } from '@/data';
import type { List } from '@/lib/model';
import { toastLayerRef } from '@/ui/toast-layer';

export function LeaveList({ list, onLeft }: { list: List; onLeft: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function leave() {
    if (busy) return;
    setBusy(true);
    try {
      await lists.leave(list.id);
      setOpen(false);
      onLeft();
    } catch (err) {
      if (err instanceof ValidationError || err instanceof StorageFullError) setError(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="share-leave">
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
      >
        <Dialog.Trigger asChild>
          <button type="button" className="btn btn-danger">
            Leave list
          </button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="share-overlay share-overlay-confirm" />
          <Dialog.Content ref={toastLayerRef} className="share-confirm" role="alertdialog">
            <Dialog.Title className="share-title">Leave “{list.name}”?</Dialog.Title>
            <Dialog.Description className="share-confirm-text">
              You lose access to its tasks. It disappears from your devices at the next sync, and only its owner can invite
              you back.
            </Dialog.Description>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="share-confirm-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="button" className="btn btn-danger" aria-disabled={busy || undefined} onClick={() => void leave()}>
                Leave list
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
