// A dialog in the lists feature's look (the shell's sheet frame: a sheet from the bottom on
// phones, centred on wide screens). The trigger opens it, and focus returns to it on close.
import type { ReactNode } from 'react';
import { DialogShell } from '@/ui/dialog-shell';
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

export function ListDialog({ description, ...props }: ListDialogProps) {
  return (
    <DialogShell
      frame="sheet"
      className="lists-dialog"
      description={description || undefined}
      descriptionClassName="lists-dialog-description"
      {...props}
    />
  );
}
