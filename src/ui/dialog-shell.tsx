// The one frame of every Radix dialog in the app. It wires the title (and the description, or
// says there is none), registers the dialog as the toaster's host while it is open (see
// toast-layer.ts: toasts must be inside a modal to be announced and reachable), puts the "Close"
// button in the header of the larger dialogs, and gives each its frame's classes. A dialog
// then renders only its body.
import * as Dialog from '@radix-ui/react-dialog';
import type { CSSProperties, ReactNode } from 'react';
import { CloseIcon } from './icons-more';
import { t } from './messages';
import { toastLayerRef } from './toast-layer';
import './dialog-shell.css';

const FRAMES = {
  // A question, or a name to type: a sheet from the bottom on phones, a small card on wide screens.
  sheet: { overlay: 'sheet-overlay', content: 'sheet-dialog', title: 'sheet-dialog-title' },
  // A form of its own (a task, sharing): a taller sheet or card with a header holding the title
  // and "Close"; the dialog's body scrolls under it.
  panel: { overlay: 'dialog-overlay', content: 'dialog', title: 'dialog-title' },
  // A question asked from inside a panel: a small card centred on every screen, above the panel.
  stacked: { overlay: 'dialog-overlay stacked-overlay', content: 'stacked-dialog', title: 'sheet-dialog-title' },
};

export interface DialogShellProps {
  frame: keyof typeof FRAMES;
  /** Omitted for dialogs that are open while mounted (opened by a route). */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opens the dialog; focus returns to it on close. */
  trigger?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  /** Read out with the title; omit when the content speaks for itself. */
  description?: ReactNode;
  descriptionClassName?: string;
  /** Added to the frame's class: the dialog's own look. */
  className?: string;
  style?: CSSProperties;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

export function DialogShell({
  frame,
  open = true,
  onOpenChange,
  trigger,
  role = 'dialog',
  title,
  description,
  descriptionClassName,
  className,
  style,
  onEscapeKeyDown,
  onCloseAutoFocus,
  children,
}: DialogShellProps) {
  const classes = FRAMES[frame];
  const heading = <Dialog.Title className={classes.title}>{title}</Dialog.Title>;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={classes.overlay} />
        <Dialog.Content
          ref={toastLayerRef}
          className={className ? `${classes.content} ${className}` : classes.content}
          role={role}
          style={style}
          onEscapeKeyDown={onEscapeKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          {frame === 'panel' ? (
            <div className="dialog-header">
              {heading}
              <Dialog.Close asChild>
                <button type="button" className="icon-btn" aria-label={t('ui.close')}>
                  <CloseIcon />
                </button>
              </Dialog.Close>
            </div>
          ) : (
            heading
          )}
          {description !== undefined && (
            <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the dialog it is in: wrap the dialog's own "Cancel" in it (asChild). */
export const DialogClose = Dialog.Close;
