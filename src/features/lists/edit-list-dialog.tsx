// "Edit list": rename and recolour a list (owners only; ListActions decides).
import { useState } from 'react';
import { lists } from '@/data';
import type { List } from '@/domain/model';
import { PencilIcon } from '@/ui/icons';
import { ListDialog } from './list-dialog';
import { ListForm } from './list-form';

export function EditListDialog({ list }: { list: List }) {
  const [open, setOpen] = useState(false);
  return (
    <ListDialog
      open={open}
      onOpenChange={setOpen}
      title="Edit list"
      trigger={
        <button type="button" className="icon-btn" aria-label="Edit list" title="Edit list">
          <PencilIcon />
        </button>
      }
    >
      <ListForm
        initial={{ name: list.name, color: list.color }}
        submitLabel="Save"
        onSubmit={(draft) => lists.update(list.id, draft)}
        onSaved={() => setOpen(false)}
      />
    </ListDialog>
  );
}
