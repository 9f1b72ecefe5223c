// A Radix dialog in the lists feature's look: a sheet from the bottom on phones, centred on wide
// screens. The trigger sits inside Dialog.Trigger so focus returns to it on close.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { toastLayerRef } from '@/ui/toast-layer';
import '@/ui/sheet-dialog.css';
import './lists.css';

interface ListDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  trigger: ReactNode;
  /** Read out with the title; omit when the content speaks for itself. */
  description?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

export function ListDialog({ open, onOpenChange, title, trigger, description, role = 'dialog', children }: ListDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          ref={toastLayerRef}
          className="sheet-dialog lists-dialog"
          role={role}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="sheet-dialog-title">{title}</Dialog.Title>
          {description && <Dialog.Description className="lists-dialog-description">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DialogClose = Dialog.Close;
