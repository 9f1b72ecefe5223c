// A question that guards something that can't be undone (discarding a refused change, signing
// out with changes queued): a Radix alert dialog, a sheet from the bottom on phones and a centred
// card on wide screens. Opened by its owner (no trigger); focus goes back to `returnFocus` on close.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { toastLayerRef } from './toast-layer';
import './sheet-dialog.css';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the confirmed action runs: the buttons stay, but do nothing. */
  busy?: boolean;
  /** Where focus goes on close (there is no trigger to return to): the control that asked. */
  returnFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  returnFocus,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          ref={toastLayerRef}
          className="sheet-dialog confirm-dialog"
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="sheet-dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="confirm-description">{description}</Dialog.Description>
          {children && <div className="confirm-body">{children}</div>}
          <div className="confirm-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn" aria-disabled={busy || undefined}>
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-danger" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
