// A question that guards something that can't be undone (discarding a refused change, signing
// out with changes queued, leaving a shared list): an alert dialog with Cancel and the action.
// Opened by its owner, or by `trigger`; without a trigger, focus goes back to `returnFocus` on close.
import type { ReactNode, RefObject } from 'react';
import { DialogClose, DialogShell } from './dialog-shell';
import { t } from './messages';
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
  /** The control that opens the dialog, when it has one (focus returns to it on close). */
  trigger?: ReactNode;
  /** Where focus goes on close when there is no trigger to return to: the control that asked. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** 'stacked' when asked from inside another dialog: a card centred above it. */
  frame?: 'sheet' | 'stacked';
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  trigger,
  returnFocus,
  frame = 'sheet',
  children,
}: ConfirmDialogProps) {
  return (
    <DialogShell
      frame={frame}
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      trigger={trigger}
      role="alertdialog"
      className="confirm-dialog"
      title={title}
      description={description}
      descriptionClassName="confirm-description"
      onCloseAutoFocus={(event) => {
        const target = returnFocus?.current;
        if (target?.isConnected) {
          event.preventDefault();
          target.focus();
        }
      }}
    >
      {children && <div className="confirm-body">{children}</div>}
      <div className="confirm-actions">
        <DialogClose asChild>
          <button type="button" className="btn" aria-disabled={busy || undefined}>
            {cancelLabel ?? t('ui.cancel')}
          </button>
        </DialogClose>
        <button type="button" className="btn btn-danger" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
          {confirmLabel}
        </button>
      </div>
    </DialogShell>
  );
}
