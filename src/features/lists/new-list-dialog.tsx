// "New list": creates a list at the end of the user's lists.
import { useState } from 'react';
import { lists } from '@/data';
import { PlusIcon } from '@/ui/icons';
import { ListDialog } from './list-dialog';
import { ListForm } from './list-form';

export function NewListDialog() {
  const [open, setOpen] = useState(false);

  return (
    <ListDialog
      open={open}
      onOpenChange={setOpen}
      title="New list"
      trigger={
        <button type="button" className="btn btn-primary">
          <PlusIcon /> New list
        </button>
      }
    >
      <ListForm
        initial={{ name: '', color: 'grey' }}
        submitLabel="Create list"
        onSubmit={(draft) => lists.create(draft)}
        onSaved={() => setOpen(false)}
      />
    </ListDialog>
  );
}
